import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { givingYears, monthTotals } from "@/features/donations/donations-desk.queries";
import { receiptYear } from "@/features/donations/receipt-numbers.service";
import { parseYear } from "@/features/donations/donations-desk.schema";
import { DonationsNav } from "@/features/donations/staff/components/donations-nav";
import { MonthTotals } from "@/features/donations/staff/components/month-totals";
import { YearPicker } from "@/features/donations/staff/components/year-picker";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { now } from "@/lib/clock";

export const metadata: Metadata = { title: "Donation totals by month" };

export default async function DonationTotalsPage({ searchParams }: { searchParams: Promise<{ year?: string | string[] }> }) {
  await requireDeskPage("/admin/donations/totals");
  const { year: asked } = await searchParams;
  const current = receiptYear(now());
  const parsed = asked === undefined ? { year: current } : parseYear(asked, current);
  const year = "year" in parsed ? parsed.year : null;
  const [years, totals] = await Promise.all([givingYears(getDb(), current), year ? monthTotals(getDb(), year) : null]);
  return (
    <>
      <StaffPageHeading title="Donation totals by month">What came in each month of a year, what of it was refunded, and what was kept.</StaffPageHeading>
      <DonationsNav current="/admin/donations/totals" />
      <YearPicker action="/admin/donations/totals" label="Choose the year" year={year} typed={typeof asked === "string" ? asked.slice(0, 20) : undefined} error={"error" in parsed ? parsed.error : undefined} years={years} />
      {year && totals && <MonthTotals year={year} months={totals.months} total={totals.year} />}
    </>
  );
}
