import { DeskTable } from "@/components/staff/desk-table";
import Link from "@/components/ui/link";
import { consentOf, type IssueStats, type IssueSummary, type SubscriberRow } from "../../newsletter-desk.queries";
import { formatShortDateTimeZone } from "@/lib/time";

/** "Sent 12 · Failed 0 · Waiting 3", and the skipped ones when there are any. */
export function statsLine(stats: IssueStats): string {
  const parts = [`Sent ${stats.sent}`, `Failed ${stats.failed}`, `Waiting ${stats.waiting}`];
  if (stats.skipped > 0) parts.push(`Skipped ${stats.skipped} (unsubscribed before their turn)`);
  return parts.join(" · ");
}

/** The figures of a sent issue, as a definition list. */
export function IssueStatsList({ issue }: { issue: IssueSummary }) {
  const rows: [string, string | number][] = [
    ["Addressed to", issue.recipientCount ?? 0],
    ["Sent", issue.stats.sent],
    ["Failed", issue.stats.failed],
    ["Waiting", issue.stats.waiting],
  ];
  if (issue.stats.skipped > 0) rows.push(["Skipped (unsubscribed before their turn)", issue.stats.skipped]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function IssuesTable({ issues }: { issues: IssueSummary[] }) {
  return (
    <DeskTable
      cards
      look="banded"
      caption="Newsletters, drafts first"
      rows={issues}
      rowKey={(issue) => issue.id}
      empty="No newsletters yet. Write the first one above."
      columns={[
        {
          header: "Subject",
          rowHeader: true,
          className: "font-normal",
          cell: (issue) => (
            <Link href={`/admin/newsletter/${issue.id}`} className="break-words font-semibold underline underline-offset-2">
              {issue.subject}
            </Link>
          ),
        },
        {
          header: "Status",
          cell: (issue) =>
            issue.sentAt ? (
              <>
                Sent {formatShortDateTimeZone(issue.sentAt)}
                <span className="block text-sm text-navy-700">by {issue.sentByEmail}</span>
              </>
            ) : (
              <>
                Draft
                <span className="block text-sm text-navy-700">by {issue.createdByEmail}</span>
              </>
            ),
        },
        { header: "Delivery", cell: (issue) => (issue.sentAt ? statsLine(issue.stats) : "—") },
      ]}
    />
  );
}

export function SubscribersTable({ subscribers }: { subscribers: SubscriberRow[] }) {
  return (
    <DeskTable
      cards
      look="banded"
      caption="Subscribers, newest first"
      rows={subscribers}
      rowKey={(subscriber) => subscriber.email}
      empty="Nobody has signed up yet."
      columns={[
        { header: "Email", rowHeader: true, className: "break-all font-normal", cell: (subscriber) => subscriber.email },
        { header: "Status", cell: (subscriber) => (subscriber.status === "confirmed" ? "Confirmed" : "Waiting for confirmation") },
        { header: "Since", cell: (subscriber) => formatShortDateTimeZone(subscriber.confirmedAt ?? subscriber.subscribedAt) },
        { header: "Consent", className: "text-sm", cell: (subscriber) => consentOf(subscriber) },
      ]}
    />
  );
}
