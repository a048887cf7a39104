import { randomUUID } from "node:crypto";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { E2E_CLOCK_START } from "./clock";

test.describe("shared layout", () => {
  test("header is transparent at the top and solid after 10px of scroll", async ({ page }) => {
    await page.goto("/about");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("footer has every link, contact details, socials in new tabs and the current year", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const href of ["/", "/shop", "/training", "/calendar", "/about", "/contact", "/donate"]) {
      await expect(footer.locator(`nav a[href="${href}"]`)).toHaveCount(1);
    }
    for (const id of ["fitness", "firearms", "martial-arts", "tactical", "outdoor"]) {
      await expect(footer.locator(`a[href="/training/${id}"]`)).toBeVisible();
    }
    for (const href of ["/privacy", "/terms", "/refund"]) await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
    await expect(footer.locator('a[href^="mailto:"]')).toHaveText("info@vanguardveterans.org");
    await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
    const socials = footer.getByRole("list", { name: "Social media" }).getByRole("link");
    await expect(socials).toHaveCount(3);
    for (const name of ["Facebook", "Instagram", "YouTube"]) {
      const link = socials.filter({ hasText: name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(footer).toContainText(`© ${new Date(E2E_CLOCK_START).getUTCFullYear()}`);
  });

  test("nothing overflows its box at laptop widths: the core values' titles, the footer's newsletter field", async ({ page, isMobile }) => {
    test.skip(isMobile, "laptop widths");
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/about");
      for (const title of await page.getByRole("region", { name: "Our core values" }).getByRole("heading", { level: 3 }).all()) {
        const fits = await title.evaluate((h) => h.scrollWidth <= h.clientWidth && h.getBoundingClientRect().right <= h.parentElement!.getBoundingClientRect().right);
        expect(fits, `${await title.textContent()} at ${width}px`).toBe(true);
      }
      const field = page.locator("footer").getByLabel("Get event news and program updates.");
      expect((await field.boundingBox())!.width, `newsletter field at ${width}px`).toBeGreaterThanOrEqual(160);
    }
  });

  test("the newsletter form asks to confirm by e-mail, and answers a repeat exactly alike", async ({ page }) => {
    await page.goto("/");
    const email = `reader-${randomUUID()}-${test.info().project.name}@example.com`;
    const form = page.locator("footer form");
    const answer = `Almost there: check ${email} for an e-mail from us and follow it to confirm. We send no newsletter until the address is confirmed.`;
    await form.getByLabel("Get event news and program updates.").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toHaveText(answer);
    // Same address again: the same answer, whether or not it is subscribed (e2e/newsletter.spec.ts confirms by e-mail).
    await form.getByLabel("Get event news and program updates.").fill(email.toUpperCase());
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toHaveText(answer);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the newsletter form still posts and answers", async ({ page }) => {
      await page.goto("/contact");
      const email = `nojs-${randomUUID()}-${test.info().project.name}@example.com`;
      await page.locator("footer form input[name=email]").fill(email);
      await page.locator("footer form button[type=submit]").click();
      await expect(page.locator("footer form [role=status]")).toContainText(`Almost there: check ${email} for an e-mail from us`);
    });
  });
});

test.describe("navigation", () => {
  test("the current route is marked with aria-current", async ({ page, isMobile }) => {
    await page.goto("/training");
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.getByRole("navigation", { name: isMobile ? "Mobile" : "Main" });
    await expect(nav.getByRole("link", { name: "Training" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  });

  test("header links to the cart with a badge and to login", async ({ page }) => {
    await page.goto("/");
    const cart = page.getByRole("link", { name: /^Cart, 0 items$/ });
    await expect(cart).toHaveAttribute("href", "/shop/cart");
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("the header leads to /donate: in the banner on wide screens, in the menu on phones", async ({ page, isMobile }) => {
    await page.goto("/about");
    if (isMobile) {
      await expect(page.getByRole("banner").getByRole("link", { name: "Donate" })).toBeHidden();
      await page.getByRole("button", { name: "Open menu" }).click();
    }
    const donate = page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Donate" });
    if (isMobile) {
      await expect(donate).toBeVisible();
      await expectNoA11yViolations(page);
      await donate.click();
    } else {
      await expect(donate).toBeHidden();
      await page.getByRole("banner").getByRole("link", { name: "Donate", exact: true }).click();
    }
    await expect(page).toHaveURL(/\/donate$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support Our Mission");
  });

  test("desktop shows Login / Register linking to /login", async ({ page, isMobile }) => {
    test.skip(isMobile, "on phones the link lives in the menu");
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Login / Register" })).toHaveAttribute("href", "/login");
  });
});

test.describe("mobile menu", () => {
  test.beforeEach(({ isMobile }) => test.skip(!isMobile, "phone viewport only"));

  test("opens, closes on route change and on Escape", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expectNoA11yViolations(page);
    await menu.getByRole("link", { name: "Shop" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Login / Register" })).toBeHidden();
  });
});

test.describe("page transitions", () => {
  test("animate with CSS on navigation", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/about");
    await expect(page.locator("main > .page-enter")).toHaveCSS("animation-name", "page-enter");
  });

  test("are switched off for people who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/about");
    await expect(page.locator("main > .page-enter")).toHaveCSS("animation-name", "none");
  });
});
