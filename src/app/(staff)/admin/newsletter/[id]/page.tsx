import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { NewsletterBody } from "@/features/newsletter/components/newsletter-body";
import { getIssue, subscriberCounts } from "@/features/newsletter/newsletter-desk.queries";
import { parseIssueId } from "@/features/newsletter/newsletter-desk.schema";
import { IssueForm, SendIssueForm, TestSendForm } from "@/features/newsletter/staff/components/newsletter-staff-forms";
import { IssueStatsList } from "@/features/newsletter/staff/components/newsletter-staff-views";
import { Panel } from "@/components/staff/staff-ui";
import { roleAllows } from "@/lib/access-control";
import { formatShortDateTimeZone } from "@/lib/time";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Newsletter" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function NewsletterIssuePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Search }) {
  const { id: raw } = await params;
  const id = parseIssueId(raw);
  const staff = await requireDeskPage("/admin/newsletter/[id]", id === null ? "/admin/newsletter" : `/admin/newsletter/${id}`);
  if (id === null) notFound();
  const db = getDb();
  const issue = await getIssue(db, id);
  if (!issue) notFound();
  const maySend = roleAllows(staff.role, { newsletter: ["send"] }) && !issue.sentAt;
  const { confirmed } = maySend ? await subscriberCounts(db) : { confirmed: 0 };
  // After Send the action comes back here with ?sent: say it is on its way.
  const justSent = issue.sentAt !== null && (await searchParams).sent !== undefined;
  const recipients = issue.recipientCount ?? 0;
  return (
    <>
      <p className="mb-3">
        <Link href="/admin/newsletter" className="font-semibold text-navy-900 underline underline-offset-2">
          ← All newsletters
        </Link>
      </p>
      <div className="mb-6">
        <h1 className="break-words text-2xl font-bold text-navy-900 sm:text-3xl">{issue.subject}</h1>
        <p className="mt-2 text-navy-700">
          {issue.sentAt
            ? `Sent ${formatShortDateTimeZone(issue.sentAt)} by ${issue.sentByEmail}.${issue.queuedAt ? "" : " Still handing messages to the mail server, a batch a minute."}`
            : `Draft by ${issue.createdByEmail}, last saved ${formatShortDateTimeZone(issue.updatedAt)}.`}
        </p>
      </div>
      {justSent && (
        <Alert tone="success" className="mb-4">
          Sending to {recipients} confirmed subscriber{recipients === 1 ? "" : "s"}. The counts under Delivery follow it.
        </Alert>
      )}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-4">
          <Panel title="Preview" id="preview-heading">
            <p className="mb-3 text-sm text-navy-700">
              As subscribers see it, below the subject <strong className="break-words">{issue.subject}</strong>. Every copy ends with why they get it, a
              one-click unsubscribe link and the association&rsquo;s postal address.
            </p>
            <div className="rounded-md border border-navy-700/20 bg-sand-100 p-4">
              <NewsletterBody body={issue.body} />
            </div>
          </Panel>
          {maySend && (
            <Panel title="Edit" id="edit-heading">
              <IssueForm issue={{ id: issue.id, subject: issue.subject, body: issue.body }} />
            </Panel>
          )}
        </div>
        <div className="space-y-4">
          {issue.sentAt ? (
            <Panel title="Delivery" id="delivery-heading">
              <IssueStatsList issue={issue} />
              <p className="mt-3 text-sm text-navy-700">
                Failed messages are in the{" "}
                <Link href="/admin/emails?status=failed" className="underline">
                  email log
                </Link>
                , where they can be retried.
              </p>
            </Panel>
          ) : (
            maySend && (
              <>
                <Panel title="Test" id="test-heading">
                  <TestSendForm issueId={issue.id} to={staff.email} />
                </Panel>
                <Panel title="Send" id="send-heading">
                  {confirmed === 0 ? (
                    <p>Nobody has confirmed a subscription yet, so there is no one to send it to.</p>
                  ) : (
                    <SendIssueForm issueId={issue.id} subscribers={confirmed} />
                  )}
                </Panel>
              </>
            )
          )}
        </div>
      </div>
    </>
  );
}
