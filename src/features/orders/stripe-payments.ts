import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { orderLines, orders, stripeEvents } from "@/db/schema/orders";
import { siteUrl } from "@/lib/env";
import { log } from "@/lib/log";
import { orderNumber } from "./checkout.schema";
import { markOrderPaid } from "./orders.service";

/**
 * Opens a Stripe Checkout session for an order awaiting card payment and returns the URL to send
 * the buyer to. The amounts come from the order's own snapshot, so they match what was confirmed.
 */
export async function startStripeCheckout(db: Database, stripe: Stripe, orderId: string): Promise<string> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, "awaiting_payment"), eq(orders.paymentMethod, "stripe")));
  if (!order) throw new Error(`Order ${orderId} is not awaiting a card payment`);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const items: Stripe.Checkout.SessionCreateParams.LineItem[] = lines.map((l) => ({
    quantity: l.quantity,
    price_data: { currency: "usd", unit_amount: l.unitPriceCents, product_data: { name: l.size ? `${l.name} (size ${l.size})` : l.name } },
  }));
  if (order.shippingCents > 0) {
    items.push({ quantity: 1, price_data: { currency: "usd", unit_amount: order.shippingCents, product_data: { name: "Shipping" } } });
  }
  const orderUrl = `${siteUrl()}/shop/orders/${order.id}`;
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: items,
    customer_email: order.email,
    client_reference_id: order.id,
    metadata: { orderId: order.id, orderNumber: orderNumber(order.number) },
    success_url: `${orderUrl}?payment=success`,
    cancel_url: `${orderUrl}?payment=cancelled`,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  await db.update(orders).set({ stripeSessionId: session.id }).where(eq(orders.id, order.id));
  return session.url;
}

export type WebhookOutcome = "paid" | "duplicate" | "ignored" | "amount-mismatch";

/**
 * Applies one verified Stripe event, at most once: the event id is recorded in the same transaction
 * that marks the order paid, so Stripe's retries (and concurrent deliveries) change nothing twice.
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return "duplicate";
    if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") return "ignored";
    const session = event.data.object;
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
    await markOrderPaid(tx, orderId, new Date(event.created * 1000));
    return "paid";
  });
}
