/**
 * The shared layout in a browser: the header turns solid on scroll, nothing overflows at laptop widths,
 * the phone menu opens and closes, the header's Donate is where each screen shows it, and page
 * transitions follow the visitor's motion preference. The links and texts of header and footer:
 * e2e/http/layout.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";

test.describe("shared layout", () => {
  test("header is transparent at the top and solid after 10px of scroll; the footer's program and legal links and phone number are shown", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/about");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 5));
    await expect(header).toHaveAttribute("data-scrolled", "false");

    const footer = page.locator("footer");
    for (const id of ["fitness", "firearms", "martial-arts", "tactical", "outdoor"]) await expect(footer.locator(`a[href="/training/${id}"]`)).toBeVisible();
    for (const href of ["/privacy", "/terms", "/refund"]) await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
    await expect(footer.locator('a[href^="tel:"]')).toBeVisible();
  });

  test("nothing overflows its box at laptop widths: the core values' titles, the footer's newsletter field", async ({ page }) => {
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
});

test.describe("navigation", () => {
  test("the header leads to /donate: in the banner on wide screens, in the menu on phones", { tag: "@phone" }, async ({ page, isMobile }) => {
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
      await expect(page.getByRole("banner").getByRole("link", { name: "Login / Register" })).toBeVisible();
      await page.getByRole("banner").getByRole("link", { name: "Donate", exact: true }).click();
    }
    await expect(page).toHaveURL(/\/donate$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support Our Mission");
  });

  test("the site's links navigate without a reload, ask for no page before they are clicked, and Back returns; a Ctrl+click opens a tab", async ({ page }) => {
    const pageRequests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "fetch" || request.resourceType() === "document") pageRequests.push(new URL(request.url()).pathname);
    });
    await page.goto("/about");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    // Scrolled into view, hovered: no link fetches its page ahead (the site's Link never prefetches).
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).hover();
    await page.waitForTimeout(300);
    expect(pageRequests).toEqual(["/about"]);

    // A marker on window survives only if the page never reloads.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await page.getByRole("banner").getByRole("link", { name: "Shop", exact: true }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Shop", exact: true })).toHaveAttribute("aria-current", "page");
    await page.goBack();
    await expect(page).toHaveURL(/\/privacy$/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(pageRequests.filter((path) => path === "/about")).toHaveLength(1);

    // A Ctrl+click is the browser's: the page opens in a new tab and this one stays where it is.
    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click({ modifiers: ["Control"] }),
    ]);
    // A new tab starts at about:blank and then goes to the link: wait for it to get there.
    await expect(tab).toHaveURL(/\/terms$/);
    await tab.close();
    await expect(page).toHaveURL(/\/privacy$/);
  });
});

test.describe("mobile menu", () => {
  test("opens, marks the current page, closes on route change and on Escape", { tag: "@phone" }, async ({ page, isMobile }) => {
    test.skip(!isMobile, "phone viewport only");
    await page.goto("/training");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Training" })).toHaveAttribute("aria-current", "page");
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

test("page transitions animate with CSS on navigation, and are switched off for people who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/about");
  await expect(page.locator("main > .page-enter")).toHaveCSS("animation-name", "page-enter");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/about");
  await expect(page.locator("main > .page-enter")).toHaveCSS("animation-name", "none");
});
