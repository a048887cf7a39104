/**
 * Member pricing and the verified service discount (ADR 0019) as the server answers them, without
 * JavaScript: a Premium member's price on the product page, in the cart, at checkout, in the order they
 * place, its email and the desk; a verified member's discount line; a lapsed membership's list prices and
 * one in grace; the staff rates page's plain posts (422 beside the field, a valid save audited). Plans
 * and verifications are arranged by data relative to the e2e clock. Which of checkout's totals shows (CSS)
 * and axe: e2e/pricing.spec.ts.
 */
import { waitForEmail } from "../outbox";
import { approveVerification, fromClockStart, giveMembership, orderDiscounts, pricingRatesRow } from "../pricing-db";
import { createProduct } from "../shop-helpers";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

/** A product of the test's own at $20.00: Premium pays $18.00, Elite $17.00, a verified member $18.00. */
const twentyDollarProduct = (label: string) => createProduct(`${label} http`, { stock: 5, priceCents: 2000 });

const testId = (page: HttpPage, id: string) => page.text(`[data-testid=${id}]`);
const firstPrice = (page: HttpPage) => page.text(page.byTestId("product-price").first()[0]!);
/** Checkout's total when pickup is chosen (the default): the summary holds only the total that applies. */
const pickupTotal = (page: HttpPage) => page.text("[data-testid=summary-total]");
const oneLine = (text: string) => text.replace(/\n/g, " ");

async function add(browser: TextBrowser, slug: string): Promise<void> {
  const added = await (await browser.get(`/shop/${slug}`)).form("main form[action='/shop/cart/add']").submit();
  expect(added.byTestId("cart-notice").text()).toContain("to your cart.");
}

async function placePickupOrder(checkout: HttpPage): Promise<HttpPage> {
  expect(checkout.control(/^Pick up at a training location/).attr("checked")).toBeDefined();
  const placed = await checkout
    .form({ button: "Place order" })
    .fill("Full name", "Jordan Rivera")
    .fill("Phone", "(210) 555-0142")
    .select("Pickup location", "Liberty Range — 4500 Range Road, Bulverde, TX")
    .submit("Place order");
  expect(placed.path).toMatch(/^\/shop\/orders\/[0-9a-f-]{36}$/);
  return placed;
}

test("a Premium member sees member prices on the product page, in the cart and at checkout, and the order (and the desk) records them", async ({ signedIn }) => {
  const product = await twentyDollarProduct("Member price");
  const { browser: member, email } = await signedIn(null);
  await giveMembership(email, "premium", fromClockStart(200));

  const page = await member.get(`/shop/${product.slug}`);
  expect(firstPrice(page)).toContain("$18.00");
  expect(firstPrice(page)).toContain("$20.00");
  expect(testId(page, "product-discount")).toBe("Member pricing (Premium, 10%)");
  expect(page.byTestId("member-prices")).toHaveLength(0);
  await add(member, product.slug);

  const cart = await member.get("/shop/cart");
  expect(testId(cart, "line-discount")).toBe("Member pricing (Premium, 10%): −$2.00 each");
  expect(oneLine(testId(cart, "discount-line"))).toBe("Member pricing (Premium, 10%) −$2.00");
  expect(testId(cart, "cart-discounted-subtotal")).toBe("$18.00");

  const checkout = await cart.follow("Proceed to Checkout");
  const summary = checkout.region("Order summary");
  expect(oneLine(checkout.text(summary.find("[data-testid=summary-discount]")[0]!))).toMatch(/^Member pricing \(Premium, 10%\)\s*−\$2\.00$/);
  expect(pickupTotal(checkout)).toBe("$18.00");
  const withShipping = await checkout.form({ button: "Place order" }).check(/^Ship to my address/).submit("Update total");
  expect(testId(withShipping, "summary-total")).toBe("$25.95"); // with shipping, which is not discounted
  const placed = await placePickupOrder(checkout);
  const orderId = placed.url.pathname.split("/").pop()!;

  expect(oneLine(testId(placed, "order-discount"))).toMatch(/^Member pricing \(Premium, 10%\)\s*−\$2\.00$/);
  expect(testId(placed, "order-total")).toBe("$18.00");
  const stored = await orderDiscounts(orderId);
  expect(stored.lines).toEqual([{ unit_price_cents: 2000, unit_discount_cents: 200, discount_kind: "member-pricing", discount_tenths: 100, discount_basis: "premium" }]);
  expect(stored.order).toEqual({ subtotal_cents: 2000, member_pricing_cents: 200, verification_discount_cents: 0, total_cents: 1800 });
  const mail = await waitForEmail(email, "order-confirmation");
  expect(mail.textBody).toContain("Member pricing (Premium, 10%): −$2.00");
  expect(mail.textBody).toContain("Total: $18.00");

  // Staff see the same discount on the order's desk page.
  const desk = await (await signedIn("staff")).browser.get(`/admin/orders/${orderId}`);
  expect(desk.text("main")).toContain("Member pricing (Premium, 10%)");
  expect(testId(desk, "desk-order-total")).toBe("$18.00");
});

test("a verified member sees the verified service discount as its own line at cart and checkout", async ({ signedIn }) => {
  const product = await twentyDollarProduct("Verified price");
  const { browser: member, email } = await signedIn(null);
  await approveVerification(email, "veteran", fromClockStart(300));
  expect(testId(await member.get(`/shop/${product.slug}`), "product-discount")).toBe("Verified service discount (Veteran, 10%)");
  await add(member, product.slug);

  expect(oneLine(testId(await member.get("/shop/cart"), "discount-line"))).toBe("Verified service discount (Veteran, 10%) −$2.00");
  const checkout = await member.get("/shop/checkout");
  expect(oneLine(checkout.text(checkout.region("Order summary").find("[data-testid=summary-discount]")[0]!))).toMatch(/^Verified service discount \(Veteran, 10%\)\s*−\$2\.00$/);
  expect(pickupTotal(checkout)).toBe("$18.00");
  const placed = await placePickupOrder(checkout);
  expect((await orderDiscounts(placed.url.pathname.split("/").pop()!)).order).toMatchObject({ verification_discount_cents: 200, total_cents: 1800 });
});

test("a membership that lapsed shows list prices, with what members pay; in grace it still gets member pricing", async ({ signedIn, visitor }) => {
  const product = await twentyDollarProduct("Lapsed price");
  const lapsed = await signedIn(null);
  await giveMembership(lapsed.email, "elite", fromClockStart(-30)); // expired 30 days before the clock start: past the 14 days of grace
  const page = await lapsed.browser.get(`/shop/${product.slug}`);
  expect(firstPrice(page)).toBe("$20.00");
  expect(page.byTestId("product-discount")).toHaveLength(0);
  expect(testId(page, "member-prices")).toContain("Members pay less: $18.00 with Premium, $17.00 with Elite.");
  await add(lapsed.browser, product.slug);
  const cart = await lapsed.browser.get("/shop/cart");
  expect(testId(cart, "cart-subtotal")).toBe("$20.00");
  expect(cart.byTestId("discount-line")).toHaveLength(0);
  const checkout = await lapsed.browser.get("/shop/checkout");
  expect(checkout.byTestId("summary-discount")).toHaveLength(0);
  expect(pickupTotal(checkout)).toBe("$20.00");

  const grace = await signedIn(null);
  await giveMembership(grace.email, "elite", fromClockStart(-3));
  const gracePage = await grace.browser.get(`/shop/${product.slug}`);
  expect(testId(gracePage, "product-discount")).toBe("Member pricing (Elite, 15%)");
  expect(firstPrice(gracePage)).toContain("$17.00");

  // A visitor sees the list price and what members pay.
  const seen = await visitor.get(`/shop/${product.slug}`);
  expect(firstPrice(seen)).toBe("$20.00");
  expect(testId(seen, "member-prices")).toContain("$18.00 with Premium, $17.00 with Elite");
});

test("staff set the rates: bad input is refused 422 beside the field and changes nothing; a valid save is recorded", async ({ signedIn }) => {
  const { browser: staff, email } = await signedIn("staff");
  const page = await (await staff.get("/admin")).follow("Pricing", "nav[aria-label='Staff area']");
  expect(page.heading(1)).toBe("Member pricing and service discount");
  const before = await pricingRatesRow();
  expect(page.control("Premium member pricing (%)").val()).toBe(before ? String(before.premium_tenths / 10) : "10");

  const outOfRange = await page.form({ button: "Save rates" }).fill("Premium member pricing (%)", "75").fill("Elite member pricing (%)", "12.55").submit("Save rates");
  expect(outOfRange.status).toBe(422);
  expect(outOfRange.fieldError("Premium member pricing (%)")).toContain("Enter the Premium member pricing as a percentage from 0 to 50, whole or with one decimal (like 10 or 12.5).");
  expect(outOfRange.fieldError("Elite member pricing (%)")).toContain("Enter the Elite member pricing as a percentage from 0 to 50, whole or with one decimal (like 10 or 12.5).");
  expect(outOfRange.control("Premium member pricing (%)").attr("aria-invalid")).toBe("true");
  const negative = await (await staff.get("/admin/pricing")).form({ button: "Save rates" }).fill("Verified service discount (%)", "-5").submit("Save rates");
  expect(negative.status).toBe(422);
  expect(negative.fieldError("Verified service discount (%)")).toContain("Enter the verified service discount as a percentage from 0 to 50");
  expect(await pricingRatesRow()).toEqual(before);

  // A valid save. The values stay those the other journeys count on (they run at the same time);
  // the Vitest suite proves new rates price the shop at once.
  const saved = await negative
    .form({ button: "Save rates" })
    .fill("Premium member pricing (%)", "10")
    .fill("Elite member pricing (%)", "15")
    .fill("Verified service discount (%)", "10.0")
    .submit("Save rates");
  expect(saved.statuses("Rates saved: Premium 10%, Elite 15%, verified service 10%.")).toHaveLength(1);
  expect(await pricingRatesRow()).toEqual({ premium_tenths: 100, elite_tenths: 150, verification_tenths: 100 });
  const [audit] = await query<{ action: string }>(`select action from audit_log where actor_email = $1 and record_type = 'pricing_rates'`, [email]);
  expect(audit?.action).toBe("pricing.update");
});
