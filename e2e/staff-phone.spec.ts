/**
 * The staff area on a phone, where volunteers run the site: every staff page (each list, and a page of
 * each kind of record, with records this test makes, long email addresses included) at 360 and 390 px
 * is no wider than the screen, and an email address never wraps a letter or two per line. The pages are
 * read from the route files, so a new page is measured too. Also: the desks' lists are cards on a phone
 * (the status and total of an order in sight), their filters fold behind one Filter button that sums up
 * what is chosen, and a date picker's icon shows the focus ring when reached by keyboard.
 */
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { devices, type Browser, type Page } from "@playwright/test";
import { productIdOf } from "./catalog-db";
import { SAMPLE_PROGRAM, sampleFaqId, sampleLeaderId, sampleLocationId } from "./content-db";
import { seedGift } from "./donations-db";
import { addConfirmedRegistration, createEvent } from "./events-db";
import { expect, test } from "./fixtures";
import { addOutboxRow, setMembership } from "./members-desk-db";
import { createDraftIssue } from "./newsletter-db";
import { addContactMessage, createOrder, query } from "./staff-db";
import { createSignedInAccount, sessionCookie } from "./staff-session";
import { TINY_PNG } from "./verification-db";

const STAFF_ROUTES = path.join("src", "app", "(staff)", "admin");
const PHONE_WIDTHS = [360, 390] as const;

/** Every staff page's route pattern, read from the route files. */
function staffPages(folder = STAFF_ROUTES, route = "/admin"): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") pages.push(route);
    if (entry.isDirectory()) pages.push(...staffPages(path.join(folder, entry.name), `${route}/${entry.name}`));
  }
  return pages.sort();
}

/** A long address, as real ones are (a name, a family name, a unit, a provider's long domain). */
function longEmail(label: string): string {
  return `${label}.alexandria.montgomery-richardson.${randomUUID().slice(0, 8)}@veterans-association-example.org`;
}

/** One member with a long address who has a profile, a membership, an order, a gift, a registration and a verification request. */
async function makeRecords() {
  const email = longEmail("member");
  const userId = randomUUID();
  await query(`insert into "user" (id, name, email, email_verified) values ($1, 'Alexandria Montgomery-Richardson', $2, true)`, [userId, email]);
  await query(`insert into member_profiles (user_id, first_name, last_name, phone) values ($1, 'Alexandria', 'Montgomery-Richardson', '+1 (210) 555-0100')`, [userId]);
  await setMembership(userId, "premium", new Date("2026-01-15T17:00:00Z"), new Date("2027-01-15T17:00:00Z"));
  const [order] = await query<{ id: string }>(
    `insert into orders (email, user_id, contact_name, phone, fulfilment, pickup_location_id, subtotal_cents, shipping_cents, total_cents, payment_method, idempotency_key)
     values ($1, $2, 'Alexandria Montgomery-Richardson', '210 555 0100', 'pickup', (select id from training_locations order by sort_order limit 1), 2999, 0, 2999, 'pay_later', gen_random_uuid()::text)
     returning id`,
    [email, userId],
  );
  await query(`insert into order_lines (order_id, name, unit_price_cents, quantity) values ($1, 'Vanguard Veterans Association Heavyweight Hooded Sweatshirt', 2999, 1)`, [order!.id]);
  const gift = await seedGift({ email, name: "Alexandria Montgomery-Richardson", cents: 2500, at: new Date("2027-06-01T17:00:00Z"), status: "pledged" });
  const event = await createEvent("Phone width check", { capacity: 10 });
  await addConfirmedRegistration(event.id, email);
  await query(`insert into event_walk_ins (event_id, name, email, checked_in_at) values ($1, 'Alexandria Montgomery-Richardson', $2, now())`, [event.id, email]);
  const [verification] = await query<{ id: string }>(`insert into service_verifications (user_id, service_status, requested_at) values ($1, 'veteran', now()) returning id`, [userId]);
  await query(`insert into service_verification_documents (verification_id, content_type, file_name, size_bytes, bytes) values ($1, 'image/png', 'card.png', $2, $3)`, [
    verification!.id,
    TINY_PNG.length,
    TINY_PNG,
  ]);
  const messageId = await addContactMessage(`Phone width check ${Date.now()}`, email);
  const outboxId = await addOutboxRow({ to: email, subject: "Your order VVA-1234 is ready for pickup at Liberty Range" });
  await query(`insert into newsletter_subscribers (email, confirmed_at) values ($1, now())`, [longEmail("subscriber")]);
  const issueId = await createDraftIssue(`Phone width check ${Date.now()}`);
  return { email, ids: { userId, orderId: order!.id, giftId: gift.id, eventId: event.id, verificationId: verification!.id, messageId, outboxId, issueId } };
}

type Records = Awaited<ReturnType<typeof makeRecords>>;

/** The address of a real page for a route pattern. */
async function concrete(route: string, { ids }: Records): Promise<string> {
  const detail: Record<string, () => Promise<string | number>> = {
    "/admin/catalog/[id]": () => productIdOf("tactical-cap"),
    "/admin/check-in/[id]": async () => ids.eventId,
    "/admin/content/faqs/[id]": sampleFaqId,
    "/admin/content/leaders/[id]": sampleLeaderId,
    "/admin/content/locations/[id]": () => sampleLocationId(),
    "/admin/content/training/[id]": async () => SAMPLE_PROGRAM,
    "/admin/donations/[id]": async () => ids.giftId,
    "/admin/emails/[id]": async () => ids.outboxId,
    "/admin/events/[id]": async () => ids.eventId,
    "/admin/members/[id]": async () => ids.userId,
    "/admin/messages/[id]": async () => ids.messageId,
    "/admin/newsletter/[id]": async () => ids.issueId,
    "/admin/orders/[id]": async () => ids.orderId,
    "/admin/verifications/[id]": async () => ids.verificationId,
  };
  if (!route.includes("[id]")) return route;
  const id = detail[route];
  if (!id) throw new Error(`no record for ${route}: add one to concrete() in e2e/staff-phone.spec.ts`);
  return route.replace("[id]", String(await id()));
}

/** A phone (Pixel 7's browser, touch, its viewport meta honoured) or a laptop, signed in as a new admin. */
async function signedInAdmin(browser: Browser, width: number, device: "Pixel 7" | "Desktop Chrome" = "Pixel 7") {
  const baseURL = test.info().project.use.baseURL!;
  const token = await createSignedInAccount(`phone-admin-${randomUUID()}@example.com`, "admin");
  const { userAgent, deviceScaleFactor, isMobile, hasTouch } = devices[device];
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, userAgent, deviceScaleFactor, isMobile, hasTouch });
  await context.addCookies([sessionCookie(token, baseURL)]);
  return context;
}

/** How far the page is wider than the screen (0 when it fits), and the widest elements to blame. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const over = document.documentElement.scrollWidth - width;
    const culprits = over <= 0 ? [] : [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    return { over, culprits };
  });
}

/** The narrowest box that shows `text` alone: an address broken a letter or two per line is a few px wide. */
async function narrowestBoxShowing(page: Page, text: string): Promise<number | null> {
  return page.evaluate((wanted) => {
    const widths = [...document.querySelectorAll("body *")]
      .filter((element) => element.children.length === 0 && element.textContent?.trim() === wanted && element.getClientRects().length > 0)
      .map((element) => element.getBoundingClientRect().width);
    return widths.length ? Math.min(...widths) : null;
  }, text);
}

test("every staff page fits a 360 and a 390 px phone, and long email addresses never break a letter or two per line", async ({ browser }) => {
  test.setTimeout(180_000);
  const records = await makeRecords();
  const routes = staffPages();
  expect(routes.length).toBeGreaterThan(40);
  const addresses = await Promise.all(routes.map((route) => concrete(route, records)));
  const context = await signedInAdmin(browser, PHONE_WIDTHS[0]);
  const page = await context.newPage();
  const failures: string[] = [];
  let addressShown = 0;
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const address of addresses) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(200);
      const { over, culprits } = await overflow(page);
      if (over > 0) failures.push(`${address} at ${width}px is ${over}px too wide (${culprits.join(", ")})`);
      const narrowest = await narrowestBoxShowing(page, records.email);
      if (narrowest !== null) {
        addressShown++;
        // Broken only where it must (a 360 px phone fits about 40 letters): three or more letters a line.
        if (narrowest < 100) failures.push(`${address} at ${width}px shows the member's address in a box ${Math.round(narrowest)}px wide`);
      }
    }
  }
  expect(failures).toEqual([]);
  // The member's address was on the pages of the member, order, gift, event, message and email, and on their lists.
  expect(addressShown).toBeGreaterThanOrEqual(2 * 10);
  await context.close();
});

test("on a phone the orders list is cards with status and total in sight, and its filters fold behind one Filter button that says what is chosen", async ({ browser }) => {
  await createOrder({ totalCents: 2999 });
  const context = await signedInAdmin(browser, 390);
  const page = await context.newPage();
  await page.goto("/admin/orders?status=awaiting_payment&where=pickup");
  const filter = page.locator("summary").filter({ hasText: "Filter" });
  await expect(filter.locator("span").first()).toHaveText("Filter · Status: Awaiting payment, Delivery: Pickup (any location)");
  const row = page.getByTestId("order-row").first();
  const box = (await row.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Number first, then what staff look for: status and total, on the first screen (the filters folded), each labelled.
  for (const name of ["Status", "Total"]) {
    const cell = row.locator(`[data-label="${name}"]`);
    await expect(cell).toBeInViewport({ ratio: 1 });
    expect(await cell.evaluate((element) => getComputedStyle(element, "::before").content)).toContain(name);
  }
  const [numberBox, statusBox, placedBox] = await Promise.all([row.getByRole("link").first(), row.locator('[data-label="Status"]'), row.locator('[data-label="Placed"]')].map(async (cell) => (await cell.boundingBox())!));
  expect(numberBox!.y).toBeLessThan(statusBox!.y);
  expect(statusBox!.y).toBeLessThan(placedBox!.y);
  const search = page.getByRole("search", { name: "Find orders" });
  await expect(search).toBeHidden();
  await filter.focus();
  await page.keyboard.press("Enter");
  await expect(search.getByRole("combobox", { name: "Status" })).toBeVisible();
  await expect(search.getByRole("combobox", { name: "Status" })).toHaveValue("awaiting_payment");

  // Still a table to a screen reader: its column headers and rows.
  await expect(page.getByRole("table", { name: "Orders, newest first" }).getByRole("columnheader", { name: "Status" })).toHaveCount(1);
  await context.close();
});

test("on a laptop the filters stay open without a Filter button, and the lists stay tables", async ({ browser }) => {
  const context = await signedInAdmin(browser, 1280, "Desktop Chrome");
  const page = await context.newPage();
  await page.goto("/admin/orders?status=awaiting_payment");
  await expect(page.getByRole("search", { name: "Find orders" }).getByRole("combobox", { name: "Status" })).toBeVisible();
  await expect(page.locator("summary").filter({ hasText: "Filter" })).toBeHidden();
  await expect(page.getByRole("table", { name: "Orders, newest first" }).getByRole("columnheader", { name: "Status" })).toBeVisible();
  await expect(page.getByTestId("order-row").first()).toHaveCSS("display", "table-row");
  await context.close();
});

test("a date field's picker icon shows the focus ring when reached with Tab, on a laptop and on a phone", async ({ browser }) => {
  for (const [width, device] of [[1280, "Desktop Chrome"], [390, "Pixel 7"]] as const) {
    const context = await signedInAdmin(browser, width, device);
    const page = await context.newPage();
    await page.goto("/admin/events/new");
    const date = page.locator('input[type="date"]').first();
    await date.focus();
    // The picker icon alone, without its ring: the same pixels as with it unless the ring is drawn.
    const ringless = async () => {
      const style = await page.addStyleTag({ content: "input::-webkit-calendar-picker-indicator { outline: none !important; box-shadow: none !important; }" });
      const shot = await date.screenshot();
      await style.evaluate((element) => (element as Element).remove());
      return shot;
    };
    // Month and day, then on the year: the icon is not focused and has no ring.
    for (let i = 0; i < 2; i++) await page.keyboard.press("Tab");
    expect((await date.screenshot()).equals(await ringless()), `${width}px: a ring before the icon has the focus`).toBe(true);
    // One more Tab reaches the icon, which Chromium focuses on its own: the ring shows.
    await page.keyboard.press("Tab");
    await expect(date).toBeFocused();
    expect((await date.screenshot()).equals(await ringless()), `${width}px: no ring on the focused picker icon`).toBe(false);
    await context.close();
  }
});
