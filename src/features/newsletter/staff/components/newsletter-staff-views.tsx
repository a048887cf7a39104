import Link from "@/components/ui/link";
import type { IssueStats, IssueSummary, SubscriberRow } from "../../newsletter-desk.queries";
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
  if (issues.length === 0) return <p className="text-navy-700">No newsletters yet. Write the first one above.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
      <table className="w-full text-left">
        <caption className="sr-only">Newsletters, drafts first</caption>
        <thead>
          <tr className="border-b border-navy-700/20 bg-sand-100">
            <th scope="col" className="px-3 py-2">Subject</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Delivery</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-700/10">
          {issues.map((issue) => (
            <tr key={issue.id}>
              <th scope="row" className="px-3 py-2 font-normal">
                <Link href={`/admin/newsletter/${issue.id}`} className="break-words font-semibold underline underline-offset-2">
                  {issue.subject}
                </Link>
              </th>
              <td className="px-3 py-2">
                {issue.sentAt ? (
                  <>
                    Sent {formatShortDateTimeZone(issue.sentAt)}
                    <span className="block text-sm text-navy-700">by {issue.sentByEmail}</span>
                  </>
                ) : (
                  <>
                    Draft
                    <span className="block text-sm text-navy-700">by {issue.createdByEmail}</span>
                  </>
                )}
              </td>
              <td className="px-3 py-2">{issue.sentAt ? statsLine(issue.stats) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SubscribersTable({ subscribers }: { subscribers: SubscriberRow[] }) {
  if (subscribers.length === 0) return <p className="text-navy-700">Nobody has signed up yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-navy-700/20 bg-white">
      <table className="w-full text-left">
        <caption className="sr-only">Subscribers, newest first</caption>
        <thead>
          <tr className="border-b border-navy-700/20 bg-sand-100">
            <th scope="col" className="px-3 py-2">E-mail</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Since</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-700/10">
          {subscribers.map((s) => (
            <tr key={s.email}>
              <th scope="row" className="break-all px-3 py-2 font-normal">
                {s.email}
              </th>
              <td className="px-3 py-2">{s.status === "confirmed" ? "Confirmed" : "Waiting for confirmation"}</td>
              <td className="px-3 py-2">{formatShortDateTimeZone(s.confirmedAt ?? s.subscribedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
