/**
 * Paying by card, end to end, on the e2e site with Stripe keys (e2e/stripe.ts): checkout sends the
 * buyer to the "Stripe Checkout" page of the local stand-in (test/stripe-stand-in.ts); paying there
 * sends a signed checkout.session.completed event to the site's real webhook route and brings the buyer
 * back to the order page. Each test buys a product of its own, so the stock it counts is its own.
 */
import type { Page } from "@playwright/test";
import pg from "pg";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";
import { createOrder } from "./staff-db";
import { signedInAs } from "./staff-session";
import { addFromProductPage, createProduct, stockOf } from "./shop-helpers";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "./stripe";

test.use({ baseURL: siteWithStripeUrl() });

const ORDER_PAGE = /\/shop\/orders\/([0-9a-f-]{36})\?payment=(success|cancelled)$/;

interface OrderRow {
  status: string;
  payment_method: string;
  paid_at: Date | null;
  stripe_session_id: string | null;
}

async function orderRow(id: string): Promise<OrderRow> {
  const client = new pg.Client({ connectionString: siteWithStripeDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<OrderRow>("select status, payment_method, paid_at, stripe_session_id from orders where id = $1", [id]);
    return rows[0]!;
  } finally {
    await client.end();
  }
}

async function placeOrderAsGuest(page: Page): Promise<string> {
  const email = uniqueMemberEmail("card-guest");
  await page.goto("/shop/checkout");
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Phone").fill("(210) 555-0142");
  await page.getByRole("button", { name: "Confirm and pay" }).click();
  return email;
}

/** Waits for the stand-in's Checkout page and returns its session id. */
async function onStripeCheckout(page: Page, amount: string): Promise<string> {
  await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl() && url.pathname.startsWith("/c/pay/cs_"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stripe Checkout");
  await expect(page.getByTestId("amount-due")).toHaveText(amount);
  return new URL(page.url()).pathname.split("/").pop()!;
}

function orderIdOf(page: Page): string {
  const match = ORDER_PAGE.exec(new URL(page.url()).pathname + new URL(page.url()).search);
  expect(match, `an order page: ${page.url()}`).not.toBeNull();
  return match![1]!;
}

/** Asks the stand-in to deliver the session's checkout.session.completed event again, as Stripe may. */
async function resendWebhook(page: Page, sessionId: string): Promise<{ status: number; body: unknown }> {
  const response = await page.request.post(`${stripeStandInUrl()}/_stand-in/checkout/sessions/${sessionId}/resend-webhook`);
  expect(response.status(), await response.text()).toBe(200);
  const delivery = (await response.json()) as { status: number; body: string };
  return { status: delivery.status, body: JSON.parse(delivery.body) };
}

test("a guest pays by card on Stripe Checkout and comes back to a paid order; a replayed webhook changes nothing", async ({ page }) => {
  const db = siteWithStripeDatabaseUrl();
  const product = await createProduct("card-guest", { priceCents: 1250, stock: 5, databaseUrl: db });
  await addFromProductPage(page, product.slug);
  await addFromProductPage(page, product.slug);
  await placeOrderAsGuest(page);

  const sessionId = await onStripeCheckout(page, "$25.00");
  await expect(page.getByRole("table", { name: "Items" })).toContainText(`2 × ${product.name}`);
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByRole("main").getByRole("status")).toContainText("Stripe has your payment");
  await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await expectNoA11yViolations(page);

  const orderId = orderIdOf(page);
  const paid = await orderRow(orderId);
  expect(paid).toMatchObject({ status: "paid", payment_method: "stripe", stripe_session_id: sessionId, paid_at: expect.any(Date) });
  expect(await stockOf(product.slug, db), "the two items were taken from stock once").toBe(3);

  // Stripe delivers at least once: the same event again is acknowledged and changes nothing.
  expect(await resendWebhook(page, sessionId)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
  expect(await orderRow(orderId)).toEqual(paid);
  expect(await stockOf(product.slug, db)).toBe(3);
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
});

test("cancelling on Stripe Checkout brings the buyer back to the unpaid order with a message; Pay now then pays it", async ({ page }) => {
  const db = siteWithStripeDatabaseUrl();
  const product = await createProduct("card-cancel", { priceCents: 1999, stock: 4, databaseUrl: db });
  await addFromProductPage(page, product.slug);
  await placeOrderAsGuest(page);

  const firstSession = await onStripeCheckout(page, "$19.99");
  await page.getByRole("link", { name: "Cancel and go back" }).click();

  await expect(page).toHaveURL((url) => url.origin === siteWithStripeUrl() && url.search === "?payment=cancelled");
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Payment was cancelled. Your order is saved: you can pay now, or contact us if you changed your mind.",
  );
  await expectNoA11yViolations(page);
  const orderId = orderIdOf(page);
  expect(await orderRow(orderId)).toMatchObject({ status: "awaiting_payment", paid_at: null });
  // The saved order keeps its item: it was taken from stock when the order was placed.
  expect(await stockOf(product.slug, db)).toBe(3);

  await page.getByRole("button", { name: "Pay now" }).click();
  const secondSession = await onStripeCheckout(page, "$19.99");
  expect(secondSession).not.toBe(firstSession);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(ORDER_PAGE);
  expect(orderIdOf(page)).toBe(orderId);
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  expect(await orderRow(orderId)).toMatchObject({ status: "paid", stripe_session_id: secondSession });
  expect(await stockOf(product.slug, db), "paying later takes nothing more").toBe(3);
});

test("a member pays by card and the profile lists the order as paid", async ({ page }) => {
  const db = siteWithStripeDatabaseUrl();
  await signUpMember(page, { site: { url: siteWithStripeUrl(), databaseUrl: db } });
  const product = await createProduct("card-member", { priceCents: 3400, stock: 2, databaseUrl: db });
  await addFromProductPage(page, product.slug);
  await page.goto("/shop/checkout");
  await page.getByLabel("Full name").fill("Alex Member");
  await page.getByLabel("Phone").fill("512 555 0100");
  await page.getByRole("button", { name: "Confirm and pay" }).click();

  await onStripeCheckout(page, "$34.00");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(ORDER_PAGE);
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  const number = (await page.getByRole("heading", { level: 2, name: /^Order VVA-/ }).textContent())!.match(/VVA-\d+/)![0];

  await page.goto("/profile?tab=orders");
  const order = page.getByTestId("profile-order");
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(number);
  await expect(order).toContainText("Paid");
  expect(await stockOf(product.slug, db)).toBe(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("checkout's plain form post goes to Stripe Checkout and paying comes back to a paid order", async ({ page }) => {
    const db = siteWithStripeDatabaseUrl();
    const product = await createProduct("card-nojs", { priceCents: 1500, stock: 3, databaseUrl: db });
    await page.goto(`/shop/${product.slug}`);
    await page.getByRole("main").getByTestId("add-to-cart").first().getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(page.getByTestId("cart-notice")).toContainText("to your cart.");
    // The site's Content-Security-Policy (form-action) must let the form's redirect reach Stripe Checkout.
    await placeOrderAsGuest(page);

    await onStripeCheckout(page, "$15.00");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(ORDER_PAGE);
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    expect(await stockOf(product.slug, db)).toBe(2);
  });
});

test.describe("at the orders desk", () => {
  const site = () => ({ url: siteWithStripeUrl(), databaseUrl: siteWithStripeDatabaseUrl() });

  test("staff refund a card order once: the stock comes back and the buyer is e-mailed", async ({ page, browser }) => {
    const product = await createProduct("card-refund", { priceCents: 2200, stock: 3, databaseUrl: site().databaseUrl });
    await addFromProductPage(page, product.slug);
    const email = await placeOrderAsGuest(page);
    await onStripeCheckout(page, "$22.00");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByTestId("order-status")).toHaveText("Paid");
    const orderId = orderIdOf(page);
    expect(await stockOf(product.slug, site().databaseUrl)).toBe(2);

    const { context } = await signedInAs(browser, "staff", site());
    const desk = await context.newPage();
    await desk.goto(`/admin/orders/${orderId}`);
    await expectNoA11yViolations(desk);
    await desk.getByRole("button", { name: "Refund $22.00" }).click();
    await expect(desk.getByText("Tick the box to confirm that the whole payment should be refunded.")).toBeVisible();
    await desk.getByLabel(/Yes, refund the whole card payment/).check();
    await desk.getByRole("button", { name: "Refund $22.00" }).click();
    await expect(desk.getByRole("status")).toContainText("is refunded through Stripe and the buyer was e-mailed");
    await expect(desk.getByTestId("desk-order-status")).toHaveText("Refunded");
    await expect(desk.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded" });
    expect(await stockOf(product.slug, site().databaseUrl)).toBe(3);
    expect((await waitForEmail(email, "order-refunded", site().databaseUrl)).textBody).toContain("We refunded your card payment of $22.00");
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText("Refunded");
    await context.close();
  });

  test("staff e-mail a pay-by-card link for a pay-later order; the buyer pays it from another device", async ({ browser }) => {
    const order = await createOrder({ totalCents: 4200, databaseUrl: site().databaseUrl });
    const { context } = await signedInAs(browser, "staff", site());
    const desk = await context.newPage();
    await desk.goto(`/admin/orders/${order.id}`);
    await desk.getByRole("button", { name: "E-mail a pay-by-card link" }).click();
    await expect(desk.getByRole("status")).toContainText(`was e-mailed to ${order.email}`);
    await expectNoA11yViolations(desk);

    const mail = await waitForEmail(order.email, "order-pay-link", site().databaseUrl);
    const link = /https?:\/\/\S+\?pay=[A-Za-z0-9_-]{43}/.exec(mail.textBody)![0];
    expect(new URL(link).origin).toBe(siteWithStripeUrl());

    // Another device: no session, no cart cookie, only the link.
    const phone = await browser.newContext();
    const buyer = await phone.newPage();
    await buyer.goto(link);
    await expect(buyer.getByTestId("order-status")).toHaveText("Awaiting payment");
    await buyer.getByRole("button", { name: "Pay now" }).click();
    await onStripeCheckout(buyer, "$42.00");
    await buyer.getByRole("button", { name: "Pay" }).click();
    await expect(buyer).toHaveURL((url) => url.searchParams.get("payment") === "success" && url.searchParams.has("pay"));
    await expect(buyer.getByTestId("order-status")).toHaveText("Paid");
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", payment_method: "pay_later" });

    // Without the link, the order stays private.
    const stranger = await (await browser.newContext()).newPage();
    expect((await stranger.goto(`/shop/orders/${order.id}`))!.status()).toBe(404);
    await desk.reload();
    await expect(desk.getByRole("button", { name: "Refund $42.00" })).toBeVisible();
    await Promise.all([context.close(), phone.close(), stranger.context().close()]);
  });
});
