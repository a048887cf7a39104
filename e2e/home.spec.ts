/**
 * The home page in a browser: Quick View is a modal dialog (focus moves in, stays in, and comes back),
 * its Add to Cart answers in place; the page's sections are shown. Texts and links, and the call to
 * join as each visitor sees it: e2e/http/home.spec.ts. The page's axe scan runs with its keyboard walk
 * (e2e/keyboard.spec.ts).
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("home page", () => {
  test("Quick View opens a modal dialog, traps focus, closes on Escape and returns focus", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    // The page's sections are shown (their texts and links: e2e/http/home.spec.ts).
    const main = page.getByRole("main");
    await expect(main.getByText("Our Mission")).toBeVisible();
    for (const feature of ["Firearms Training", "Elite Fitness", "Community Support", "Regular Events"]) {
      await expect(main.getByRole("heading", { name: feature, level: 3 })).toBeVisible();
    }

    const card = page.getByTestId("featured-products").getByTestId("product-card").first();
    const name = (await card.getByRole("heading").textContent())!.trim();
    const price = (await card.getByTestId("product-price").textContent())!.trim();
    const trigger = card.getByRole("button", { name: /^Quick View/ });

    // Keyboard: the trigger is reachable and visible once focused.
    await trigger.focus();
    await expect(trigger).toBeFocused();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img")).toBeVisible();
    await expect(dialog).toContainText(price);
    await expect(dialog.getByRole("link", { name: /View full details/ })).toHaveAttribute("href", /^\/shop\/[a-z0-9-]+$/);
    // Focus moved into the dialog, and Tab never leaves it.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    // The same Add to Cart as the product page: sizes, stock, an announced result and the badge.
    const sizes = dialog.getByRole("group", { name: /^Size/ });
    await expect(sizes.getByRole("radio", { name: /XS/ })).toBeDisabled();
    // No size is chosen for the buyer: Add to Cart first asks for one.
    await expect(sizes.getByRole("radio", { checked: true })).toHaveCount(0);
    await dialog.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(dialog.getByRole("status")).toHaveText("Choose a size first.");
    await expect(sizes.getByRole("radio", { name: /^S/ })).toBeFocused();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    await sizes.getByText("S", { exact: true }).click();
    await dialog.getByRole("button", { name: /^Add to Cart/ }).click();
    await expect(dialog.getByRole("status")).toContainText(`Added ${name} (size S) to your cart.`);
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    await expectNoA11yViolations(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("the Quick View close button closes the dialog and returns focus", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: /^Quick View/ }).nth(1);
    await trigger.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close quick view" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
