import { DeskTable, type DeskColumn } from "@/components/staff/desk-table";
import { formatCents } from "@/lib/money";
import type { MonthTotal } from "../../donations-desk.queries";
import { MONTH_NAMES } from "./desk-format";

/** A year's gifts by month: received, refunded since, kept, and how many. */
export function MonthTotals({ year, months, total }: { year: number; months: MonthTotal[]; total: MonthTotal }) {
  const amounts: DeskColumn<MonthTotal>[] = [
    { header: "Gross", align: "right", cell: (row) => formatCents(row.grossCents) },
    { header: "Refunded", align: "right", cell: (row) => (row.refundedCents > 0 ? `−${formatCents(row.refundedCents)}` : formatCents(0)) },
    { header: "Net", align: "right", className: "font-semibold", cell: (row) => formatCents(row.netCents) },
    { header: "Gifts", align: "right", cell: (row) => row.count },
  ];
  return (
    <DeskTable
      contained
      scrollLabel="Totals by month table"
      captionClassName="p-3 text-left text-navy-700"
      caption={<>Gifts received in {year}, by the month on their receipt (Central Time). &ldquo;Refunded&rdquo; is the part of those gifts given back since.</>}
      rows={months}
      rowKey={(row) => row.month}
      rowTestId="month-row"
      columns={[{ header: "Month", rowHeader: true, className: "font-medium", cell: (row) => MONTH_NAMES[row.month - 1] }, ...amounts]}
      foot={
        <tfoot className="border-t-2 border-navy-700/30 bg-sand-100">
          <tr data-testid="year-row">
            <th scope="row" className="px-3 py-2">
              {year}
            </th>
            {amounts.map((column, index) => (
              <td key={index} className={column.className ? `px-3 py-2 text-right ${column.className}` : "px-3 py-2 text-right"}>
                {column.cell(total)}
              </td>
            ))}
          </tr>
        </tfoot>
      }
    />
  );
}
