import { getDb } from "@/db/client";
import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { chartFigures, chartIdOf } from "@/features/staff/year-charts";
import { CHART_IDS, figuresCsv } from "@/features/staff/year-figures";
import { parseMonthRange } from "@/features/staff/year-range";
import { csvDownload, csvRefusal } from "@/lib/csv-download";
import { now } from "@/lib/clock";

/**
 * One chart of the year at a glance as CSV (`?chart=…&from=YYYY-MM&to=YYYY-MM`): the figures of the table
 * under the chart, for the same months. A route handler checks the permission itself: a visitor is sent
 * to sign in, anyone signed in without it gets a plain 404, like the staff pages. A chart or range that
 * cannot be used is answered 400 with what is wrong, rather than a file of other months.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const staff = await deskDownloadOrRefusal("/admin/year/export", `/admin/year/export${url.search}`);
  if (staff instanceof Response) return staff;
  const at = now();
  const chart = chartIdOf(url.searchParams.get("chart"));
  const { range, errors } = parseMonthRange(Object.fromEntries(url.searchParams), at);
  const problems = [
    ...(chart ? [] : [`chart: Name one of ${CHART_IDS.join(", ")}.`]),
    ...Object.entries(errors).map(([field, message]) => `${field}: ${message}`),
  ];
  if (!chart || problems.length > 0) return csvRefusal(`The figures could not be exported:\n${problems.join("\n")}\n`);
  const figures = await chartFigures(getDb(), chart, range, at);
  return csvDownload(figuresCsv(figures.table), `${chart}-${range.from}-to-${range.to}.csv`);
}
