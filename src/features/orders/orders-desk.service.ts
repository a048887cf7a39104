import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { orderLines, orders } from "@/db/schema/orders";
import type { EmailKind } from "@/lib/email/kinds";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { siteUrl } from "@/lib/env";
import { FormError } from "@/lib/form-state";
import * as clock from "@/lib/clock";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/opaque-token";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { orderNumber } from "./checkout.schema";
import { orderRefundedEmail, orderShippedEmail, payLinkEmail, paymentReceivedEmail, paymentUndoneEmail, type DeskEmailOrder } from "./emails/order-desk-emails";
import { releaseUnpaidOrder, returnOrderToStock } from "./order-release.service";
import { orderLink } from "./order-links";
import type { ComposedEmail } from "@/lib/email/compose";
import { markOrderPaid } from "./orders.service";
import { withdrawMembershipTerm } from "@/features/memberships/membership-term.service";
import { ORDER_ID } from "./orders-desk.schema";
import { DESK_PAYMENT_LABELS, type DeskPaymentMethod } from "@/lib/payments/desk-payment";

export const NO_SUCH_ORDER = "This order no longer exists.";
export const ALREADY_PAID = "This order is already paid.";
export const CANCELLED = "This order is canceled.";
export const NOT_PAY_LATER = "This order is paid by card through Stripe: it is marked paid when Stripe confirms the payment.";
export const NOT_PICKUP = "This order is not for pickup.";
export const NOT_SHIPPING = "This order is not shipped.";
export const PAY_FIRST = "This order is not paid yet: take the payment and mark it paid first.";
export const ALREADY_PICKED_UP = "This order was already picked up.";
export const ALREADY_SHIPPED = "This order was already shipped.";
export const CANNOT_CANCEL_PAID = "This order is paid, so it cannot be canceled here: the payment must be refunded first.";
export const CARD_PAYMENTS_OFF = "Card payments are not set up on this site (no Stripe keys), so nothing can be sent or refunded through Stripe.";
export const ALREADY_REFUNDED = "This order was already refunded.";
export const REFUND_UNPAID = "Only a paid order can be refunded.";
export const REFUND_AT_DESK = "This order was paid at the desk, not by card online: Stripe holds no payment to refund. Return the money at the desk.";
export const CARD_ORDER_PAYS_ONLINE = "This order is paid by card at checkout: the buyer pays from their order page.";
export const STRIPE_UNREACHABLE = "Stripe could not be asked whether this order's card payment page is still open, so nothing was changed. Try again in a moment";
export const NOT_PAID_AT_DESK = "Only an order marked paid at the desk can be set back to awaiting payment.";
export const NOT_PAID_NOW = "This order is not paid, so there is nothing to undo.";
export const HANDED_OVER_ALREADY = "This order was already handed over (picked up or shipped), so it is not set back to awaiting payment. Sort the payment out with the buyer.";
export const JUST_PAID = "The buyer has just paid this order by card: it will show as paid in a moment, and can then be refunded if needed.";

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
    link: orderLink(order.id),
  };
}

async function tellBuyer(tx: DbOrTransaction, order: OrderRow, kind: EmailKind, message: ComposedEmail): Promise<void> {
  await enqueueEmail(tx, { kind, to: order.email, ...message });
}

/**
 * A pay-later order paid at the desk (or its invoice paid): the same `markOrderPaid` as Stripe's
 * webhook, so a membership upgrade starts exactly as a card payment would start it; how it was paid
 * is kept; audited and the buyer gets a receipt, all in one transaction.
 */
export async function markPaidAtDesk(db: Database, actor: Actor, orderId: string, method: DeskPaymentMethod): Promise<{ number: string }> {
  const number = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === "cancelled") throw new FormError(CANCELLED);
    if (order.status === "paid") throw new FormError(ALREADY_PAID);
    if (order.paymentMethod !== "pay_later") throw new FormError(NOT_PAY_LATER);
    const paidAt = clock.now();
    if (!(await markOrderPaid(tx, order.id, paidAt))) throw new FormError(ALREADY_PAID);
    await tx.update(orders).set({ deskPaymentMethod: method }).where(eq(orders.id, order.id));
    const [membership] = await tx
      .select({ plan: orderLines.membershipPlan })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), isNotNull(orderLines.membershipPlan)));
    await recordAudit(tx, actor, {
      action: "order.mark-paid",
      recordType: "order",
      recordId: order.id,
      before: { status: order.status },
      after: { status: "paid", paidAt: paidAt.toISOString(), method, ...(membership ? { membership: membership.plan } : {}) },
    });
    await tellBuyer(tx, order, "order-paid", paymentReceivedEmail({ ...emailOrder(order), membership: Boolean(membership && order.userId) }));
    return orderNumber(order.number);
  });
  void kickEmailDelivery();
  return { number };
}

/**
 * Undoes a wrong "mark paid" (the wrong order pressed, a check that bounced): the order is awaiting
 * payment again, the membership year it started is taken back (as for a refund), and the reason is
 * audited. Only for an order paid at the desk and not yet handed over; the buyer is emailed that the
 * payment receipt they got does not stand.
 */
export async function undoMarkPaid(db: Database, actor: Actor, orderId: string, reason: string): Promise<{ number: string }> {
  const number = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === "cancelled") throw new FormError(CANCELLED);
    if (order.status !== "paid") throw new FormError(NOT_PAID_NOW);
    // Paid at the desk: a pay-later order with no card payment (marked paid before methods were kept too).
    if (order.stripePaymentIntentId || order.paymentMethod !== "pay_later") throw new FormError(NOT_PAID_AT_DESK);
    if (order.pickedUpAt || order.shippedAt) throw new FormError(HANDED_OVER_ALREADY);
    const at = clock.now();
    await tx.update(orders).set({ status: "awaiting_payment", paidAt: null, deskPaymentMethod: null }).where(eq(orders.id, order.id));
    const membership = order.userId ? await withdrawMembershipTerm(tx, { userId: order.userId, refundedOrderId: order.id, at }) : null;
    await recordAudit(tx, actor, {
      action: "order.undo-paid",
      recordType: "order",
      recordId: order.id,
      before: { status: "paid", paidAt: order.paidAt?.toISOString() ?? null, method: order.deskPaymentMethod },
      after: {
        status: "awaiting_payment",
        reason,
        ...(membership ? { membership: membership.ended ? { ended: membership.plan } : { plan: membership.plan, renewsOn: membership.renewsOn.toISOString() } } : {}),
      },
    });
    await tellBuyer(tx, order, "order-payment-undone", paymentUndoneEmail({ ...emailOrder(order), membership: Boolean(membership) }));
    return orderNumber(order.number);
  });
  void kickEmailDelivery();
  return { number };
}

/** How the desk says a recorded method, e.g. in the order's payment facts. */
export function deskPaymentLabel(method: DeskPaymentMethod): string {
  return DESK_PAYMENT_LABELS[method];
}

/** A paid pickup order handed over at the desk. The buyer is standing there: no email. */
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

/** A paid shipping order posted, with its tracking number; the buyer is emailed the number. */
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
 * Cancels an order that is not paid yet and returns its items to stock exactly once (see
 * `releaseUnpaidOrder`). A Checkout page still open for it is expired first, so the buyer cannot pay
 * for a cancelled order; one that Stripe reports paid is left for the webhook to mark paid.
 */
export async function cancelOrder(db: Database, actor: Actor, orderId: string, stripe: Stripe | null = null): Promise<{ number: string; restocked: number }> {
  if (!ORDER_ID.test(orderId)) throw new FormError(NO_SUCH_ORDER);
  const [current] = await db.select({ status: orders.status, sessionId: orders.stripeSessionId }).from(orders).where(eq(orders.id, orderId));
  if (!current) throw new FormError(NO_SUCH_ORDER);
  if (current.status === "awaiting_payment" && current.sessionId && stripe) await closeCheckoutPage(stripe, current.sessionId);
  const released = await db.transaction(async (tx) => {
    const done = await releaseUnpaidOrder(tx, orderId, { actor, reason: "staff" });
    if (done) return done;
    const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    throw new FormError(now?.status === "cancelled" ? CANCELLED : CANNOT_CANCEL_PAID);
  });
  void kickEmailDelivery();
  return released;
}

async function closeCheckoutPage(stripe: Stripe, sessionId: string): Promise<void> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === "open") session = await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    throw new FormError(`${STRIPE_UNREACHABLE} (${error instanceof Error ? error.message : "no answer"})`);
  }
  if (session.status === "complete") throw new FormError(JUST_PAID);
}

/**
 * Returns a card payment in full through Stripe, once: the order row is locked, Stripe is asked with
 * an idempotency key made from the order (a double submit or a retry after a lost answer makes one
 * refund), and the order turns `refunded` in the same transaction. Items not handed over yet go back
 * to stock; the membership year it paid for is taken back (withdrawMembershipTerm). The buyer is emailed.
 */
export async function refundCardOrder(db: Database, stripe: Stripe | null, actor: Actor, orderId: string): Promise<{ number: string }> {
  if (!stripe) throw new FormError(CARD_PAYMENTS_OFF);
  const number = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === "refunded") throw new FormError(ALREADY_REFUNDED);
    if (order.status !== "paid") throw new FormError(REFUND_UNPAID);
    if (!order.stripePaymentIntentId) throw new FormError(REFUND_AT_DESK);
    let refundId: string;
    try {
      const refund = await stripe.refunds.create(
        { payment_intent: order.stripePaymentIntentId, reason: "requested_by_customer", metadata: { orderId: order.id } },
        { idempotencyKey: `refund-order-${order.id}` },
      );
      refundId = refund.id;
    } catch (error) {
      throw new FormError(`Stripe did not make the refund: ${error instanceof Error ? error.message : "no answer"}. Nothing was changed.`);
    }
    const at = clock.now();
    await tx.update(orders).set({ status: "refunded", refundedAt: at, stripeRefundId: refundId }).where(eq(orders.id, order.id));
    const handedOver = Boolean(order.pickedUpAt || order.shippedAt);
    const restocked = handedOver ? [] : await returnOrderToStock(tx, order, actor, { refund: true });
    const membership = order.userId ? await withdrawMembershipTerm(tx, { userId: order.userId, refundedOrderId: order.id, at }) : null;
    await recordAudit(tx, actor, {
      action: "order.refund",
      recordType: "order",
      recordId: order.id,
      before: { status: "paid" },
      after: { status: "refunded", refundedAt: at.toISOString(), stripeRefundId: refundId, restocked, ...(membership ? { membership: membership.ended ? { ended: membership.plan } : { plan: membership.plan, renewsOn: membership.renewsOn.toISOString() } } : {}) },
    });
    await tellBuyer(tx, order, "order-refunded", orderRefundedEmail(emailOrder(order)));
    return orderNumber(order.number);
  });
  void kickEmailDelivery();
  return { number };
}

/**
 * Emails the buyer of an unpaid pay-later order a link to pay it by card from any device. The link
 * holds a fresh random token (only its hash is kept), so sending again makes the earlier link stop working.
 */
export async function sendPayLink(db: Database, stripe: Stripe | null, actor: Actor, orderId: string): Promise<{ number: string }> {
  if (!stripe) throw new FormError(CARD_PAYMENTS_OFF);
  const number = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === "cancelled") throw new FormError(CANCELLED);
    if (order.status !== "awaiting_payment") throw new FormError(ALREADY_PAID);
    if (order.paymentMethod !== "pay_later") throw new FormError(CARD_ORDER_PAYS_ONLINE);
    const token = newOpaqueToken();
    const at = clock.now();
    await tx.update(orders).set({ payLinkTokenHash: hashOpaqueToken(token), payLinkSentAt: at }).where(eq(orders.id, order.id));
    await recordAudit(tx, actor, {
      action: "order.pay-link",
      recordType: "order",
      recordId: order.id,
      before: { payLinkSentAt: order.payLinkSentAt?.toISOString() ?? null },
      after: { payLinkSentAt: at.toISOString(), to: order.email },
    });
    await tellBuyer(tx, order, "order-pay-link", payLinkEmail({ ...emailOrder(order), link: payLinkUrl(order.id, token) }));
    return orderNumber(order.number);
  });
  void kickEmailDelivery();
  return { number };
}

export function payLinkUrl(orderId: string, token: string): string {
  return `${siteUrl()}/shop/orders/${orderId}?pay=${encodeURIComponent(token)}`;
}
