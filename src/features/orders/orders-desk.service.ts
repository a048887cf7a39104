import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { orderLines, orders } from "@/db/schema/orders";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { siteUrl } from "@/lib/env";
import { FormError } from "@/lib/form-state";
import * as clock from "@/lib/clock";
import { recordOrderStockChange } from "../catalog/stock-ledger";
import { recordAudit, type Actor } from "../staff/audit";
import { orderNumber } from "./checkout.schema";
import { orderCancelledEmail, orderShippedEmail, paymentReceivedEmail, type DeskEmailOrder } from "./emails/order-desk-emails";
import { markOrderPaid } from "./orders.service";
import { ORDER_ID } from "./staff/orders-desk.schema";

export const NO_SUCH_ORDER = "This order no longer exists.";
export const ALREADY_PAID = "This order is already paid.";
export const CANCELLED = "This order is cancelled.";
export const NOT_PAY_LATER = "This order is paid by card through Stripe: it is marked paid when Stripe confirms the payment.";
export const NOT_PICKUP = "This order is not for pickup.";
export const NOT_SHIPPING = "This order is not shipped.";
export const PAY_FIRST = "This order is not paid yet: take the payment and mark it paid first.";
export const ALREADY_PICKED_UP = "This order was already picked up.";
export const ALREADY_SHIPPED = "This order was already shipped.";
export const CANNOT_CANCEL_PAID = "This order is paid, so it cannot be cancelled here: the payment must be refunded first.";

type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Locks the order row for the rest of the transaction: two desks acting on one order take turns. */
async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  if (!ORDER_ID.test(orderId)) throw new FormError(NO_SUCH_ORDER);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new FormError(NO_SUCH_ORDER);
  return order;
}

function emailOrder(order: OrderRow): DeskEmailOrder {
  return {
    number: orderNumber(order.number),
    contactName: order.contactName,
    totalCents: order.totalCents,
    fulfilment: order.fulfilment,
    link: `${siteUrl()}/shop/orders/${order.id}`,
  };
}

async function tellBuyer(tx: DbOrTransaction, order: OrderRow, kind: string, message: { subject: string; text: string }): Promise<void> {
  await enqueueEmail(tx, { kind, to: order.email, ...message });
}

/**
 * A pay-later order paid at the desk (or its invoice paid): the same `markOrderPaid` as Stripe's
 * webhook, so a membership upgrade starts exactly as a card payment would start it; audited and the
 * buyer gets a receipt, all in one transaction.
 */
export async function markPaidAtDesk(db: Database, actor: Actor, orderId: string): Promise<{ number: string }> {
  const number = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === "cancelled") throw new FormError(CANCELLED);
    if (order.status === "paid") throw new FormError(ALREADY_PAID);
    if (order.paymentMethod !== "pay_later") throw new FormError(NOT_PAY_LATER);
    const paidAt = clock.now();
    if (!(await markOrderPaid(tx, order.id, paidAt))) throw new FormError(ALREADY_PAID);
    const [membership] = await tx
      .select({ plan: orderLines.membershipPlan })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.membershipPlan)));
    await recordAudit(tx, actor, {
      action: "order.mark-paid",
      recordType: "order",
      recordId: order.id,
      before: { status: order.status },
      after: { status: "paid", paidAt: paidAt.toISOString(), ...(membership ? { membership: membership.plan } : {}) },
    });
    await tellBuyer(tx, order, "order-paid", paymentReceivedEmail({ ...emailOrder(order), membership: Boolean(membership && order.userId) }));
    return orderNumber(order.number);
  });
  void kickEmailDelivery();
  return { number };
}

/** A paid pickup order handed over at the desk. The buyer is standing there: no e-mail. */
export async function markPickedUp(db: Database, actor: Actor, orderId: string): Promise<{ number: string }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.fulfilment !== "pickup") throw new FormError(NOT_PICKUP);
    if (order.status === "cancelled") throw new FormError(CANCELLED);
    if (order.pickedUpAt) throw new FormError(ALREADY_PICKED_UP);
    if (order.status !== "paid") throw new FormError(PAY_FIRST);
    const at = clock.now();
    await tx.update(orders).set({ pickedUpAt: at }).where(eq(orders.id, order.id));
    await recordAudit(tx, actor, { action: "order.picked-up", recordType: "order", recordId: order.id, before: { pickedUpAt: null }, after: { pickedUpAt: at.toISOString() } });
    return { number: orderNumber(order.number) };
  });
}

/** A paid shipping order posted, with its tracking number; the buyer is e-mailed the number. */
export async function markShipped(db: Database, actor: Actor, orderId: string, trackingNumber: string): Promise<{ number: string }> {
  const number = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.fulfilment !== "shipping") throw new FormError(NOT_SHIPPING);
    if (order.status === "cancelled") throw new FormError(CANCELLED);
    if (order.shippedAt) throw new FormError(ALREADY_SHIPPED);
    if (order.status !== "paid") throw new FormError(PAY_FIRST);
    const at = clock.now();
    await tx.update(orders).set({ shippedAt: at, trackingNumber }).where(eq(orders.id, order.id));
    await recordAudit(tx, actor, {
      action: "order.shipped",
      recordType: "order",
      recordId: order.id,
      before: { shippedAt: null, trackingNumber: null },
      after: { shippedAt: at.toISOString(), trackingNumber },
    });
    await tellBuyer(tx, order, "order-shipped", orderShippedEmail({ ...emailOrder(order), trackingNumber }));
    return orderNumber(order.number);
  });
  void kickEmailDelivery();
  return { number };
}

/**
 * Cancels an order that is not paid yet and returns its items to stock, exactly once: the status
 * changes with one conditional UPDATE … RETURNING in the transaction that restocks, so a double
 * submit or two staff at once find nothing left to cancel and return nothing twice.
 */
export async function cancelOrder(db: Database, actor: Actor, orderId: string): Promise<{ number: string; restocked: number }> {
  const result = await db.transaction(async (tx) => {
    if (!ORDER_ID.test(orderId)) throw new FormError(NO_SUCH_ORDER);
    const at = clock.now();
    const [order] = await tx
      .update(orders)
      .set({ status: "cancelled", cancelledAt: at })
      .where(and(eq(orders.id, orderId), eq(orders.status, "awaiting_payment"), isNull(orders.pickedUpAt), isNull(orders.shippedAt)))
      .returning();
    if (!order) {
      const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      throw new FormError(!current ? NO_SUCH_ORDER : current.status === "cancelled" ? CANCELLED : CANNOT_CANCEL_PAID);
    }
    const lines = await tx
      .select({ variantId: orderLines.variantId, quantity: orderLines.quantity, name: orderLines.name, size: orderLines.size })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.variantId)));
    let restocked = 0;
    for (const line of lines) {
      // A variant deleted since leaves nothing to return to.
      if (line.variantId === null) continue;
      const back = await tx.execute<{ stock: number }>(sql`update product_variants set stock = stock + ${line.quantity} where id = ${line.variantId} returning stock`);
      const [returned] = back.rows;
      if (!returned) continue;
      restocked += line.quantity;
      await recordOrderStockChange(tx, { variantId: line.variantId, change: line.quantity, stockAfter: Number(returned.stock), orderId: order.id, orderNumber: orderNumber(order.number), actor });
    }
    await recordAudit(tx, actor, {
      action: "order.cancel",
      recordType: "order",
      recordId: order.id,
      before: { status: "awaiting_payment" },
      after: { status: "cancelled", restocked: lines.map((l) => ({ item: l.size ? `${l.name} (${l.size})` : l.name, quantity: l.quantity })) },
    });
    await tellBuyer(tx, order, "order-cancelled", orderCancelledEmail(emailOrder(order)));
    return { number: orderNumber(order.number), restocked };
  });
  void kickEmailDelivery();
  return result;
}
