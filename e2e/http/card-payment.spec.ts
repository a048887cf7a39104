/**
 * Paying by card as the server answers it, on the e2e site with Stripe keys (e2e/stripe.ts), without
 * JavaScript: checkout's plain form post redirects to the stand-in's "Stripe Checkout" page
 * (test/stripe-stand-in.ts), whose Pay button is a plain form too; paying sends a signed
 * checkout.session.completed event to the site's real webhook route and redirects back to the order
 * page. A replayed webhook, cancelling and Pay now, a member's Orders tab, the desk's refund and
 * pay-by-card link. The round trip with JavaScript, the desk in place and axe: e2e/card-payment.spec.ts.
 * Each test buys a product of its own, so the stock it counts is its own.
 */
import pg from "pg";
import { waitForEmail } from "../outbox";
import { createProduct, stockOf } from "../shop-helpers";
import { createOrder } from "../staff-db";
import { onStripeCheckout, siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "../stripe";
import { uniqueMemberEmail } from "../member";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

test.use({ baseURL: siteWithStripeUrl() });

const site = () => ({ url: siteWithStripeUrl(), databaseUrl: siteWithStripeDatabaseUrl() });
const db = () => siteWithStripeDatabaseUrl();
const ORDER_PAGE = /^\/shop\/orders\/([0-9a-f-]{36})\?payment=(success|cancelled)$/;

interface OrderRow {
  status: string;
  payment_method: string;
  paid_at: Date | null;
  stripe_session_id: string | null;
}

async function orderRow(id: string): Promise<OrderRow> {
  const client = new pg.Client({ connectionString: db() });
  await client.connect();
  try {
    const { rows } = await client.query<OrderRow>("select status, payment_method, paid_at, stripe_session_id from orders where id = $1", [id]);
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function add(visitor: TextBrowser, slug: string): Promise<HttpPage> {
  const added = await (await visitor.get(`/shop/${slug}`)).form("main form[action='/shop/cart/add']").submit();
  expect(added.byTestId("cart-notice").text()).toContain("to your cart.");
  return added;
}

/** Checkout's plain form post as a guest; the page it lands on (Stripe Checkout). */
async function placeOrderAsGuest(visitor: TextBrowser, email = uniqueMemberEmail("card-guest")): Promise<HttpPage> {
  return (await visitor.get("/shop/checkout"))
    .form({ button: "Confirm and pay" })
    .fill("Full name", "Jordan Rivera")
    .fill("Email", email)
    .fill("Phone", "(210) 555-0142")
    .submit("Confirm and pay");
}

function orderIdOf(page: HttpPage): string {
  const match = ORDER_PAGE.exec(page.path);
  expect(match, `an order page: ${page.url.href}`).not.toBeNull();
  expect(page.url.origin).toBe(siteWithStripeUrl());
  return match![1]!;
}

const orderStatus = (page: HttpPage) => page.text("[data-testid=order-status]");

/** Asks the stand-in to deliver the session's checkout.session.completed event again, as Stripe may. */
async function resendWebhook(visitor: TextBrowser, sessionId: string): Promise<{ status: number; body: unknown }> {
  const response = await visitor.request.post(`${stripeStandInUrl()}/_stand-in/checkout/sessions/${sessionId}/resend-webhook`);
  expect(response.status(), await response.text()).toBe(200);
  const delivery = (await response.json()) as { status: number; body: string };
  return { status: delivery.status, body: JSON.parse(delivery.body) };
}

test("a guest pays by card on Stripe Checkout and comes back to a paid order; a replayed webhook changes nothing", async ({ visitor }) => {
  const product = await createProduct("card-guest", { priceCents: 1250, stock: 5, databaseUrl: db() });
  await add(visitor, product.slug);
  await add(visitor, product.slug);
  const stripe = await placeOrderAsGuest(visitor);
  const sessionId = onStripeCheckout(stripe, "$25.00");
  expect(stripe.text("table")).toContain(`2 × ${product.name}`);
  expect(stripe.text("table caption")).toBe("Items");

  const back = await stripe.form({ button: "Pay" }).submit("Pay");
  const orderId = orderIdOf(back);
  expect(back.heading(1)).toBe("Thank you for your order");
  expect(orderStatus(back)).toBe("Paid");
  expect(back.statuses().join("\n")).toContain("Stripe has your payment");
  expect(back.buttons("main")).not.toContain("Pay now");

  const paid = await orderRow(orderId);
  expect(paid).toMatchObject({ status: "paid", payment_method: "stripe", stripe_session_id: sessionId, paid_at: expect.any(Date) });
  expect(await stockOf(product.slug, db()), "the two items were taken from stock once").toBe(3);

  // Stripe delivers at least once: the same event again is acknowledged and changes nothing.
  expect(await resendWebhook(visitor, sessionId)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
  expect(await orderRow(orderId)).toEqual(paid);
  expect(await stockOf(product.slug, db())).toBe(3);
  expect(orderStatus(await visitor.get(back.url.href))).toBe("Paid");
});

test("cancelling on Stripe Checkout brings the buyer back to the unpaid order with a message; Pay now then pays it", async ({ visitor }) => {
  const product = await createProduct("card-cancel", { priceCents: 1999, stock: 4, databaseUrl: db() });
  await add(visitor, product.slug);
  const stripe = await placeOrderAsGuest(visitor);
  const firstSession = onStripeCheckout(stripe, "$19.99");

  const cancelled = await stripe.follow("Cancel and go back");
  expect(cancelled.url.search).toBe("?payment=cancelled");
  const orderId = orderIdOf(cancelled);
  expect(orderStatus(cancelled)).toBe("Awaiting payment");
  expect(cancelled.statuses()).toEqual(["Payment was canceled. Your order is saved: you can pay now, or contact us if you changed your mind."]);
  expect(await orderRow(orderId)).toMatchObject({ status: "awaiting_payment", paid_at: null });
  // The saved order keeps its item: it was taken from stock when the order was placed.
  expect(await stockOf(product.slug, db())).toBe(3);

  const again = await cancelled.form({ button: "Pay now" }).submit("Pay now");
  const secondSession = onStripeCheckout(again, "$19.99");
  expect(secondSession).not.toBe(firstSession);
  const back = await again.form({ button: "Pay" }).submit("Pay");
  expect(orderIdOf(back)).toBe(orderId);
  expect(orderStatus(back)).toBe("Paid");
  expect(await orderRow(orderId)).toMatchObject({ status: "paid", stripe_session_id: secondSession });
  expect(await stockOf(product.slug, db()), "paying later takes nothing more").toBe(3);
});

test("a member pays by card and the profile lists the order as paid", async ({ signedIn }) => {
  const { browser: member } = await signedIn(null, site());
  const product = await createProduct("card-member", { priceCents: 3400, stock: 2, databaseUrl: db() });
  await add(member, product.slug);
  const stripe = await (await member.get("/shop/checkout")).form({ button: "Confirm and pay" }).fill("Full name", "Alex Member").fill("Phone", "512 555 0100").submit("Confirm and pay");
  onStripeCheckout(stripe, "$34.00");
  const back = await stripe.form({ button: "Pay" }).submit("Pay");
  orderIdOf(back);
  expect(orderStatus(back)).toBe("Paid");
  const number = /VVA-\d+/.exec(back.text("main h2"))![0];

  const tab = await member.get("/profile?tab=orders");
  const order = tab.byTestId("profile-order");
  expect(order).toHaveLength(1);
  expect(tab.text(order[0]!)).toContain(number);
  expect(tab.text(order[0]!)).toContain("Paid");
  expect(await stockOf(product.slug, db())).toBe(1);
});

test("checkout's plain form post goes to Stripe Checkout and paying comes back to a paid order", async ({ visitor }) => {
  const product = await createProduct("card-nojs", { priceCents: 1500, stock: 3, databaseUrl: db() });
  const added = await add(visitor, product.slug);
  expect(added.byTestId("cart-notice").text()).toContain(`Added ${product.name} to your cart.`);
  const stripe = await placeOrderAsGuest(visitor);
  expect(stripe.hops[0]).toMatchObject({ method: "POST", status: 303 });
  expect(new URL(stripe.hops[0]!.location!).origin).toBe(stripeStandInUrl());
  // The site's Content-Security-Policy (form-action) names Stripe Checkout's origin, so a browser lets the
  // form's redirect reach it (proved in a browser without JavaScript: e2e/card-payment.spec.ts).
  expect(stripe.hops[0]!.url).toBe(`${siteWithStripeUrl()}/shop/checkout`);
  const checkoutPage = await visitor.get("/shop/checkout");
  expect(checkoutPage.headers["content-security-policy"]).toMatch(new RegExp(`form-action [^;]*${stripeStandInUrl().replace(/[.]/g, "\\.")}`));
  onStripeCheckout(stripe, "$15.00");
  const back = await stripe.form({ button: "Pay" }).submit("Pay");
  orderIdOf(back);
  expect(orderStatus(back)).toBe("Paid");
  expect(await stockOf(product.slug, db())).toBe(2);
});

test.describe("at the orders desk", () => {
  const deskStatus = (page: HttpPage) => page.text("[data-testid=desk-order-status]");

  test("staff refund a card order once: the stock comes back and the buyer is emailed", async ({ visitor, signedIn }) => {
    const product = await createProduct("card-refund", { priceCents: 2200, stock: 3, databaseUrl: db() });
    await add(visitor, product.slug);
    const email = uniqueMemberEmail("card-guest");
    const stripe = await placeOrderAsGuest(visitor, email);
    onStripeCheckout(stripe, "$22.00");
    const back = await stripe.form({ button: "Pay" }).submit("Pay");
    expect(orderStatus(back)).toBe("Paid");
    const orderId = orderIdOf(back);
    expect(await stockOf(product.slug, db())).toBe(2);

    const { browser: staff } = await signedIn("staff", site());
    const desk = await staff.get(`/admin/orders/${orderId}`);
    const unticked = await desk.form({ button: "Refund $22.00" }).submit("Refund $22.00");
    expect(unticked.text("main")).toContain("Tick the box to confirm that the whole payment should be refunded.");
    expect(await orderRow(orderId)).toMatchObject({ status: "paid" });
    const refunded = await unticked.form({ button: "Refund $22.00" }).check(/Yes, refund the whole card payment/).submit("Refund $22.00");
    expect(refunded.statuses("is refunded through Stripe and the buyer was emailed")).toHaveLength(1);
    expect(deskStatus(refunded)).toBe("Refunded");
    expect(refunded.buttons("main").filter((b) => b.startsWith("Refund"))).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded" });
    expect(await stockOf(product.slug, db())).toBe(3);
    expect((await waitForEmail(email, "order-refunded", db())).textBody).toContain("We refunded your card payment of $22.00");
    expect(orderStatus(await visitor.get(back.url.href))).toBe("Refunded");
  });

  test("staff email a pay-by-card link for a pay-later order; the buyer pays it from another device", async ({ signedIn, newVisitor }) => {
    const order = await createOrder({ totalCents: 4200, databaseUrl: db() });
    const { browser: staff } = await signedIn("staff", site());
    const desk = await staff.get(`/admin/orders/${order.id}`);
    const sent = await desk.form({ button: "Email a pay-by-card link" }).submit("Email a pay-by-card link");
    expect(sent.statuses(`was emailed to ${order.email}`)).toHaveLength(1);

    const mail = await waitForEmail(order.email, "order-pay-link", db());
    const link = /https?:\/\/\S+\?pay=[A-Za-z0-9_-]{43}/.exec(mail.textBody)![0];
    expect(new URL(link).origin).toBe(siteWithStripeUrl());

    // Another device: no session, no cart cookie, only the link.
    const buyer = await newVisitor();
    const page = await buyer.get(link);
    expect(orderStatus(page)).toBe("Awaiting payment");
    const stripe = await page.form({ button: "Pay now" }).submit("Pay now");
    onStripeCheckout(stripe, "$42.00");
    const back = await stripe.form({ button: "Pay" }).submit("Pay");
    expect(back.url.searchParams.get("payment")).toBe("success");
    expect(back.url.searchParams.has("pay")).toBe(true);
    expect(orderStatus(back)).toBe("Paid");
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", payment_method: "pay_later" });

    // Without the link, the order stays private.
    expect((await (await newVisitor()).get(`/shop/orders/${order.id}`)).status).toBe(404);
    expect((await staff.get(`/admin/orders/${order.id}`)).buttons("main")).toContain("Refund $42.00");
  });
});
