import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { Panel } from "@/components/staff/staff-ui";
import { DecideForms } from "@/features/verification/staff/components/decide-forms";
import { parseVerificationId } from "@/features/verification/verification.fields";
import { getVerificationForStaff } from "@/features/verification/verification-desk.queries";
import { defaultValidThrough, formatValidThrough } from "@/features/verification/verification.service";
import { roleAllows } from "@/lib/access-control";
import { formatShortDateTime } from "@/lib/time";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Verification request" };

const DECISIONS = { pending: "Waiting", approved: "Approved", rejected: "Rejected", expired: "Closed without a decision after 30 days" } as const;

export default async function VerificationPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string | string[] }> }) {
  const { id: rawId } = await params;
  const { done } = await searchParams;
  const id = parseVerificationId(rawId);
  const staff = await requireDeskPage("/admin/verifications/[id]", id ? `/admin/verifications/${id}` : "/admin/verifications");
  if (!id) notFound();
  const request = await getVerificationForStaff(getDb(), id);
  if (!request) notFound();
  const mayDecide = roleAllows(staff.role, { verification: ["decide"] });
  return (
    <>
      <p className="mb-3">
        <Link href="/admin/verifications" className="font-semibold text-navy-900 underline underline-offset-2">
          ← All waiting requests
        </Link>
      </p>
      <h1 className="mb-6 break-words text-2xl font-bold text-navy-900 sm:text-3xl">
        {request.memberName.trim() || request.memberEmail}: {request.status}
      </h1>
      <div className="space-y-6">
        {done === "approved" && request.decision === "approved" && (
          <Alert tone="success">
            Approved through {formatValidThrough(request.expiresAt!)}. {request.memberEmail} was emailed, and the document was deleted.
          </Alert>
        )}
        {done === "rejected" && request.decision === "rejected" && (
          <Alert tone="success">
            Rejected. {request.memberEmail} was emailed the reason, and the document was deleted.
          </Alert>
        )}
        <Panel title="Request" id="request-heading">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Member</dt>
            <dd className="break-words">
              <Link href={`/admin/members/${request.memberId}`} className="underline">
                {request.memberEmail}
              </Link>
            </dd>
            <dt className="font-semibold">Status asked</dt>
            <dd>{request.status}</dd>
            <dt className="font-semibold">Sent</dt>
            <dd>{formatShortDateTime(request.requestedAt)}</dd>
            <dt className="font-semibold">Decision</dt>
            <dd>
              {DECISIONS[request.decision]}
              {request.decidedBy && ` by ${request.decidedBy}`}
              {request.decidedAt && `, ${formatShortDateTime(request.decidedAt)}`}
            </dd>
            {request.expiresAt && (
              <>
                <dt className="font-semibold">Valid through</dt>
                <dd>{formatValidThrough(request.expiresAt)}</dd>
              </>
            )}
            {request.rejectionReason && (
              <>
                <dt className="font-semibold">Reason</dt>
                <dd className="whitespace-pre-line break-words">{request.rejectionReason}</dd>
              </>
            )}
          </dl>
        </Panel>
        <Panel title="Document" id="document-heading">
          {request.document ? (
            <p>
              <a href={`/admin/verifications/${request.id}/document`} target="_blank" rel="noopener" className="font-semibold underline underline-offset-2">
                Open the document ({request.document.contentType === "application/pdf" ? "PDF" : "image"}, {Math.max(1, Math.round(request.document.sizeBytes / 1024))} KB)
              </a>
              <span className="block text-sm text-navy-700">Each opening is written to the audit log under your name.</span>
            </p>
          ) : (
            <p>The document was deleted{request.decision === "pending" ? "." : " when the request was decided or closed."}</p>
          )}
        </Panel>
        {request.decision === "pending" && mayDecide && <DecideForms id={request.id} defaultValidThrough={defaultValidThrough()} />}
        <p>
          <Link href={`/admin/audit?type=service_verification&id=${request.id}`} className="underline">
            History in the audit log
          </Link>
        </p>
      </div>
    </>
  );
}
