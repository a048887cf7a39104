import "server-only";
import Link from "@/components/ui/link";
import { Count, Panel } from "@/components/staff/staff-ui";
import { getDb } from "@/db/client";
import { formatCents } from "@/lib/money";
import { formatLongDate } from "@/lib/time";
import { orderNumber } from "../../checkout.schema";
import { unpaidOrders, type UnpaidOrder } from "../../orders-desk.queries";

function OrderList({ orders, empty }: { orders: UnpaidOrder[]; empty: string }) {
  if (orders.length === 0) return <p className="text-navy-700">{empty}</p>;
  return (
    <ul className="divide-y divide-navy-700/10">
      {orders.map((order) => (
        <li key={order.id} className="flex flex-wrap justify-between gap-x-4 py-2">
          <span>
            <Link href={`/admin/orders/${order.id}`} className="font-semibold underline underline-offset-2">
              {orderNumber(order.number)}
            </Link>{" "}
            {order.contactName}
          </span>
          <span className="text-navy-700">
            {formatCents(order.totalCents)} · {formatLongDate(order.placedAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's two order panels: what waits at the pickup desk, and what else awaits payment. */
export async function UnpaidOrdersPanels() {
  const db = getDb();
  const [awaitingPickup, awaitingPayment] = await Promise.all([unpaidOrders(db, true), unpaidOrders(db, false)]);
  return (
    <>
      <Panel title="To collect and pay at pickup" id="pickup-heading">
        <Count value={awaitingPickup.count} label={awaitingPickup.count === 1 ? "order" : "orders"} />
        <OrderList orders={awaitingPickup.latest} empty="Nothing waiting at the desk." />
      </Panel>
      <Panel title="Awaiting payment" id="payment-heading">
        <Count value={awaitingPayment.count} label={awaitingPayment.count === 1 ? "order" : "orders"} />
        <OrderList orders={awaitingPayment.latest} empty="No unpaid shipped or card orders." />
      </Panel>
    </>
  );
}
