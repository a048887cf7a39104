import { getDb } from "@/db/client";
import Link from "@/components/ui/link";
import { listOrdersForUser } from "../orders.queries";
import { OrderLinesTable } from "./order-lines-table";
import { EmptyState } from "@/components/ui/empty-state";
import { cardClass, PanelHeading } from "@/components/ui/panel-heading";
import { formatLongDate } from "@/lib/time";
import { handOverStage } from "../order-progress";
import { TrackingNumber } from "./order-progress-list";

/** The profile's Orders tab: the member's purchases, newest first. */
export async function MyOrdersPanel({ memberId }: { memberId: string }) {
  const orders = await listOrdersForUser(getDb(), memberId);
  return (
    <section>
      <PanelHeading title="Orders">Your purchases from the association&apos;s shop.</PanelHeading>
      {orders.length === 0 ? (
        <EmptyState message="No orders yet." href="/shop" linkLabel="Visit the shop" />
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order.id} className={cardClass} data-testid="profile-order">
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-bold">
                  <Link href={`/shop/orders/${order.id}`} className="underline-offset-4 hover:underline">
                    Order {order.number}
                  </Link>
                </h3>
                <time dateTime={order.placedAt.toISOString()}>{formatLongDate(order.placedAt)}</time>
                <span className="rounded-full bg-sand-200 px-3 py-1 text-sm font-semibold" data-testid="profile-order-status">
                  {[order.statusLabel, handOverStage(order)].filter(Boolean).join(" · ")}
                </span>
              </div>
              {order.shippedAt && order.trackingNumber && (
                <p className="mb-3">
                  <TrackingNumber trackingNumber={order.trackingNumber} />
                </p>
              )}
              <OrderLinesTable order={order} caption={`Items in order ${order.number}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
