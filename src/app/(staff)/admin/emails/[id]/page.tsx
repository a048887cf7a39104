import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getOutboxMessage } from "@/features/email-log/email-log-desk.queries";
import { parseEmailId, waitsForLaterAttempt } from "@/features/email-log/email-log-desk.schema";
import { MessageBody, MessageFacts } from "@/features/email-log/staff/components/message-view";
import { RetryForm } from "@/features/email-log/staff/components/retry-form";
import { requireDeskPage } from "@/features/staff/desk-access";
import { Panel } from "@/components/staff/staff-ui";
import { roleAllows } from "@/lib/access-control";
import { systemNow } from "@/lib/clock";

export const metadata: Metadata = { title: "Email" };

function retryUnavailable(status: string, waiting: boolean, lapsed: boolean): string | undefined {
  if (status === "pending" && !waiting) return "This message is waiting to be sent: nothing to retry.";
  if (status === "sent") return "This message was sent: nothing to retry.";
  if (lapsed) return "This message's link has expired, so it is not sent again. Ask the person to request a new one (for example with “Forgot password”).";
  return undefined;
}

export default async function EmailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: rawId } = await params;
  const id = parseEmailId(rawId);
  const staff = await requireDeskPage("/admin/emails/[id]", id === null ? "/admin/emails" : `/admin/emails/${id}`);
  if (id === null) notFound();
  const message = await getOutboxMessage(getDb(), id);
  if (!message) notFound();
  // The outbox stamps its rows with the system clock (see lib/email/deliver.service.ts).
  const now = systemNow();
  const lapsed = message.expiresAt !== null && message.expiresAt <= now;
  const waiting = message.status === "pending" && waitsForLaterAttempt(message.nextAttemptAt, now);
  return (
    <>
      <p className="mb-3">
        <Link href="/admin/emails" className="font-semibold text-navy-900 underline underline-offset-2">
          ← Email log
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold break-words text-navy-900 sm:text-3xl">{message.subject}</h1>
      <div className="grid gap-4 lg:grid-cols-[2fr_3fr]">
        <div className="space-y-4">
          <Panel title="Delivery" id="delivery-heading">
            <MessageFacts message={message} />
            <p className="mt-3 text-sm">
              <Link href={`/admin/audit?type=email&id=${message.id}`} className="underline">
                History in the audit log
              </Link>
            </p>
          </Panel>
          {roleAllows(staff.role, { email: ["retry"] }) && (
            <Panel title="Retry" id="retry-heading">
              <RetryForm emailId={message.id} unavailable={retryUnavailable(message.status, waiting, lapsed)} waiting={waiting} correctable={message.body !== null} />
            </Panel>
          )}
        </div>
        <Panel title="Message" id="body-heading">
          <MessageBody message={message} />
        </Panel>
      </div>
    </>
  );
}
