import { formatCents } from "@/lib/money";
import type { MonthTotal } from "../../donations-desk.queries";
import { MONTH_NAMES } from "./desk-format";

/** A year's gifts by month: received, refunded since, kept, and how many. */
export function MonthTotals({ year, months, total }: { year: number; months: MonthTotal[]; total: MonthTotal }) {
  const cells = (row: MonthTotal) => (
    <>
      <td className="px-3 py-2 text-right">{formatCents(row.grossCents)}</td>
      <td className="px-3 py-2 text-right">{row.refundedCents > 0 ? `−${formatCents(row.refundedCents)}` : formatCents(0)}</td>
      <td className="px-3 py-2 text-right font-semibold">{formatCents(row.netCents)}</td>
      <td className="px-3 py-2 text-right">{row.count}</td>
    </>
  );
  return (
    <div className="relative overflow-x-auto rounded-lg border border-navy-700/20 bg-white" tabIndex={0} role="region" aria-label="Totals by month table">
      <table className="w-full text-left">
        <caption className="p-3 text-left text-navy-700">
          Gifts received in {year}, by the month on their receipt (Central Time). &ldquo;Refunded&rdquo; is the part of those gifts given back since.
        </caption>
        <thead className="bg-sand-100">
          <tr>
            <th scope="col" className="px-3 py-2">Month</th>
            <th scope="col" className="px-3 py-2 text-right">Gross</th>
            <th scope="col" className="px-3 py-2 text-right">Refunded</th>
            <th scope="col" className="px-3 py-2 text-right">Net</th>
            <th scope="col" className="px-3 py-2 text-right">Gifts</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-700/10">
          {months.map((row) => (
            <tr key={row.month} data-testid="month-row">
              <th scope="row" className="px-3 py-2 font-medium">
                {MONTH_NAMES[row.month - 1]}
              </th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-navy-700/30 bg-sand-100">
          <tr data-testid="year-row">
            <th scope="row" className="px-3 py-2">
              {year}
            </th>
            {cells(total)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
