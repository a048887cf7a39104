import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { getDeskGift } from "@/features/donations/donations-desk.queries";
import { GIFT_DONE, GiftDetail } from "@/features/donations/staff/components/gift-detail";
import { requireDeskPage } from "@/features/staff/desk-access";
import { listAudit } from "@/lib/audit.service";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { getStripe } from "@/lib/payments/stripe";
import { readRefusal } from "@/lib/desk-refusal";

export const metadata: Metadata = { title: "Gift" };

export default async function GiftPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string | string[]; refused?: string | string[]; check?: string | string[] }> }) {
  const { id } = await params;
  await requireDeskPage("/admin/donations/[id]", `/admin/donations/${encodeURIComponent(id)}`);
  const gift = await getDeskGift(getDb(), id);
  if (!gift) notFound();
  const query = await searchParams;
  const { done } = query;
  const history = await listAudit(getDb(), { recordType: "donation", recordId: gift.id });
  return (
    <>
      <StaffPageHeading title={`Gift ${gift.reference}`}>
        {gift.donorName} · {gift.donorEmail}
      </StaffPageHeading>
      <GiftDetail gift={gift} history={history} done={GIFT_DONE.find((d) => d === done)} refusal={readRefusal(`/admin/donations/${gift.id}`, query)} cardPayments={getStripe() !== null} />
    </>
  );
}
