// @module-tag second-clock: Checkout pages expiring by the business clock, and member pricing.
/**
 * The safety net behind Stripe's `checkout.session.expired`: card orders whose Checkout page ran out
 * (or never opened) are settled with Stripe and released. In a file of its own, since the pass looks
 * at every order of the database.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema/orders";
import * as clock from "@/lib/clock";
import { getStripe } from "@/lib/payments/stripe";
import { checkoutInput, fillCart, newVisitor } from "../../../test/checkout";
import { createProduct, stockOf } from "../../../test/shop";
import { payCheckout, withStripeSite } from "../../../test/stripe-site";
import { releaseAbandonedCardOrders } from "./abandoned-card-orders.service";
import { placeOrder } from "./orders.service";
import { CHECKOUT_SESSION_MINUTES, startStripeCheckout } from "./stripe-payments.service";

const stripeSite = withStripeSite();
const MINUTE = 60_000;

async function order(payment: "stripe" | "pay_later") {
  const product = await createProduct({ label: "abandoned", stock: 5, priceCents: 2000 });
  const { owner } = newVisitor();
  await fillCart(owner, [[product.variantId, 1]]);
  const placed = await placeOrder(getDb(), owner, await checkoutInput(owner, { email: `abandoned-${randomUUID()}@example.com` }), payment);
  return { id: placed.id, variantId: product.variantId };
}

async function status(id: string) {
  const [row] = await getDb().select({ status: orders.status, sessionId: orders.stripeSessionId }).from(orders).where(eq(orders.id, id));
  return row!;
}

it("releases card orders whose page expired or never opened, marks paid the one whose webhook was lost, and leaves the rest", async () => {
  const start = clock.now();
  const stripe = getStripe()!;
  const openPage = await order("stripe");
  await startStripeCheckout(getDb(), stripe, openPage.id, "http://localhost/back");
  const lostWebhook = await order("stripe");
  stripeSite.dropWebhooks = true;
  await payCheckout(await startStripeCheckout(getDb(), stripe, lostWebhook.id, "http://localhost/back"));
  stripeSite.dropWebhooks = false;
  const neverOpened = await order("stripe");
  const payLater = await order("pay_later");
  expect((await status(lostWebhook.id)).status).toBe("awaiting_payment");

  // While the pages can still be paid, nothing happens.
  expect(await releaseAbandonedCardOrders(getDb(), stripe, new Date(start.getTime() + (CHECKOUT_SESSION_MINUTES + 5) * MINUTE))).toBe(0);
  expect(await stockOf(openPage.variantId)).toBe(4);

  const later = new Date(start.getTime() + 3 * CHECKOUT_SESSION_MINUTES * MINUTE);
  expect(await releaseAbandonedCardOrders(getDb(), stripe, later)).toBe(2);
  expect((await status(openPage.id)).status).toBe("cancelled");
  expect((await stripe.checkout.sessions.retrieve((await status(openPage.id)).sessionId!)).status).toBe("expired");
  expect((await status(neverOpened.id)).status).toBe("cancelled");
  expect((await status(lostWebhook.id)).status).toBe("paid");
  expect((await status(payLater.id)).status).toBe("awaiting_payment");
  expect([await stockOf(openPage.variantId), await stockOf(neverOpened.variantId), await stockOf(lostWebhook.variantId), await stockOf(payLater.variantId)]).toEqual([5, 5, 4, 4]);

  // A second pass (another server, or the next tick) finds nothing left.
  expect(await releaseAbandonedCardOrders(getDb(), stripe, later)).toBe(0);
});

it("without Stripe keys, releases only the orders that never reached Stripe", async () => {
  const withPage = await order("stripe");
  await startStripeCheckout(getDb(), getStripe()!, withPage.id, "http://localhost/back");
  const neverOpened = await order("stripe");
  const later = new Date(clock.now().getTime() + 3 * CHECKOUT_SESSION_MINUTES * MINUTE);
  expect(await releaseAbandonedCardOrders(getDb(), null, later)).toBe(1);
  expect((await status(neverOpened.id)).status).toBe("cancelled");
  expect((await status(withPage.id)).status).toBe("awaiting_payment");
  // With the keys back, the next pass settles it (and leaves nothing behind for the other test).
  expect(await releaseAbandonedCardOrders(getDb(), getStripe(), later)).toBe(1);
  expect((await status(withPage.id)).status).toBe("cancelled");
});
