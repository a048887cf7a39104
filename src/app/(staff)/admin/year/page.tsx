import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { YearChart } from "@/features/staff/components/year-chart";
import { YearRangeForm } from "@/features/staff/components/year-range-form";
import { allChartFigures } from "@/features/staff/year-charts";
import { parseMonthRange, rangeQuery } from "@/features/staff/year-range";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { now } from "@/lib/clock";

export const metadata: Metadata = { title: "The year at a glance" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function YearAtAGlancePage({ searchParams }: { searchParams: Search }) {
  await requireDeskPage("/admin/year");
  const search = await searchParams;
  const at = now();
  const { range, errors, values } = parseMonthRange(search, at);
  const charts = await allChartFigures(getDb(), range, at);
  return (
    <>
      <StaffPageHeading title="The year at a glance">
        Gifts and sales, members, event attendance and the newsletter, month by month. Each chart has its figures in a table and as a CSV file.
      </StaffPageHeading>
      <YearRangeForm range={range} errors={errors} values={values} now={at} />
      <div className="grid gap-4 lg:grid-cols-2">
        {charts.map((figures) => (
          <YearChart key={figures.id} figures={figures} csvHref={`/admin/year/export?${rangeQuery(range, { chart: figures.id })}`} />
        ))}
      </div>
    </>
  );
}
