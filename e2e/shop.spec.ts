/**
 * The shop in a browser: the sort applies on change without a reload, Add to Cart answers in place and
 * is reachable by Tab, the phone's filter panel, the cards on a touch screen, the Apply button without
 * JavaScript, and axe. The listing, filters, sort orders and product pages as the server sends them:
 * e2e/http/shop.spec.ts.
 */
import type { Locator, Page } from "@playwright/test";
import { TEST_MADE_MARK } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";

const cards = (page: Page) => page.getByTestId("product-grid").getByTestId("product-card");
/**
 * The seed's products on the page. A journey that sells out stock makes an accessory of its own
 * (e2e/shop-helpers.ts createProduct, name marked TEST_MADE); the grid lists it too while this runs.
 */
const seeded = (page: Page) => cards(page).filter({ hasNotText: TEST_MADE_MARK });

async function prices(scope: Locator): Promise<number[]> {
  const texts = await scope.getByTestId("product-price").allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9.]/g, "")));
}

const ascending = (list: number[]) => [...list].sort((a, b) => a - b);


test.describe("shop", () => {
  test("sort changes the address and the order on change, keeps the category; axe on the shop, a sorted category and the empty state", async ({ page }) => {
    await page.goto("/shop");
    await expectNoA11yViolations(page);
    const sort = page.getByLabel("Sort by");
    // A marker on window survives only if the page never reloads.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await sort.selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL(/[?&]sort=price-asc/);
    await expect.poll(() => prices(seeded(page))).toEqual(ascending([29.99, 24.99, 19.99, 15.99, 49.99, 89.99, 34.99, 27.99]));
    await sort.selectOption({ label: "Price: High to Low" });
    await expect(page).toHaveURL(/[?&]sort=price-desc/);
    await expect.poll(() => prices(seeded(page))).toEqual(ascending([29.99, 24.99, 19.99, 15.99, 49.99, 89.99, 34.99, 27.99]).reverse());
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    // Category and sort together.
    await page.goto("/shop?category=gear");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/category=gear/);
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect.poll(() => prices(cards(page))).toEqual([19.99, 34.99, 89.99]);
    await expectNoA11yViolations(page);

    await page.goto("/shop?category=does-not-exist");
    await expect(page.getByText("No products found in this category.")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("on a phone the size menu and Add to Cart leave every picture whole, prices stand level, nothing wraps mid-word", { tag: "@phone" }, async ({ page, isMobile }) => {
    test.skip(!isMobile, "touch-screen layout");
    for (const path of ["/shop", "/"]) {
      await page.goto(path);
      const rows = new Map<number, number[]>();
      for (const card of await page.getByRole("main").getByTestId("product-card").all()) {
        const name = `${path}: ${await card.getByRole("heading").textContent()}`;
        const picture = (await card.getByRole("img").first().boundingBox())!;
        const action = (await card.getByTestId("card-action").boundingBox())!;
        expect(action.y, name).toBeGreaterThanOrEqual(picture.y + picture.height - 1);
        const price = (await card.getByTestId("product-price").boundingBox())!;
        rows.set(Math.round(picture.y), [...(rows.get(Math.round(picture.y)) ?? []), Math.round(price.y)]);
        // Add to Cart (or Quick View) on one line.
        const button = card.getByTestId("card-action").getByRole("button").last();
        const lines = await button.evaluate((el) => {
          const style = getComputedStyle(el);
          return (el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / parseFloat(style.lineHeight);
        });
        expect(lines, name).toBeLessThan(1.5);
      }
      // Two cards a row, their prices at one height whatever the name's length or the action's size.
      for (const prices of rows.values()) expect(new Set(prices).size, `${path}: ${prices.join(", ")}`).toBe(1);
    }
    // "T-Shirt" never breaks at its hyphen, in the cards or the product page's title.
    await page.goto("/shop/veteran-strong-tshirt");
    const title = page.getByRole("heading", { level: 1 }).getByText("T-Shirt", { exact: true });
    expect(await title.evaluate((el) => el.getClientRects().length)).toBe(1);
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

  test("the category filter is a sidebar on desktop and a collapsible panel on phones", { tag: "@phone" }, async ({ page, isMobile }) => {
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

    test("the sort form's Apply button is there for a mouse user to see and click", async ({ page }) => {
      await page.goto("/shop?category=gear");
      await page.getByLabel("Sort by").selectOption("price-desc");
      const apply = page.getByRole("button", { name: "Apply" });
      await expect(apply).toBeVisible();
      expect((await apply.boundingBox())!.width).toBeGreaterThan(24);
      await apply.click();
      await expect(page).toHaveURL(/sort=price-desc/);
      expect(await prices(cards(page))).toEqual([89.99, 34.99, 19.99]);
    });
  });
});

test.describe("product page", () => {
  test("Add to Cart answers in place and counts in the header; the picture and related items are shown; axe", async ({ page }) => {
    await page.goto("/shop/tactical-cap");
    const main = page.getByRole("main");
    await expect(main.getByRole("img", { name: /cap/i }).first()).toBeVisible();
    await main.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(main.getByRole("status").first()).toContainText("Added Tactical Cap to your cart.");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(main.getByRole("region", { name: "You might also like" }).getByTestId("product-card").first()).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
