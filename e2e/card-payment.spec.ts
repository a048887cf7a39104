/**
 * Paying by card in a browser, on the e2e site with Stripe keys (e2e/stripe.ts): checkout with
 * JavaScript sends the buyer to the "Stripe Checkout" page of the local stand-in
 * (test/stripe-stand-in.ts) and back; without JavaScript the site's Content-Security-Policy must let the
 * form's redirect reach it; the orders desk refunds and emails a pay-by-card link in place; axe on each
 * state. What the server answers (the webhook and its replay, stock, the order rows, emails, the
 * member's Orders tab, paying from the emailed link): e2e/http/card-payment.spec.ts.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { uniqueMemberEmail } from "./member";
import { createOrder } from "./staff-db";
import { signedInAs } from "./staff-session";
import { addToCartByPost, createProduct } from "./shop-helpers";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "./stripe";

test.use({ baseURL: siteWithStripeUrl() });

const site = () => ({ url: siteWithStripeUrl(), databaseUrl: siteWithStripeDatabaseUrl() });
const ORDER_PAGE = /\/shop\/orders\/([0-9a-f-]{36})\?payment=(success|cancelled)$/;

async function placeOrderAsGuest(page: Page): Promise<void> {
  await page.goto("/shop/checkout");
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByRole("textbox", { name: "Email" }).fill(uniqueMemberEmail("card-guest"));
  await page.getByLabel("Phone").fill("(210) 555-0142");
  await page.getByRole("button", { name: "Confirm and pay" }).click();
}

/** Waits for the stand-in's Checkout page and returns its session id. */
async function onStripeCheckout(page: Page, amount: string): Promise<string> {
  await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl() && url.pathname.startsWith("/c/pay/cs_"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stripe Checkout");
  await expect(page.getByTestId("amount-due")).toHaveText(amount);
  return new URL(page.url()).pathname.split("/").pop()!;
}

test("a guest pays by card on Stripe Checkout and comes back to a paid order; cancelling first comes back to the unpaid order, whose Pay now goes again; axe on both", async ({ page }) => {
  const product = await createProduct("card-guest", { priceCents: 1250, stock: 5, databaseUrl: site().databaseUrl });
  await addToCartByPost(page, product.slug, { site: site() });
  await addToCartByPost(page, product.slug, { site: site() });
  await placeOrderAsGuest(page);

  const firstSession = await onStripeCheckout(page, "$25.00");
  await expect(page.getByRole("table", { name: "Items" })).toContainText(`2 × ${product.name}`);
  await page.getByRole("link", { name: "Cancel and go back" }).click();
  await expect(page).toHaveURL((url) => url.origin === siteWithStripeUrl() && url.search === "?payment=cancelled");
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Payment was canceled. Your order is saved: you can pay now, or contact us if you changed your mind.",
  );
  await expectNoA11yViolations(page);
  const orderId = ORDER_PAGE.exec(page.url())![1];

  await page.getByRole("button", { name: "Pay now" }).click();
  const secondSession = await onStripeCheckout(page, "$25.00");
  expect(secondSession).not.toBe(firstSession);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(ORDER_PAGE);
  expect(ORDER_PAGE.exec(page.url())![1]).toBe(orderId);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByRole("main").getByRole("status")).toContainText("Stripe has your payment");
  await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the site's Content-Security-Policy lets checkout's plain form post redirect to Stripe Checkout", async ({ page }) => {
    const product = await createProduct("card-nojs", { priceCents: 1500, stock: 3, databaseUrl: site().databaseUrl });
    await addToCartByPost(page, product.slug, { site: site() });
    // A browser enforces the policy's form-action on the form's redirect too: this is what it lets through.
    await placeOrderAsGuest(page);
    await onStripeCheckout(page, "$15.00");
  });
});

test("at the orders desk with JavaScript: a card refund asks for the ticked box, then refunds in place; a pay-by-card link is emailed in place; axe on both", async ({ browser, playwright }) => {
  // A paid card order, bought by another device through the stand-in's plain forms.
  const product = await createProduct("card-refund", { priceCents: 2200, stock: 3, databaseUrl: site().databaseUrl });
  const buyerContext = await playwright.request.newContext({ baseURL: siteWithStripeUrl() });
  const buyer = new TextBrowser(buyerContext, siteWithStripeUrl());
  await addToCartByPost(buyerContext, product.slug, { site: site() });
  const stripe = await (await buyer.get("/shop/checkout"))
    .form({ button: "Confirm and pay" })
    .fill("Full name", "Jordan Rivera")
    .fill("Email", uniqueMemberEmail("card-guest"))
    .fill("Phone", "(210) 555-0142")
    .submit("Confirm and pay");
  const paid = await stripe.form({ button: "Pay" }).submit("Pay");
  const orderId = ORDER_PAGE.exec(paid.path)![1];
  await buyerContext.dispose();

  const { context } = await signedInAs(browser, "staff", site());
  const desk = await context.newPage();
  await desk.goto(`/admin/orders/${orderId}`);
  await expect(desk.getByTestId("desk-order-status")).toContainText("Paid");
  await expectNoA11yViolations(desk);
  await desk.getByRole("button", { name: "Refund $22.00" }).click();
  await expect(desk.getByText("Tick the box to confirm that the whole payment should be refunded.")).toBeVisible();
  await desk.getByLabel(/Yes, refund the whole card payment/).check();
  await desk.getByRole("button", { name: "Refund $22.00" }).click();
  await expect(desk.getByRole("status")).toContainText("is refunded through Stripe and the buyer was emailed");
  await expect(desk.getByTestId("desk-order-status")).toHaveText("Refunded");
  await expect(desk.getByRole("button", { name: /^Refund/ })).toHaveCount(0);

  const order = await createOrder({ totalCents: 4200, databaseUrl: site().databaseUrl });
  await desk.goto(`/admin/orders/${order.id}`);
  await desk.getByRole("button", { name: "Email a pay-by-card link" }).click();
  await expect(desk.getByRole("status")).toContainText(`was emailed to ${order.email}`);
  await expectNoA11yViolations(desk);
  await context.close();
});
