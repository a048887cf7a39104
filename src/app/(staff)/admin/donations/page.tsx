import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { giftForNotice, listDeskGifts } from "@/features/donations/donations-desk.queries";
import { parseGiftFilter } from "@/features/donations/donations-desk.schema";
import { DonationsNav } from "@/features/donations/staff/components/donations-nav";
import { GiftsList } from "@/features/donations/staff/components/gifts-list";
import { requireDeskPage } from "@/features/staff/desk-access";
import { Notice, StaffPageHeading } from "@/components/staff/staff-ui";
import { formatCents } from "@/lib/money";

export const metadata: Metadata = { title: "Donations" };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function DonationsPage({ searchParams }: { searchParams: Search }) {
  await requireDeskPage("/admin/donations");
  const search = await searchParams;
  const { filter, errors, values } = parseGiftFilter(search);
  const [result, received] = await Promise.all([listDeskGifts(getDb(), filter), giftForNotice(getDb(), search.received)]);
  return (
    <>
      <StaffPageHeading title="Donations">
        Find a gift, open it to resend its receipt or refund it, and download the list. When a pledged check or cash gift arrives, mark it received: the donor is emailed their receipt.
      </StaffPageHeading>
      <DonationsNav current="/admin/donations" />
      {received?.receiptNumber && (
        <Notice tone="info" title={`${received.reference} marked received`}>
          Receipt {received.receiptNumber} for {formatCents(received.totalCents)} was emailed to {received.donorEmail}.
        </Notice>
      )}
      <GiftsList filter={filter} values={values} errors={errors} result={result} />
    </>
  );
}
