import Link from "@/components/ui/link";
import type { MembershipRow } from "../../memberships-desk.queries";
import { STATUS_FILTERS, type StatusFilter } from "../../memberships-desk.schema";
import { formatLongDate } from "@/lib/time";

const STATUS_LABELS = { active: "Active", grace: "In grace", lapsed: "Lapsed" } as const;
const FILTER_LABELS: Record<StatusFilter, string> = { all: "All", ...STATUS_LABELS };

/** Paid memberships with their standing: a plain list with links to filter it (no JavaScript needed). */
export function MembershipsList({ rows, total, filter }: { rows: MembershipRow[]; total: number; filter: StatusFilter }) {
  return (
    <>
      <nav aria-label="Filter by status" className="mb-3 flex flex-wrap gap-3">
        {STATUS_FILTERS.map((f) => (
          <Link
            key={f}
            href={f === "all" ? "/admin/memberships" : `/admin/memberships?status=${f}`}
            aria-current={f === filter ? "page" : undefined}
            className="rounded-md border border-navy-700/30 px-3 py-1 underline-offset-2 aria-[current=page]:bg-navy-900 aria-[current=page]:text-white"
          >
            {FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>
      <p role="status" className="mb-3">
        {total === 0 ? "No paid memberships." : `${total === 1 ? "1 paid membership" : `${total} paid memberships`}${rows.length < total ? `, the ${rows.length} expiring soonest shown` : ""}.`}
      </p>
      {rows.length > 0 && (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Paid memberships">
          <table className="w-full min-w-[36rem] border-collapse text-left">
            <thead>
              <tr className="border-b border-navy-700/30">
                <th scope="col" className="p-2">Member</th>
                <th scope="col" className="p-2">Plan</th>
                <th scope="col" className="p-2">Status</th>
                <th scope="col" className="p-2">Expires on</th>
                <th scope="col" className="p-2">Benefits until</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.userId} className="border-b border-navy-700/10" data-testid="membership-row">
                  <td className="p-2">
                    <Link href={`/admin/members/${row.userId}`} className="font-semibold underline underline-offset-2">
                      {row.email}
                    </Link>
                    {row.name && <span className="block text-sm text-navy-700">{row.name}</span>}
                  </td>
                  <td className="p-2">
                    {row.planName}
                    {row.atDesk && <span className="block text-sm text-navy-700">at the desk</span>}
                    {row.autoRenew && (
                      <span className="block text-sm text-navy-700">{row.autoRenew === "active" ? "renews by card" : "card declined"}</span>
                    )}
                  </td>
                  <td className="p-2">{STATUS_LABELS[row.status]}</td>
                  <td className="p-2">{formatLongDate(row.expiresOn)}</td>
                  <td className="p-2">{formatLongDate(row.benefitsUntil)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
