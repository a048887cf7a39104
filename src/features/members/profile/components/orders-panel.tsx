import { formatCents } from "@/lib/money";
import { formatMemberDate } from "../format";
import type { MyOrder } from "../profile.queries";
import { EmptyState } from "./empty-state";
import { cardClass, PanelHeading } from "./panel-heading";

export function OrdersPanel({ orders }: { orders: MyOrder[] }) {
  return (
    <section>
      <PanelHeading title="Orders">Your purchases from the association&apos;s shop.</PanelHeading>
      {orders.length === 0 ? (
        <EmptyState message="No orders yet." href="/shop" linkLabel="Visit the shop" />
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order.id} className={`${cardClass} flex flex-wrap justify-between gap-2`}>
              <span className="font-bold">Order {order.number}</span>
              <time dateTime={order.placedAt.toISOString()}>{formatMemberDate(order.placedAt)}</time>
              <span>{order.status}</span>
              <span className="font-semibold">{formatCents(order.totalCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
