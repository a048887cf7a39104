import { expect, expectNoA11yViolations, test } from "./fixtures";
import { E2E_CLOCK_START, E2E_SEASON_YEAR } from "./clock";
import { setPlanByEmail } from "./events-db";
import { signUpMember } from "./member";

test.describe("home page", () => {
  test("hero, mission, features, featured products, upcoming events and call to action", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");

    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(main.getByRole("link", { name: "Explore Training" })).toHaveAttribute("href", "/training");
    await expect(main.getByRole("link", { name: "Shop Gear" })).toHaveAttribute("href", "/shop");
    await expect(main.getByRole("link", { name: "Donate", exact: true })).toHaveAttribute("href", "/donate");

    // The hero image is the LCP element: eager, preloaded, with explicit sizes.
    const hero = main.locator("section").first().locator("img");
    await expect(hero).toHaveAttribute("sizes", "100vw");
    await expect(hero).not.toHaveAttribute("loading", "lazy");

    await expect(main.getByText("Our Mission")).toBeVisible();
    for (const feature of ["Firearms Training", "Elite Fitness", "Community Support", "Regular Events"]) {
      await expect(main.getByRole("heading", { name: feature, level: 3 })).toBeVisible();
    }

    const featured = main.getByTestId("featured-products").getByTestId("product-card");
    await expect(featured).toHaveCount(4);
    await expect(featured.getByRole("button", { name: /^Quick View/ })).toHaveCount(4);
    for (const price of await featured.getByTestId("product-price").allTextContents()) {
      expect(price).toMatch(/^\$\d+\.\d{2}$/);
    }

    // The site's clock starts during the season (e2e/clock.ts): the next three are next season's first three.
    const events = main.getByTestId("upcoming-event");
    await expect(events).toHaveCount(3);
    await expect(events.getByRole("heading")).toHaveText(["Firearms Safety Fundamentals", "Veteran Ruck March", "Independence Day Community Cookout"]);
    await expect(events.first()).toContainText(`June 14, ${E2E_SEASON_YEAR}`);
    await expect(events.last()).toContainText(`July 4, ${E2E_SEASON_YEAR}`);
    const learnMore = events.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toHaveCount(3);
    for (const href of await learnMore.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/calendar\/\d+$/);
    }
    await expect(main.getByRole("link", { name: "View Full Calendar" })).toHaveAttribute("href", "/calendar");

    await expect(main.getByRole("link", { name: "Become a Member" })).toHaveAttribute("href", "/register");
    await expect(main.getByRole("link", { name: "Make a Donation" })).toHaveAttribute("href", "/donate");
    await expect(main.getByRole("link", { name: "Contact Us", exact: true })).toHaveAttribute("href", "/contact");

    await expectNoA11yViolations(page);
  });

  test("the call to join fits the visitor: members are not asked to become members", async ({ page }) => {
    const { email } = await signUpMember(page);
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Become a Member" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Upgrade Your Membership" })).toHaveAttribute("href", "/profile?tab=membership");

    await setPlanByEmail(email, "premium", new Date(new Date(E2E_CLOCK_START).getTime() + 100 * 24 * 3_600_000));
    for (const path of ["/", "/about"]) {
      await page.goto(path);
      await expect(main.getByRole("link", { name: /Become a Member|Upgrade Your Membership/ })).toHaveCount(0);
      await expect(main.getByRole("link", { name: "Contact Us", exact: true }).first()).toBeVisible();
    }
  });

  test("a Learn More link opens that event's page", async ({ page }) => {
    await page.goto("/");
    const first = page.getByTestId("upcoming-event").first();
    const title = (await first.getByRole("heading").textContent())!.trim();
    await first.getByRole("link", { name: /^Learn More/ }).click();
    await expect(page).toHaveURL(/\/calendar\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("Quick View opens a modal dialog, traps focus, closes on Escape and returns focus", async ({ page }) => {
    await page.goto("/");
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
