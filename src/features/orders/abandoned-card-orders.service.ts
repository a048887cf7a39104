import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { orders } from "@/db/schema/orders";
import { log } from "@/lib/log";
import { releaseUnpaidOrder } from "./order-release.service";
import { applyPaidSession, CHECKOUT_SESSION_MINUTES } from "./stripe-payments.service";

/** Stripe's own `checkout.session.expired` normally comes first; this catches a lost or refused webhook. */
export const RELEASE_GRACE_MINUTES = 15;
const MINUTE = 60_000;

/**
 * Releases the stock of card orders nobody paid: their Checkout page has expired (or never opened,
 * when Stripe could not be reached at checkout) well over `RELEASE_GRACE_MINUTES` ago. Stripe is
 * asked first, so a payment whose webhook was lost marks the order paid instead; without Stripe
 * keys an order with a session is left alone, since nobody can tell whether it was paid.
 */
export async function releaseAbandonedCardOrders(db: Database, stripe: Stripe | null, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RELEASE_GRACE_MINUTES * MINUTE);
  const neverOpenedCutoff = new Date(cutoff.getTime() - CHECKOUT_SESSION_MINUTES * MINUTE);
  const stale = await db
    .select({ id: orders.id, sessionId: orders.stripeSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.status, "awaiting_payment"),
        eq(orders.paymentMethod, "stripe"),
        or(lt(orders.stripeSessionExpiresAt, cutoff), and(isNull(orders.stripeSessionId), lt(orders.placedAt, neverOpenedCutoff))),
      ),
    )
    .limit(100);
  let released = 0;
  for (const order of stale) {
    try {
      if (await settle(db, stripe, order, now)) released++;
    } catch (error) {
      log.warn({ event: "orders.release-check-failed", orderId: order.id, err: error }, "could not settle an unpaid card order; the next pass tries again");
    }
  }
  return released;
}

async function settle(db: Database, stripe: Stripe | null, order: { id: string; sessionId: string | null }, now: Date): Promise<boolean> {
  if (!order.sessionId) return db.transaction(async (tx) => (await releaseUnpaidOrder(tx, order.id, { reason: "checkout-timeout" })) !== null);
  if (!stripe) return false;
  let session = await stripe.checkout.sessions.retrieve(order.sessionId);
  if (session.status === "complete") {
    await db.transaction((tx) => applyPaidSession(tx, session, now));
    return false;
  }
  if (session.status === "open") session = await stripe.checkout.sessions.expire(order.sessionId);
  const sessionId = session.id;
  return db.transaction(async (tx) => (await releaseUnpaidOrder(tx, order.id, { onlyCardSession: sessionId, reason: "checkout-timeout" })) !== null);
}
