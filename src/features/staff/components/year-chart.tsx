import { BarChart, BarChartLegend } from "@/components/staff/bar-chart";
import { DeskTable, type DeskColumn } from "@/components/staff/desk-table";
import { displayValue, type ChartFigures, type FigureValue } from "../year-figures";

/**
 * One chart of "the year at a glance": its title, the sentence that sums it up, the bars (a picture
 * named by both), its legend, what it counts, and the same figures as a table (in a <details>, which a
 * screen reader or keyboard opens without JavaScript) with its CSV.
 */
export function YearChart({ figures, csvHref }: { figures: ChartFigures; csvHref: string }) {
  const titleId = `${figures.id}-title`;
  const takeawayId = `${figures.id}-takeaway`;
  const { table } = figures;
  const columns: DeskColumn<FigureValue[]>[] = table.columns.map((column, index) => ({
    header: column.header,
    rowHeader: index === 0,
    align: column.kind === "label" ? undefined : "right",
    className: index === 0 ? "whitespace-nowrap font-medium" : "whitespace-nowrap",
    cell: (row) => displayValue(row[index] ?? null, column),
  }));
  return (
    <section aria-labelledby={titleId} data-testid={`chart-${figures.id}`} className="min-w-0 rounded-lg border border-navy-700/20 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={titleId} className="text-lg font-bold text-navy-900">
        {figures.title}
      </h2>
      <p id={takeawayId} className="mt-1 font-semibold text-navy-900" data-testid="takeaway">
        {figures.takeaway}
      </p>
      <div className="mt-3">
        <BarChart chartId={figures.id} model={figures.chart} labelledBy={`${titleId} ${takeawayId}`} />
        <BarChartLegend chartId={figures.id} model={figures.chart} />
      </div>
      <p className="mt-2 text-sm text-navy-700">{figures.note}</p>
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-navy-900 underline underline-offset-2">
          The figures as a table<span className="sr-only">: {figures.title}</span>
        </summary>
        <div className="mt-2">
          <DeskTable
            caption={table.caption}
            columns={columns}
            rows={table.rows}
            rowKey={(row) => String(row[0])}
            rowTestId="figure-row"
            look="compact"
            frame="scroll"
            contained
            scrollLabel={`${figures.title}: the figures`}
            foot={
              table.total && (
                <tfoot className="border-t-2 border-navy-700/30 bg-sand-100 text-sm">
                  <tr data-testid="figure-total">
                    {columns.map((column, index) =>
                      index === 0 ? (
                        <th key={index} scope="row" className="px-2 py-2 text-left">
                          {column.cell(table.total!)}
                        </th>
                      ) : (
                        <td key={index} className="whitespace-nowrap px-2 py-2 text-right font-semibold">
                          {column.cell(table.total!)}
                        </td>
                      ),
                    )}
                  </tr>
                </tfoot>
              )
            }
          />
        </div>
      </details>
      <p className="mt-3 text-sm">
        <a href={csvHref} className="font-semibold underline underline-offset-2">
          Download as CSV<span className="sr-only">: {figures.title}</span>
        </a>
      </p>
    </section>
  );
}
