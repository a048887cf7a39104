import { DeskTable } from "@/components/staff/desk-table";
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
        <DeskTable
          cards
          look="plain"
          frame="scroll"
          scrollLabel="Paid memberships"
          caption="Paid memberships, expiring soonest first"
          rows={rows}
          rowKey={(row) => row.userId}
          rowTestId="membership-row"
          columns={[
            {
              header: "Member",
              card: "title",
              className: "wrap-anywhere",
              cell: (row) => (
                <>
                  <Link href={`/admin/members/${row.userId}`} className="font-semibold underline underline-offset-2">
                    {row.email}
                  </Link>
                  {row.name && <span className="block text-sm font-normal text-navy-700">{row.name}</span>}
                </>
              ),
            },
            {
              header: "Plan",
              cell: (row) => (
                <>
                  {row.planName}
                  {row.atDesk && <span className="block text-sm text-navy-700">at the desk</span>}
                  {row.autoRenew && <span className="block text-sm text-navy-700">{row.autoRenew === "active" ? "renews by card" : "card declined"}</span>}
                </>
              ),
            },
            { header: "Status", card: "first", cell: (row) => STATUS_LABELS[row.status] },
            { header: "Expires on", cell: (row) => formatLongDate(row.expiresOn) },
            { header: "Benefits until", cell: (row) => formatLongDate(row.benefitsUntil) },
          ]}
        />
      )}
    </>
  );
}
