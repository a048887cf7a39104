// @module-tag second-clock: member pricing at checkout follows the date.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { orders, stripeEvents } from "@/db/schema/orders";
import { getStripe } from "@/lib/payments/stripe";
import { POST as webhook } from "@/app/api/stripe/webhook/route";
import { checkoutInput, fillCart, newVisitor } from "../../../test/checkout";
import { variantId } from "../../../test/shop";
import { days, giveMembership, insertMember } from "../../../test/benefits";
import * as clock from "@/lib/clock";
import { startStripeStandIn, type StripeStandIn } from "../../../test/stripe-stand-in";
import { placeOrder } from "./orders.service";
import { startStripeCheckout } from "./stripe-payments.service";
import { fromNow } from "../../../test/time";

const WEBHOOK_SECRET = "whsec_test_standin_secret";
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE = standIn.url;
});

afterAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_API_BASE;
  await standIn.close();
});

async function stripeOrder() {
  const { owner } = newVisitor();
  await fillCart(owner, [[await variantId("tactical-cap"), 2]]);
  const input = await checkoutInput(owner, { fulfilment: "shipping", shipLine1: "1 Main St", shipCity: "Austin", shipRegion: "TX", shipPostalCode: "78701" });
  return placeOrder(getDb(), owner, input, "stripe");
}

function completedEvent(orderId: string, amount: number, id = `evt_${crypto.randomUUID()}`) {
  return {
    id,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(fromNow().getTime() / 1000),
    data: { object: { id: "cs_test_x", object: "checkout.session", payment_status: "paid", amount_total: amount, metadata: { orderId }, client_reference_id: orderId } },
  };
}

function signedRequest(payload: string, secret = WEBHOOK_SECRET): Request {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return new Request("http://localhost/api/stripe/webhook", { method: "POST", body: payload, headers: { "stripe-signature": signature } });
}

async function status(orderId: string) {
  const [row] = await getDb().select({ status: orders.status, paidAt: orders.paidAt, session: orders.stripeSessionId }).from(orders).where(eq(orders.id, orderId));
  return row;
}

describe("Stripe Checkout through the SDK, against the local stand-in", () => {
  it("charges the discounted unit prices, so Stripe's total is the order's total", async () => {
    const userId = await insertMember(getDb());
    await giveMembership(getDb(), userId, "premium", new Date(clock.now().getTime() + days(100)));
    const owner = { kind: "member" as const, userId };
    await fillCart(owner, [[await variantId("tactical-cap"), 2]]);
    const order = await placeOrder(getDb(), owner, await checkoutInput(owner), "stripe");
    await startStripeCheckout(getDb(), getStripe()!, order.id, `http://localhost/shop/orders/${order.id}`);
    const form = Object.fromEntries(standIn.requests.at(-1)!.form);
    // 24.99 less Premium's 10 % (2.50, rounded up) each.
    expect(form).toMatchObject({
      "line_items[0][price_data][unit_amount]": "2249",
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][product_data][description]": "Member pricing (Premium, 10%); list price $24.99",
    });
    const [row] = await getDb().select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, order.id));
    expect(row?.totalCents).toBe(2 * 2249);
  });

  it("creates a session with the order's lines and shipping, and stores its id", async () => {
    const stripe = getStripe();
    expect(stripe).toBeInstanceOf(Stripe);
    const order = await stripeOrder();
    const url = await startStripeCheckout(getDb(), stripe!, order.id, `http://localhost/shop/orders/${order.id}`);
    // The stand-in's own "Stripe Checkout" page.
    expect(url.startsWith(`${standIn.url}/c/pay/`)).toBe(true);
    expect(url).toMatch(/\/c\/pay\/cs_test_standin_\d+$/);
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe("/v1/checkout/sessions");
    expect(request.authorization).toBe("Bearer sk_test_standin");
    expect(Object.fromEntries(request.form)).toMatchObject({
      mode: "payment",
      client_reference_id: order.id,
      "metadata[orderId]": order.id,
      customer_email: "jordan.rivera@example.com",
      "line_items[0][price_data][unit_amount]": "2499",
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][product_data][name]": "Tactical Cap",
      "line_items[1][price_data][product_data][name]": "Shipping",
      "line_items[1][price_data][unit_amount]": "795",
      success_url: expect.stringContaining(`/shop/orders/${order.id}?payment=success`),
    });
    expect((await status(order.id))?.session).toMatch(/^cs_test_standin_/);
  });

  it("retries a failed call, and surfaces a persistent failure as an error (the order page then offers Pay now)", async () => {
    const order = await stripeOrder();
    standIn.failNext(500, 1);
    await expect(startStripeCheckout(getDb(), getStripe()!, order.id, `http://localhost/shop/orders/${order.id}`)).resolves.toMatch(/\/c\/pay\/cs_test_standin_/);
    const before = standIn.requests.length;
    standIn.failNext(500, 3);
    const failure = startStripeCheckout(getDb(), getStripe()!, order.id, `http://localhost/shop/orders/${order.id}`);
    await expect(failure).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(failure).rejects.toMatchObject({ statusCode: 500, message: "Stand-in failure" });
    expect(standIn.requests.length - before).toBe(3); // the call and the SDK's two retries
  });
});

describe("the webhook", () => {
  it("verifies the signature, marks the order paid once, and ignores a repeated delivery", async () => {
    const order = await stripeOrder();
    const payload = JSON.stringify(completedEvent(order.id, 2 * 2499 + 795));
    const first = await webhook(signedRequest(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "paid" });
    expect(await status(order.id)).toMatchObject({ status: "paid", paidAt: expect.any(Date) });

    const again = await webhook(signedRequest(payload));
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    const id = (JSON.parse(payload) as { id: string }).id;
    expect(await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, id))).toHaveLength(1);
  });

  it("rejects a bad signature, a missing one, and a body changed after signing, with 400 and no change", async () => {
    const order = await stripeOrder();
    const payload = JSON.stringify(completedEvent(order.id, 2 * 2499 + 795));
    expect((await webhook(signedRequest(payload, "whsec_someone_else"))).status).toBe(400);
    expect((await webhook(new Request("http://localhost/api/stripe/webhook", { method: "POST", body: payload }))).status).toBe(400);
    const signed = signedRequest(payload);
    const tampered = new Request(signed.url, { method: "POST", body: payload.replace("paid", "PAID"), headers: signed.headers });
    expect((await webhook(tampered)).status).toBe(400);
    expect((await status(order.id))?.status).toBe("awaiting_payment");
  });

  it("does not mark an order paid when the amount differs from its total", async () => {
    const order = await stripeOrder();
    const response = await webhook(signedRequest(JSON.stringify(completedEvent(order.id, 100))));
    expect(await response.json()).toEqual({ received: true, outcome: "amount-mismatch" });
    expect((await status(order.id))?.status).toBe("awaiting_payment");
  });

  it("acknowledges event types it does not handle", async () => {
    const payload = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: "event", type: "customer.created", created: 1, data: { object: {} } });
    expect(await (await webhook(signedRequest(payload))).json()).toEqual({ received: true, outcome: "ignored" });
  });
});
