import type { Browser, Page } from "@playwright/test";
import { productIdOf } from "./catalogue-db";
import { createDoorEvent, createEvent } from "./events-db";
import { expect, test } from "./fixtures";
import { signUpMember } from "./member";
import { addFromProductPage, createProduct } from "./shop-helpers";
import { signedInAs } from "./staff-session";

/**
 * Public pages are answered from the page cache for visitors without a cookie (ADR 0022). Each test
 * first shows a page coming from the cache, then makes one kind of change the way the site makes it,
 * and shows the very next visit without a cookie gets the new value.
 */

/** A visit by someone with no cookie at all: a fresh browser context for every visit. */
async function visit(browser: Browser, path: string): Promise<{ page: Page; cache: string | undefined; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return { page, cache: response?.headers()["x-page-cache"], close: () => context.close() };
}

/** Visits until the page is answered from the cache (the first visit renders and keeps it). */
async function cachedVisit(browser: Browser, path: string) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const seen = await visit(browser, path);
    if (seen.cache === "hit") return seen;
    await seen.close();
  }
  throw new Error(`${path} never came from the page cache`);
}

test.describe("the page cache", () => {
  test.skip(({ isMobile }) => isMobile, "the cache is the server's; one browser is enough");

  test("is never used for a visitor with a cookie, and a checkout shows in the stock of the next visit", async ({ browser, page }) => {
    test.setTimeout(60_000);
    const { slug } = await createProduct("Cached Canteen", { stock: 3 });
    const before = await cachedVisit(browser, `/shop/${slug}`);
    await expect(before.page.getByTestId("stock-state")).toHaveText("Only 3 left");
    await before.close();

    await addFromProductPage(page, slug);
    // The shopper has a cart cookie now: their pages are their own, never the cache's.
    expect((await page.goto(`/shop/${slug}`))?.headers()["x-page-cache"]).toBeUndefined();
    await page.goto("/shop/checkout");
    await page.getByLabel("Full name").fill("Jordan Rivera");
    await page.getByRole("textbox", { name: "Email" }).fill(`cache-${Date.now()}@example.com`);
    await page.getByLabel("Phone").fill("(210) 555-0142");
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");

    const after = await visit(browser, `/shop/${slug}`);
    await expect(after.page.getByTestId("stock-state")).toHaveText("Only 2 left");
    await after.close();
  });

  test("a registration and its cancellation show in the spots of the next visit", async ({ browser, page }) => {
    test.setTimeout(60_000);
    const event = await createEvent("Cached Clinic", { capacity: 1 });
    const spots = (visitor: Page) => visitor.getByRole("main").locator('[data-fact="spots"] dd').first();
    const before = await cachedVisit(browser, `/calendar/${event.id}`);
    await expect(spots(before.page)).toHaveText("1 spot left");
    await before.close();

    await signUpMember(page);
    await page.goto(`/calendar/${event.id}`);
    const register = page.locator("#register");
    await register.getByRole("button", { name: `Register Now: ${event.title}` }).click();
    await expect(register.getByTestId("registration-state")).toHaveText("You're registered.");
    const full = await visit(browser, `/calendar/${event.id}`);
    await expect(spots(full.page)).toHaveText("Full — join the waitlist");
    await full.close();

    await register.getByRole("button", { name: `Cancel Registration: ${event.title}` }).click();
    await expect(register.getByRole("status")).toHaveText("Your registration is cancelled and your seat has been released.");
    const open = await visit(browser, `/calendar/${event.id}`);
    await expect(spots(open.page)).toHaveText("1 spot left");
    await open.close();
  });

  test("a page made for each visitor is never shared: two visitors to /donate get idempotency keys of their own", async ({ browser }) => {
    const keys: string[] = [];
    for (let visitor = 0; visitor < 3; visitor += 1) {
      const seen = await visit(browser, "/donate");
      expect(seen.cache).toBeUndefined();
      keys.push(await seen.page.locator('input[name="idempotencyKey"]').first().inputValue());
      await seen.close();
    }
    expect(new Set(keys).size).toBe(3);
  });

  test("staff edits of an event (with seats offered to the waitlist) and of a product show on the next visit", async ({ browser }) => {
    test.setTimeout(60_000);
    const event = await createDoorEvent("Cached Capacity", { attendees: ["Ana Ortiz", "Ben Cole"], waiting: ["Cy Park"], capacity: 2 });
    const { slug } = await createProduct("Cached Patch", { stock: 8, priceCents: 1250 });
    const eventBefore = await cachedVisit(browser, "/calendar");
    await expect(eventBefore.page.getByTestId("event-card").filter({ hasText: event.title })).toContainText("Full — join the waitlist");
    await eventBefore.close();
    const productBefore = await cachedVisit(browser, `/shop/${slug}`);
    await expect(productBefore.page.getByTestId("product-price").first()).toHaveText("$12.50");
    await productBefore.close();

    const { context } = await signedInAs(browser, "staff");
    const staff = await context.newPage();
    await staff.goto(`/admin/events/${event.id}`);
    const details = staff.getByRole("region", { name: "Event details" });
    await details.getByRole("spinbutton", { name: "Seats" }).fill("4");
    await details.getByRole("button", { name: "Save changes" }).click();
    await expect(details.getByRole("status")).toHaveText("Event saved. 1 new seat was offered to the waitlist.");
    const eventAfter = await visit(browser, "/calendar");
    await expect(eventAfter.page.getByTestId("event-card").filter({ hasText: event.title })).toContainText("1 spot left");
    await eventAfter.close();

    await staff.goto(`/admin/catalogue/${await productIdOf(slug)}`);
    const product = staff.getByRole("region", { name: "Details" });
    await product.getByRole("textbox", { name: "Price in dollars" }).fill("14");
    await product.getByRole("button", { name: "Save changes" }).click();
    await expect(product.getByRole("status")).toHaveText("Saved. The shop shows the changes now.");
    const productAfter = await visit(browser, `/shop/${slug}`);
    await expect(productAfter.page.getByTestId("product-price").first()).toHaveText("$14.00");
    await productAfter.close();
    await context.close();
  });
});
