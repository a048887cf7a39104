import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { orderLines, orders, stripeEvents } from "@/db/schema/orders";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { log } from "@/lib/log";
import * as clock from "@/lib/clock";
import { formatCents } from "@/lib/money";
import { storedDiscountLabel } from "./order-discounts";
import { orderNumber } from "./checkout.schema";
import { releaseUnpaidOrder } from "./order-release.service";
import { markOrderPaid } from "./orders.service";

/** How long a Checkout page stays payable; Stripe accepts 30 minutes to 24 hours. */
export const CHECKOUT_SESSION_MINUTES = 60;

/**
 * Opens a Stripe Checkout session for an unpaid order and returns the URL to send the buyer to: a
 * card order from the checkout, or a pay-later order through its pay-by-card link. The amounts come
 * from the order's own snapshot, so they match what was confirmed. `returnTo` is where Stripe sends
 * the buyer back (`?payment=success` or `?payment=cancelled` is added).
 */
export async function startStripeCheckout(db: Database, stripe: Stripe, orderId: string, returnTo: string): Promise<string> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.status, "awaiting_payment")));
  if (!order) throw new Error(`Order ${orderId} is not awaiting payment`);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  // Each unit at the price the order recorded after its discount, so Stripe charges the order's total.
  const items: Stripe.Checkout.SessionCreateParams.LineItem[] = lines.map((l) => ({
    quantity: l.quantity,
    price_data: {
      currency: "usd",
      unit_amount: l.unitPriceCents - l.unitDiscountCents,
      product_data: {
        name: l.size ? `${l.name} (size ${l.size})` : l.name,
        ...(storedDiscountLabel(l) ? { description: `${storedDiscountLabel(l)}; list price ${formatCents(l.unitPriceCents)}` } : {}),
      },
    },
  }));
  if (order.shippingCents > 0) {
    items.push({ quantity: 1, price_data: { currency: "usd", unit_amount: order.shippingCents, product_data: { name: "Shipping" } } });
  }
  const expiresAt = Math.floor(clock.now().getTime() / 1000) + CHECKOUT_SESSION_MINUTES * 60;
  const back = (payment: "success" | "cancelled") => `${returnTo}${returnTo.includes("?") ? "&" : "?"}payment=${payment}`;
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: items,
    customer_email: order.email,
    client_reference_id: order.id,
    metadata: { orderId: order.id, orderNumber: orderNumber(order.number) },
    expires_at: expiresAt,
    success_url: back("success"),
    cancel_url: back("cancelled"),
  });
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  await db.update(orders).set({ stripeSessionId: session.id, stripeSessionExpiresAt: new Date(expiresAt * 1000) }).where(eq(orders.id, order.id));
  return session.url;
}

export type WebhookOutcome = "paid" | "released" | "duplicate" | "ignored" | "amount-mismatch";

const paymentIntentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * Applies one verified Stripe event, at most once: the event id is recorded in the same transaction
 * that changes the order, so Stripe's retries (and concurrent deliveries) change nothing twice.
 * A paid session marks its order paid; an expired one releases a card order's stock, unless the
 * buyer has since opened a newer session (the order names the session it last sent them to).
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return "duplicate";
    if (event.type === "checkout.session.expired") {
      const session = event.data.object;
      const orderId = session.metadata?.orderId ?? session.client_reference_id;
      if (!orderId) return "ignored";
      const released = await releaseUnpaidOrder(tx, orderId, { onlyCardSession: session.id, reason: "checkout-expired" });
      return released ? "released" : "ignored";
    }
    if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return "ignored";
    return applyPaidSession(tx, event.data.object, new Date(event.created * 1000));
  });
}

/** Marks the order of a paid Checkout session paid (once) and keeps the payment to refund against. */
export async function applyPaidSession(tx: DbOrTransaction, session: Stripe.Checkout.Session, paidAt: Date): Promise<WebhookOutcome> {
  if (session.payment_status !== "paid") return "ignored";
  const orderId = session.metadata?.orderId ?? session.client_reference_id;
  if (!orderId) return "ignored";
  const [order] = await tx.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, orderId));
  if (!order) return "ignored";
  if (session.amount_total !== order.totalCents) {
    log.error(
      { event: "orders.stripe-amount-mismatch", stripeSessionId: session.id, orderId, paidCents: session.amount_total, totalCents: order.totalCents },
      "a Stripe session paid another amount than the order's total: the order stays unpaid",
    );
    return "amount-mismatch";
  }
  if (!(await markOrderPaid(tx, orderId, paidAt))) {
    log.error(
      { event: "orders.stripe-paid-twice", stripeSessionId: session.id, orderId },
      "Stripe took a payment for an order that is no longer awaiting payment: refund it from the Stripe dashboard",
    );
    return "ignored";
  }
  await tx.update(orders).set({ stripePaymentIntentId: paymentIntentOf(session) }).where(eq(orders.id, orderId));
  return "paid";
}
