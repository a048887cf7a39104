/**
 * Member pricing and the verified service discount (ADR 0019), through the real site: a Premium
 * member's price on the product page, in the cart, at checkout and in the order they place; a
 * verified member's discount line; a lapsed membership's list prices; the staff rates page. Plans and
 * verifications are arranged by data relative to the e2e clock. On desktop and on a phone.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { waitForEmail } from "./outbox";
import { postedStatus } from "./page-helpers";
import { approveVerification, fromClockStart, giveMembership, orderDiscounts, pricingRatesRow } from "./pricing-db";
import { createProduct } from "./shop-helpers";
import { query } from "./staff-db";
import { signedInAs } from "./staff-session";

/** A product of the test's own at $20.00: Premium pays $18.00, Elite $17.00, a verified member $18.00. */
async function twentyDollarProduct(label: string) {
  return createProduct(`${label} ${test.info().project.name}`, { stock: 5, priceCents: 2000 });
}

/** Adds the product whose page is open, with JavaScript. */
async function addToCart(page: Page) {
  const form = page.getByRole("main").getByTestId("add-to-cart").first();
  await form.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(form.getByRole("status")).toContainText("to your cart.");
}

async function placePickupOrder(page: Page): Promise<string> {
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByLabel("Phone").fill("(210) 555-0142");
  await page.getByLabel("Pickup location").selectOption({ label: "Liberty Range — 4500 Range Road, Bulverde, TX" });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

test("a Premium member sees member prices on the product page, in the cart and at checkout, and the order records them", async ({ browser }) => {
  test.slow();
  const product = await twentyDollarProduct("Member price");
  const { context, email } = await signedInAs(browser, null);
  await giveMembership(email, "premium", fromClockStart(200));
  const page = await context.newPage();

  await page.goto(`/shop/${product.slug}`);
  await expect(page.getByTestId("product-price").first()).toContainText("$18.00");
  await expect(page.getByTestId("product-price").first()).toContainText("$20.00");
  await expect(page.getByTestId("product-discount")).toHaveText("Member pricing (Premium, 10%)");
  await expect(page.getByTestId("member-prices")).toHaveCount(0);
  await expectNoA11yViolations(page);
  await addToCart(page);

  await page.goto("/shop/cart");
  await expect(page.getByTestId("line-discount")).toHaveText("Member pricing (Premium, 10%): −$2.00 each");
  await expect(page.getByTestId("discount-line")).toHaveText("Member pricing (Premium, 10%) −$2.00");
  await expect(page.getByTestId("cart-discounted-subtotal")).toHaveText("$18.00");
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByTestId("summary-discount")).toHaveText(/Member pricing \(Premium, 10%\)\s*−\$2\.00/);
  await expect(summary.getByTestId("summary-total")).toHaveText("$18.00", { useInnerText: true });
  await page.getByText("Ship to my address").click();
  await expect(summary.getByTestId("summary-total")).toHaveText("$25.95", { useInnerText: true }); // shipping is not discounted
  await page.getByText("Pick up at a training location").click();
  await expectNoA11yViolations(page);
  const orderId = await placePickupOrder(page);

  await expect(page.getByTestId("order-discount")).toHaveText(/Member pricing \(Premium, 10%\)\s*−\$2\.00/);
  await expect(page.getByTestId("order-total")).toHaveText("$18.00");
  await expectNoA11yViolations(page);
  const stored = await orderDiscounts(orderId);
  expect(stored.lines).toEqual([{ unit_price_cents: 2000, unit_discount_cents: 200, discount_kind: "member-pricing", discount_tenths: 100, discount_basis: "premium" }]);
  expect(stored.order).toEqual({ subtotal_cents: 2000, member_pricing_cents: 200, verification_discount_cents: 0, total_cents: 1800 });
  const mail = await waitForEmail(email, "order-confirmation");
  expect(mail.textBody).toContain("Member pricing (Premium, 10%): −$2.00");
  expect(mail.textBody).toContain("Total: $18.00");

  // Staff see the same discount on the order's desk page.
  const staff = await signedInAs(browser, "staff");
  const desk = await staff.context.newPage();
  await desk.goto(`/admin/orders/${orderId}`);
  await expect(desk.getByRole("main")).toContainText("Member pricing (Premium, 10%)");
  await expect(desk.getByTestId("desk-order-total")).toHaveText("$18.00");
  await staff.context.close();
  await context.close();
});

test("a verified member sees the verified service discount as its own line at cart and checkout", async ({ browser }) => {
  const product = await twentyDollarProduct("Verified price");
  const { context, email } = await signedInAs(browser, null);
  await approveVerification(email, "veteran", fromClockStart(300));
  const page = await context.newPage();
  await page.goto(`/shop/${product.slug}`);
  await expect(page.getByTestId("product-discount")).toHaveText("Verified service discount (Veteran, 10%)");
  await addToCart(page);

  await page.goto("/shop/cart");
  await expect(page.getByTestId("discount-line")).toHaveText("Verified service discount (Veteran, 10%) −$2.00");
  await page.goto("/shop/checkout");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByTestId("summary-discount")).toHaveText(/Verified service discount \(Veteran, 10%\)\s*−\$2\.00/);
  await expect(summary.getByTestId("summary-total")).toHaveText("$18.00", { useInnerText: true });
  const orderId = await placePickupOrder(page);
  expect((await orderDiscounts(orderId)).order).toMatchObject({ verification_discount_cents: 200, total_cents: 1800 });
  await context.close();
});

test("a membership that lapsed shows list prices, with what members pay; in grace it still gets member pricing", async ({ browser, page: visitor }) => {
  const product = await twentyDollarProduct("Lapsed price");
  const lapsed = await signedInAs(browser, null);
  await giveMembership(lapsed.email, "elite", fromClockStart(-30)); // expired 30 days before the clock start: past the 14 days of grace
  const page = await lapsed.context.newPage();
  await page.goto(`/shop/${product.slug}`);
  await expect(page.getByTestId("product-price").first()).toHaveText("$20.00");
  await expect(page.getByTestId("product-discount")).toHaveCount(0);
  await expect(page.getByTestId("member-prices")).toContainText("Members pay less: $18.00 with Premium, $17.00 with Elite.");
  await addToCart(page);
  await page.goto("/shop/cart");
  await expect(page.getByTestId("cart-subtotal")).toHaveText("$20.00");
  await expect(page.getByTestId("discount-line")).toHaveCount(0);
  await page.goto("/shop/checkout");
  await expect(page.getByTestId("summary-discount")).toHaveCount(0);
  await expect(page.getByTestId("summary-total")).toHaveText("$20.00", { useInnerText: true });
  await lapsed.context.close();

  const grace = await signedInAs(browser, null);
  await giveMembership(grace.email, "elite", fromClockStart(-3));
  const gracePage = await grace.context.newPage();
  await gracePage.goto(`/shop/${product.slug}`);
  await expect(gracePage.getByTestId("product-discount")).toHaveText("Member pricing (Elite, 15%)");
  await expect(gracePage.getByTestId("product-price").first()).toContainText("$17.00");
  await grace.context.close();

  // A visitor sees the list price and what members pay, and the page passes axe.
  await visitor.goto(`/shop/${product.slug}`);
  await expect(visitor.getByTestId("product-price").first()).toHaveText("$20.00");
  await expect(visitor.getByTestId("member-prices")).toContainText("$18.00 with Premium, $17.00 with Elite");
  await expectNoA11yViolations(visitor);
});

async function noJsContext(browser: import("@playwright/test").Browser, signedIn: BrowserContext): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, javaScriptEnabled: false });
  await context.addCookies(await signedIn.cookies());
  return context;
}

test("staff set the rates: bad input is refused beside the field (422 without JavaScript), a valid save is recorded", async ({ browser }) => {
  test.slow();
  const { context, email } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Member pricing and service discount" })).toBeVisible();
  const before = await pricingRatesRow();
  const premium = page.getByRole("spinbutton", { name: "Premium member pricing (%)" });
  const elite = page.getByRole("spinbutton", { name: "Elite member pricing (%)" });
  await expect(premium).toHaveValue(before ? String(before.premium_tenths / 10) : "10");
  await expectNoA11yViolations(page);

  // With JavaScript: each error beside its field, the focus on the first.
  await premium.fill("75");
  await elite.fill("12.55");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByText("Enter the Premium member pricing as a percentage from 0 to 50, whole or with one decimal (like 10 or 12.5).")).toBeVisible();
  await expect(page.getByText("Enter the Elite member pricing as a percentage from 0 to 50, whole or with one decimal (like 10 or 12.5).")).toBeVisible();
  await expect(premium).toHaveAttribute("aria-invalid", "true");
  await expect(premium).toBeFocused();
  await expectNoA11yViolations(page);
  expect(await pricingRatesRow()).toEqual(before);

  // Without JavaScript: the post is answered 422, with the message beside the field and nothing changed.
  const plain = await noJsContext(browser, context);
  const noJs = await plain.newPage();
  await noJs.goto("/admin/pricing");
  await noJs.getByRole("spinbutton", { name: "Verified service discount (%)" }).fill("-5");
  expect(await postedStatus(noJs, noJs.getByRole("button", { name: "Save rates" }))).toBe(422);
  await expect(noJs.getByText("Enter the verified service discount as a percentage from 0 to 50")).toBeVisible();
  expect(await pricingRatesRow()).toEqual(before);
  await plain.close();

  // A valid save. The values stay those the other journeys count on (they run at the same time);
  // the Vitest suite proves new rates price the shop at once.
  await premium.fill("10");
  await elite.fill("15");
  await page.getByRole("spinbutton", { name: "Verified service discount (%)" }).fill("10.0");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rates saved: Premium 10%, Elite 15%, verified service 10%." })).toBeVisible();
  expect(await pricingRatesRow()).toEqual({ premium_tenths: 100, elite_tenths: 150, verification_tenths: 100 });
  const [audit] = await query<{ action: string }>(`select action from audit_log where actor_email = $1 and record_type = 'pricing_rates'`, [email]);
  expect(audit?.action).toBe("pricing.update");
  await context.close();
});
