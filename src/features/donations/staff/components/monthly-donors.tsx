import Link from "@/components/ui/link";
import { formatCents } from "@/lib/money";
import type { MonthlyDonor } from "../../donations-desk.queries";
import { PLAN_STATUS_LABELS } from "./desk-format";
import { formatShortDate } from "@/lib/time";

/** The monthly gifts that are running: who, how much, since when, the last charge received, and status. */
export function MonthlyDonors({ donors }: { donors: MonthlyDonor[] }) {
  const monthly = donors.reduce((sum, donor) => sum + donor.totalCents, 0);
  return (
    <>
      <p className="mb-3" data-testid="monthly-count">
        {donors.length === 1 ? "1 monthly gift" : `${donors.length} monthly gifts`} running, {formatCents(monthly)} a month in all.
      </p>
      {donors.length === 0 ? (
        <p className="rounded-lg border border-navy-700/20 bg-white p-4">No monthly gifts are running.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-navy-700/20 bg-white" tabIndex={0} role="region" aria-label="Monthly donors table">
          <table className="w-full text-left">
            <caption className="sr-only">Monthly gifts running, the oldest first</caption>
            <thead className="bg-sand-100">
              <tr>
                <th scope="col" className="px-3 py-2">Donor</th>
                <th scope="col" className="px-3 py-2">Each month</th>
                <th scope="col" className="px-3 py-2">Started</th>
                <th scope="col" className="px-3 py-2">Last charge</th>
                <th scope="col" className="px-3 py-2">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-700/10">
              {donors.map((donor) => (
                <tr key={donor.id} className="align-top" data-testid="monthly-row">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span className="font-semibold">{donor.donorName}</span>
                    <span className="block text-sm break-all text-navy-700">{donor.donorEmail}</span>
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatCents(donor.totalCents)}
                    {donor.feeCents > 0 && <span className="block text-sm text-navy-700">incl. {formatCents(donor.feeCents)} card fee</span>}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatShortDate(donor.startedAt)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {donor.lastChargeAt && donor.lastGiftId ? (
                      <Link href={`/admin/donations/${donor.lastGiftId}`} className="underline underline-offset-2">
                        {formatShortDate(donor.lastChargeAt)}
                      </Link>
                    ) : (
                      "None yet"
                    )}
                    <span className="block text-sm text-navy-700">{donor.chargeCount === 1 ? "1 charge" : `${donor.chargeCount} charges`}</span>
                  </td>
                  <td className="px-3 py-2">{PLAN_STATUS_LABELS[donor.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
