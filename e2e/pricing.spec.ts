/**
 * Member pricing (ADR 0019) in a browser: axe on a Premium member's product page, cart, checkout and
 * order page, and on a visitor's product page with what members pay; checkout's total following the
 * delivery choice (CSS); the staff rates page's errors in place with focus. What the server answers
 * (every price, discount line and total, the order's stored discounts, the email, the desk, a verified
 * or lapsed member, the rates' 422s and a valid save): e2e/http/pricing.spec.ts. Plans are arranged by
 * data relative to the e2e clock; the cart is filled with Add to Cart's plain post (cart.spec.ts adds
 * with JavaScript).
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { fromClockStart, giveMembership, pricingRatesRow } from "./pricing-db";
import { addToCartByPost, createProduct } from "./shop-helpers";
import { signedInAs } from "./staff-session";

test("a Premium member's prices with axe on the product page, the cart, checkout (the total with and without shipping) and the order; a visitor's product page says what members pay", async ({ browser, page: visitor }) => {
  const product = await createProduct(`Member price ${test.info().project.name}`, { stock: 5, priceCents: 2000 });
  const { context, email } = await signedInAs(browser, null);
  await giveMembership(email, "premium", fromClockStart(200));
  const page = await context.newPage();

  await page.goto(`/shop/${product.slug}`);
  await expect(page.getByTestId("product-discount")).toHaveText("Member pricing (Premium, 10%)");
  await expectNoA11yViolations(page);
  await addToCartByPost(page, product.slug);

  await page.goto("/shop/cart");
  await expect(page.getByTestId("cart-discounted-subtotal")).toHaveText("$18.00");
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByTestId("summary-total")).toHaveText("$18.00", { useInnerText: true });
  await page.getByText("Ship to my address").click();
  await expect(summary.getByTestId("summary-total")).toHaveText("$25.95", { useInnerText: true }); // shipping is not discounted
  await page.getByText("Pick up at a training location").click();
  await expectNoA11yViolations(page);
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByLabel("Phone").fill("(210) 555-0142");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-total")).toHaveText("$18.00");
  await expectNoA11yViolations(page);
  await context.close();

  await visitor.goto(`/shop/${product.slug}`);
  await expect(visitor.getByTestId("member-prices")).toContainText("$18.00 with Premium, $17.00 with Elite");
  await expectNoA11yViolations(visitor);
});

test("staff set the rates: with JavaScript each error shows beside its field and the focus goes to the first; nothing is saved", async ({ browser }) => {
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto("/admin/pricing");
  const before = await pricingRatesRow();
  const premium = page.getByRole("spinbutton", { name: "Premium member pricing (%)" });
  const elite = page.getByRole("spinbutton", { name: "Elite member pricing (%)" });
  await expect(premium).toHaveValue(before ? String(before.premium_tenths / 10) : "10");
  await expectNoA11yViolations(page);

  await premium.fill("75");
  await elite.fill("12.55");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByText("Enter the Premium member pricing as a percentage from 0 to 50, whole or with one decimal (like 10 or 12.5).")).toBeVisible();
  await expect(page.getByText("Enter the Elite member pricing as a percentage from 0 to 50, whole or with one decimal (like 10 or 12.5).")).toBeVisible();
  await expect(premium).toHaveAttribute("aria-invalid", "true");
  await expect(premium).toBeFocused();
  await expectNoA11yViolations(page);
  expect(await pricingRatesRow()).toEqual(before);
  await context.close();
});
