import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { givingYears } from "@/features/donations/donations-desk.queries";
import { receiptYear } from "@/features/donations/receipt-numbers.service";
import { parseYear } from "@/features/donations/donations-desk.schema";
import { DonationsNav } from "@/features/donations/staff/components/donations-nav";
import { YearPicker } from "@/features/donations/staff/components/year-picker";
import { StatementsView } from "@/features/donations/staff/components/statements-view";
import { latestStatementYear, statementDonors, statementYearNotOver } from "@/features/donations/year-end-statements.service";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { now } from "@/lib/clock";

export const metadata: Metadata = { title: "Year-end statements" };

export default async function StatementsPage({ searchParams }: { searchParams: Promise<{ year?: string | string[] }> }) {
  await requireDeskPage("/admin/donations/statements");
  const { year: asked } = await searchParams;
  const current = receiptYear(now());
  const parsed = asked === undefined ? { year: latestStatementYear() } : parseYear(asked, current);
  const year = "year" in parsed ? parsed.year : null;
  const [years, donors] = await Promise.all([givingYears(getDb(), current), year ? statementDonors(getDb(), year) : null]);
  return (
    <>
      <StaffPageHeading title="Year-end statements">
        In January, email each donor a statement of last year&apos;s gifts (received and not refunded) for their taxes, with a PDF. Members can also download theirs from their profile.
      </StaffPageHeading>
      <DonationsNav current="/admin/donations/statements" />
      <YearPicker action="/admin/donations/statements" label="Choose the year" year={year} typed={typeof asked === "string" ? asked.slice(0, 20) : undefined} error={"error" in parsed ? parsed.error : undefined} years={years} />
      {year && donors && <StatementsView year={year} donors={donors} sendable={year <= latestStatementYear() ? { ok: true } : { ok: false, why: statementYearNotOver(year) }} />}
    </>
  );
}
