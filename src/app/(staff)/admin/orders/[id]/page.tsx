import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { requireDeskPage } from "@/features/staff/desk-access";
import { getDeskOrder } from "@/features/orders/orders-desk.queries";
import { DESK_DONE, OrderDetail } from "@/features/orders/staff/components/order-detail";
import { listAudit } from "@/lib/audit.service";
import { StaffPageHeading } from "@/components/staff/staff-ui";
import { getStripe } from "@/lib/payments/stripe";
import { readRefusal } from "@/lib/desk-refusal";

export const metadata: Metadata = { title: "Order" };

export default async function OrderPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string | string[]; refused?: string | string[]; check?: string | string[] }> }) {
  const { id } = await params;
  await requireDeskPage("/admin/orders/[id]", `/admin/orders/${encodeURIComponent(id)}`);
  const order = await getDeskOrder(getDb(), id);
  if (!order) notFound();
  const query = await searchParams;
  const { done } = query;
  const history = await listAudit(getDb(), { recordType: "order", recordId: order.id });
  return (
    <>
      <StaffPageHeading title={`Order ${order.number}`}>
        {order.contactName} · {order.email}
      </StaffPageHeading>
      <OrderDetail order={order} history={history} done={DESK_DONE.find((d) => d === done)} refusal={readRefusal(`/admin/orders/${order.id}`, query)} cardPayments={getStripe() !== null} />
    </>
  );
}
