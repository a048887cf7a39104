import type { Locator, Page } from "@playwright/test";
import { TEST_MADE_MARK } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";

/** The spec's eight prices (section 9). */
const SPEC_PRICES = ["$29.99", "$24.99", "$19.99", "$15.99", "$49.99", "$89.99", "$34.99", "$27.99"];

const cards = (page: Page) => page.getByTestId("product-grid").getByTestId("product-card");
/**
 * The seed's products on the page. A journey that sells out stock makes an accessory of its own
 * (e2e/shop-helpers.ts createProduct, name marked TEST_MADE); the grid lists it too while this runs.
 */
const seeded = (page: Page) => cards(page).filter({ hasNotText: TEST_MADE_MARK });
/** How many products other specs made are listed on the page as rendered now (all are accessories). */
const testMade = (page: Page) => cards(page).filter({ hasText: TEST_MADE_MARK }).count();

async function prices(scope: Locator): Promise<number[]> {
  const texts = await scope.getByTestId("product-price").allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9.]/g, "")));
}

const ascending = (list: number[]) => [...list].sort((a, b) => a - b);

/** The category links: the desktop sidebar, or on phones the collapsible panel (opened first). */
async function categoryFilter(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) return page.getByTestId("category-sidebar");
  const panel = page.getByTestId("category-panel");
  if ((await panel.getAttribute("open")) === null) await panel.locator("summary").click();
  return panel;
}

test.describe("shop", () => {
  test("lists all eight products with their prices, categories and links", async ({ page }) => {
    const response = await page.goto("/shop");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const made = await testMade(page);
    await expect(page.getByRole("heading", { name: `All Products (${8 + made})` })).toBeVisible();
    await expect(seeded(page)).toHaveCount(8);
    await expect(cards(page)).toHaveCount(8 + made);

    const shown = await seeded(page).getByTestId("product-price").allTextContents();
    expect([...shown].sort()).toEqual([...SPEC_PRICES].sort());

    const first = cards(page).first();
    await expect(first.getByRole("link")).toHaveAttribute("href", /^\/shop\/[a-z0-9-]+$/);
    await expect(first).toContainText(/Apparel|Gear|Accessories/);
    // Explicit image dimensions: no layout shift while images load.
    const img = first.getByRole("img");
    await expect(img).toHaveAttribute("width", "800");
    await expect(img).toHaveAttribute("height", "800");
    await expect(img).toHaveAttribute("sizes", /vw|rem/);

    await expect(page.getByRole("link", { name: "Make a Donation" })).toHaveAttribute("href", "/donate");
    await expectNoA11yViolations(page);
  });

  test("category filter links show counts, filter the list, live in the URL and survive reload", async ({ page, isMobile }) => {
    await page.goto("/shop");
    const made = await testMade(page);
    const filter = await categoryFilter(page, isMobile);
    for (const name of [`All (${8 + made})`, "Apparel (2)", "Gear (3)", `Accessories (${3 + made})`]) {
      await expect(filter.getByRole("link", { name })).toBeVisible();
    }

    await filter.getByRole("link", { name: "Apparel (2)" }).click();
    await expect(page).toHaveURL(/\/shop\?category=apparel$/);
    await expect(page.getByRole("heading", { name: "Apparel (2)" })).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    for (const text of await cards(page).allTextContents()) expect(text).toContain("Apparel");

    await page.reload();
    await expect(page.getByRole("heading", { name: "Apparel (2)" })).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    const again = await categoryFilter(page, isMobile);
    await expect(again.getByRole("link", { name: "Apparel (2)" })).toHaveAttribute("aria-current", "page");

    await again.getByRole("link", { name: /^All \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(seeded(page)).toHaveCount(8);
    await expect(cards(page)).toHaveCount(8 + (await testMade(page)));
  });

  test("sort changes the URL and the order, keeps the category, and survives reload", async ({ page }) => {
    await page.goto("/shop");
    const sort = page.getByLabel("Sort by");
    await expect(sort.locator("option")).toHaveText(["Featured", "Price: Low to High", "Price: High to Low", "Newest"]);

    await sort.selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL(/[?&]sort=price-asc/);
    await expect.poll(() => prices(seeded(page))).toEqual(ascending([29.99, 24.99, 19.99, 15.99, 49.99, 89.99, 34.99, 27.99]));
    const all = await prices(cards(page)); // with any product another spec made meanwhile
    expect(all).toEqual(ascending(all));

    await sort.selectOption({ label: "Price: High to Low" });
    await expect(page).toHaveURL(/[?&]sort=price-desc/);
    await expect.poll(() => prices(seeded(page))).toEqual(ascending([29.99, 24.99, 19.99, 15.99, 49.99, 89.99, 34.99, 27.99]).reverse());
    const allDescending = await prices(cards(page));
    expect(allDescending).toEqual(ascending(allDescending).reverse());

    // Category and sort together.
    await page.goto("/shop?category=gear");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/category=gear/);
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect.poll(() => prices(cards(page))).toEqual([19.99, 34.99, 89.99]);

    await page.reload();
    await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
    await expect(page.getByRole("heading", { name: "Gear (3)" })).toBeVisible();
    expect(await prices(cards(page))).toEqual([19.99, 34.99, 89.99]);
    await expectNoA11yViolations(page);
  });

  test("a category link keeps the chosen sort", async ({ page, isMobile }) => {
    await page.goto("/shop?sort=price-desc");
    const filter = await categoryFilter(page, isMobile);
    await filter.getByRole("link", { name: `Accessories (${3 + (await testMade(page))})` }).click();
    await expect(page).toHaveURL(/category=accessories/);
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect.poll(() => prices(seeded(page))).toEqual([27.99, 24.99, 15.99]);
    const all = await prices(cards(page)); // with any accessory another spec made meanwhile
    expect(all).toEqual(ascending(all).reverse());
  });

  test("on a phone the size menu and Add to Cart leave every picture whole", async ({ page, isMobile }) => {
    test.skip(!isMobile, "touch-screen layout");
    for (const path of ["/shop", "/"]) {
      await page.goto(path);
      for (const card of await page.getByRole("main").getByTestId("product-card").all()) {
        const picture = (await card.getByRole("img").first().boundingBox())!;
        const action = (await card.getByTestId("card-action").boundingBox())!;
        expect(action.y, `${path}: ${await card.getByRole("heading").textContent()}`).toBeGreaterThanOrEqual(picture.y + picture.height - 1);
      }
    }
  });

  test("Add to Cart is reachable by Tab, shown on focus, and adds the item", async ({ page }) => {
    await page.goto("/shop");
    const first = cards(page).first();
    const button = first.getByRole("button", { name: /^Add to Cart/ });

    const canHover = await page.evaluate(() => matchMedia("(hover: hover)").matches);
    if (canHover) {
      // Hidden until the card is hovered or anything in it has focus.
      const reveal = first.getByTestId("card-action");
      await expect(reveal).toHaveCSS("opacity", "0");
      await first.hover();
      await expect(reveal).toHaveCSS("opacity", "1");
      await page.mouse.move(0, 0);
      await expect(reveal).toHaveCSS("opacity", "0");
    }

    // Tab from the sort control reaches the first card's Add to Cart (after its link and size menu).
    await page.getByLabel("Sort by").focus();
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await button.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await expect(button).toBeVisible();
    if (canHover) {
      await expect(first.getByTestId("card-action")).toHaveCSS("opacity", "1");
    }

    // No size chosen yet: asked for one, focus on the size menu, nothing added.
    await page.keyboard.press("Enter");
    await expect(first.getByRole("status")).toHaveText("Choose a size first.");
    const size = first.getByLabel("Size for Veteran Strong T-Shirt");
    await expect(size).toBeFocused();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    await size.selectOption({ label: "S" });
    await button.click();
    await expect(first.getByRole("status")).toContainText("Added Veteran Strong T-Shirt (size S) to your cart.");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expectNoA11yViolations(page);
  });

  test("an unknown category shows the empty state, whose button shows everything", async ({ page }) => {
    const response = await page.goto("/shop?category=does-not-exist");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("No products found in this category.")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: "Show All Products" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(seeded(page)).toHaveCount(8);
    await expect(cards(page)).toHaveCount(8 + (await testMade(page)));
  });

  test("the category filter is a sidebar on desktop and a collapsible panel on phones", async ({ page, isMobile }) => {
    await page.goto("/shop");
    const sidebar = page.getByTestId("category-sidebar");
    const panel = page.getByTestId("category-panel");
    if (!isMobile) {
      await expect(sidebar).toBeVisible();
      await expect(panel).toBeHidden();
      return;
    }
    await expect(sidebar).toBeHidden();
    await expect(panel).toBeVisible();
    await expect(panel).not.toHaveAttribute("open", "");
    await expect(panel.getByRole("link", { name: "Gear (3)" })).toBeHidden();

    await panel.locator("summary").click();
    await expect(panel).toHaveAttribute("open", "");
    await expect(panel.getByRole("link", { name: "Gear (3)" })).toBeVisible();
    await expectNoA11yViolations(page);

    await panel.getByRole("link", { name: "Gear (3)" }).click();
    await expect(page).toHaveURL(/category=gear/);
    await expect(page.getByRole("heading", { name: "Gear (3)" })).toBeVisible();
    await expect(page.getByTestId("category-panel").locator("summary")).toContainText("Gear");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("sorting still works through the form's Apply button, which a mouse user can see and click", async ({ page }) => {
      await page.goto("/shop?category=gear");
      await page.getByLabel("Sort by").selectOption("price-desc");
      const apply = page.getByRole("button", { name: "Apply" });
      await expect(apply).toBeVisible();
      expect((await apply.boundingBox())!.width).toBeGreaterThan(24);
      await apply.click();
      await expect(page).toHaveURL(/category=gear/);
      await expect(page).toHaveURL(/sort=price-desc/);
      expect(await prices(cards(page))).toEqual([89.99, 34.99, 19.99]);
    });

    test("the phone filter panel opens and filters", async ({ page, isMobile }) => {
      test.skip(!isMobile, "the collapsible panel is the phone layout");
      await page.goto("/shop");
      const panel = page.getByTestId("category-panel");
      await panel.locator("summary").click();
      await panel.getByRole("link", { name: `Accessories (${3 + (await testMade(page))})` }).click();
      await expect(page).toHaveURL(/category=accessories/);
      await expect(seeded(page)).toHaveCount(3);
      await expect(cards(page)).toHaveCount(3 + (await testMade(page)));
    });
  });
});

test.describe("product page", () => {
  test("shows the product, its stock, Add to Cart and related items", async ({ page }) => {
    const response = await page.goto("/shop/tactical-cap");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Tactical Cap/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tactical Cap");
    const main = page.getByRole("main");
    await expect(main.getByTestId("product-price").first()).toHaveText("$24.99");
    await expect(main.getByRole("img", { name: /cap/i }).first()).toBeVisible();
    await expect(main).toContainText("Accessories");
    await expect(main).toContainText("hook-and-loop panel");

    await expect(main.getByTestId("stock-state")).toHaveText("In stock");
    await main.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(main.getByRole("status").first()).toContainText("Added Tactical Cap to your cart.");
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    const related = main.getByRole("region", { name: "You might also like" }).getByTestId("product-card");
    await expect(related.first()).toBeVisible();
    expect(await related.getByRole("heading").allTextContents()).not.toContain("Tactical Cap");
    await expectNoA11yViolations(page);
  });

  test("an unknown product is a 404", async ({ page }) => {
    const response = await page.goto("/shop/no-such-product");
    expect(response?.status()).toBe(404);
  });

  test("a product card opens its page", async ({ page }) => {
    await page.goto("/shop");
    await cards(page).first().getByRole("link").click();
    await expect(page).toHaveURL(/\/shop\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("cart page", () => {
  test("says the cart is empty and links back to the shop", async ({ page }) => {
    const response = await page.goto("/shop/cart");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
    await expectNoA11yViolations(page);
  });
});
