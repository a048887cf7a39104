/**
 * The cart with JavaScript: Add to Cart from the grid and the product page answers in place and counts
 * in the header without a reload, the cart page's stepper and Remove, and axe. Add to Cart and the
 * stepper as plain form posts, a refused post, and the cart across signing in and out: e2e/http/cart.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { addFromProductPage, badge } from "./shop-helpers";

const grid = (page: import("@playwright/test").Page) => page.getByTestId("product-grid").getByTestId("product-card");

test.describe("adding to the cart", () => {
  test("from the grid: the badge counts at once and the result is announced, without a reload", { tag: "@two-servers" }, async ({ page }) => {
    await page.goto("/shop?category=gear");
    await expect(badge(page)).toHaveText("0");
    // A marker on window survives only if the page never reloads.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    const bottle = grid(page).filter({ hasText: "Water Bottle" });
    await bottle.hover();
    await bottle.getByRole("button", { name: /^Add to Cart\s*, Water Bottle$/ }).click();
    await expect(bottle.getByRole("status")).toHaveText(/Added Water Bottle to your cart\./);
    await expect(badge(page)).toHaveText("1");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    await page.goto("/shop?category=apparel");
    const shirt = grid(page).filter({ hasText: "Veteran Strong T-Shirt" });
    await shirt.hover();
    const size = shirt.getByLabel("Size for Veteran Strong T-Shirt");
    await expect(size.locator("option", { hasText: "XS" })).toBeDisabled();
    await size.selectOption({ label: "M" });
    await shirt.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(shirt.getByRole("status")).toHaveText(/Added Veteran Strong T-Shirt \(size M\) to your cart\./);
    await expect(badge(page)).toHaveText("2");

    // Rendered on the server on every page, including after a reload.
    await page.goto("/about");
    await expect(badge(page)).toHaveText("2");
  });

  test("the product page shows price, sizes, stock state and related items; sold-out sizes and items cannot be added", async ({ page }) => {
    await page.goto("/shop/veteran-strong-tshirt");
    const main = page.getByRole("main");
    await expect(main.getByTestId("product-price").first()).toHaveText("$29.99");
    const sizes = main.getByRole("group", { name: /^Size/ });
    await expect(sizes.getByRole("radio")).toHaveCount(6);
    await expect(sizes.getByRole("radio", { name: /XS/ })).toBeDisabled();
    await expect(sizes.getByText("out of stock")).toBeVisible();
    await sizes.getByText("XXL", { exact: true }).click();
    await expect(main.getByTestId("stock-state")).toHaveText("Only 3 left");
    await expect(main.getByRole("region", { name: "You might also like" }).getByTestId("product-card").first()).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto("/shop/military-cap");
    await expect(page.getByRole("main").getByTestId("stock-state").first()).toHaveText("Out of stock");
    await expect(page.getByRole("main").getByRole("button", { name: /^Out of stock/ }).first()).toBeDisabled();
  });

  test("the cart page: lines with image, size and price; stepper capped by stock; remove; empty state", { tag: ["@two-servers", "@phone"] }, async ({ page }) => {
    await addFromProductPage(page, "veteran-strong-tshirt", "XXL");
    await addFromProductPage(page, "tactical-cap");
    await page.goto("/shop/cart");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    const shirt = lines.filter({ hasText: "Veteran Strong T-Shirt" });
    await expect(shirt.getByRole("img")).toBeVisible();
    await expect(shirt).toContainText("Size XXL");
    await expect(shirt).toContainText("$29.99 each");
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$54.98");
    await expectNoA11yViolations(page);

    const more = shirt.getByRole("button", { name: "Increase quantity of Veteran Strong T-Shirt, size XXL" });
    await more.click();
    await expect(page.getByTestId("cart-page-notice")).toHaveText("Veteran Strong T-Shirt (size XXL): quantity 2.");
    await page.getByRole("button", { name: "Increase quantity of Veteran Strong T-Shirt, size XXL" }).click();
    await expect(page.getByTestId("cart-page-notice")).toHaveText("Veteran Strong T-Shirt (size XXL): quantity 3.");
    await page.getByRole("button", { name: "Increase quantity of Veteran Strong T-Shirt, size XXL" }).click();
    await expect(page.getByTestId("cart-page-notice")).toHaveText(
      "Only 3 of Veteran Strong T-Shirt (size XXL) in stock: your cart holds the most we can sell.",
    );
    await expect(shirt.getByTestId("line-quantity")).toContainText("3");
    await expect(badge(page)).toHaveText("4");
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Remove Veteran Strong T-Shirt, size XXL" }).click();
    await expect(page.getByTestId("cart-page-notice")).toHaveText("Removed from your cart.");
    await page.getByRole("button", { name: "Decrease quantity of Tactical Cap" }).click();
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(badge(page)).toHaveText("0");
    await expectNoA11yViolations(page);
  });
});
