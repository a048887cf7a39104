import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { listMonthlyDonors } from "@/features/donations/donations-desk.queries";
import { DonationsNav } from "@/features/donations/staff/components/donations-nav";
import { MonthlyDonors } from "@/features/donations/staff/components/monthly-donors";
import { requireDeskPage } from "@/features/staff/desk-access";
import { StaffPageHeading } from "@/components/staff/staff-ui";

export const metadata: Metadata = { title: "Monthly donors" };

export default async function MonthlyDonorsPage() {
  await requireDeskPage("/admin/donations/monthly");
  const donors = await listMonthlyDonors(getDb());
  return (
    <>
      <StaffPageHeading title="Monthly donors">
        Monthly gifts that are running. Donors change their card or cancel from the link in each receipt (Stripe&apos;s customer portal); a declined card is retried by Stripe.
      </StaffPageHeading>
      <DonationsNav current="/admin/donations/monthly" />
      <MonthlyDonors donors={donors} />
    </>
  );
}
