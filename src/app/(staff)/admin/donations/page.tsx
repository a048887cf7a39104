import type { Metadata } from "next";
import { getDb } from "@/db/client";
import { giftForNotice, listGiftsForStaff } from "@/features/donations/donations.queries";
import { GiftsList } from "@/features/donations/staff/gifts-list";
import { requireStaff } from "@/features/members/session";
import { Notice, StaffPageHeading } from "@/features/staff/components/staff-ui";
import { parseDatabaseId } from "@/lib/database-id";
import { formatCents } from "@/lib/money";

export const metadata: Metadata = { title: "Donations" };

type Search = Promise<{ page?: string | string[]; received?: string | string[] }>;

export default async function DonationsPage({ searchParams }: { searchParams: Search }) {
  await requireStaff({ donation: ["view"] }, "/admin/donations");
  const search = await searchParams;
  const page = parseDatabaseId(search.page) ?? 1;
  const [result, received] = await Promise.all([listGiftsForStaff(getDb(), page), giftForNotice(getDb(), search.received)]);
  return (
    <>
      <StaffPageHeading title="Donations">
        Every gift, newest first. When a pledged check or cash gift arrives, mark it received: the donor is e-mailed their receipt.
      </StaffPageHeading>
      {received?.receiptNumber && (
        <Notice tone="info" title={`${received.reference} marked received`}>
          Receipt {received.receiptNumber} for {formatCents(received.totalCents)} was e-mailed to {received.donorEmail}.
        </Notice>
      )}
      <GiftsList gifts={result.gifts} total={result.total} page={result.page} pageCount={result.pageCount} />
    </>
  );
}
