import { DeskTable } from "@/components/staff/desk-table";
import Link from "@/components/ui/link";
import { formatCents } from "@/lib/money";
import type { MonthlyDonor } from "../../donations-desk.queries";
import { PLAN_STATUS_LABELS } from "./desk-format";
import { formatShortDate } from "@/lib/time";
import { donorColumn } from "./donor-column";

/** The monthly gifts that are running: who, how much, since when, the last charge received, and status. */
export function MonthlyDonors({ donors }: { donors: MonthlyDonor[] }) {
  const monthly = donors.reduce((sum, donor) => sum + donor.totalCents, 0);
  return (
    <>
      <p className="mb-3" data-testid="monthly-count">
        {donors.length === 1 ? "1 monthly gift" : `${donors.length} monthly gifts`} running, {formatCents(monthly)} a month in all.
      </p>
      <DeskTable
        cards
        contained
        scrollLabel="Monthly donors table"
        caption="Monthly gifts running, the oldest first"
        rows={donors}
        rowKey={(donor) => donor.id}
        rowClassName="align-top"
        rowTestId="monthly-row"
        empty={<p className="rounded-lg border border-navy-700/20 bg-white p-4">No monthly gifts are running.</p>}
        columns={[
          donorColumn((donor: MonthlyDonor) => ({ name: donor.donorName, email: donor.donorEmail })),
          {
            header: "Each month",
            className: "whitespace-nowrap",
            cell: (donor) => (
              <>
                {formatCents(donor.totalCents)}
                {donor.feeCents > 0 && <span className="block text-sm text-navy-700">incl. {formatCents(donor.feeCents)} card fee</span>}
              </>
            ),
          },
          { header: "Started", className: "whitespace-nowrap", cell: (donor) => formatShortDate(donor.startedAt) },
          {
            header: "Last charge",
            className: "whitespace-nowrap",
            cell: (donor) => (
              <>
                {donor.lastChargeAt && donor.lastGiftId ? (
                  <Link href={`/admin/donations/${donor.lastGiftId}`} className="underline underline-offset-2">
                    {formatShortDate(donor.lastChargeAt)}
                  </Link>
                ) : (
                  "None yet"
                )}
                <span className="block text-sm text-navy-700">{donor.chargeCount === 1 ? "1 charge" : `${donor.chargeCount} charges`}</span>
              </>
            ),
          },
          { header: "Status", cell: (donor) => PLAN_STATUS_LABELS[donor.status] },
        ]}
      />
    </>
  );
}
