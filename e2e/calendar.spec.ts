import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { createEvent, eventIds, TEST_MADE } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { E2E_SEASON_YEAR } from "./clock";

/** The upcoming events (past ones, which other specs may add, are listed in a section of their own). */
const eventCards = (page: Page) => page.locator("section[aria-labelledby=events-heading]").getByTestId("event-card");
const filter = (page: Page) => page.getByRole("navigation", { name: "Event categories" });

/** The seed's six events, in date order: their seats are never taken by a test (journeys make their own events). */
const SEEDED = [
  { title: "Firearms Safety Fundamentals", spots: "12 spots left" },
  { title: "Veteran Ruck March", spots: "20 spots left" },
  { title: "Independence Day Community Cookout", spots: "Unlimited" },
  { title: "Stop the Bleed & Tactical First Aid", spots: "8 spots left" },
  { title: "Precision Rifle Clinic", spots: "15 spots left" },
  { title: "Functional Fitness Challenge", spots: "15 spots left" },
];

/**
 * The titles of the upcoming cards on the page: the seed's six first, then only events other specs
 * made while this runs (community events dated after the season, titles marked TEST_MADE). Returns
 * how many of those there are, so a count on the same page can be checked exactly.
 */
async function expectSeededSixThenTestMade(page: Page): Promise<number> {
  const titles = (await eventCards(page).getByRole("heading").allTextContents()).map((t) => t.trim());
  expect(titles.slice(0, 6)).toEqual(SEEDED.map((e) => e.title));
  const others = titles.slice(6);
  for (const title of others) expect(title, "an upcoming event the seed does not have").toMatch(TEST_MADE);
  return others.length;
}

/** The id of the first event on the calendar, read from the link on its title. */
async function firstEventId(page: Page): Promise<string> {
  await page.goto("/calendar");
  const href = await eventCards(page).first().getByRole("heading").getByRole("link").getAttribute("href");
  return href!.match(/^\/calendar\/(\d+)$/)![1]!;
}

test.describe("calendar", () => {
  test("lists the six events with date, category, time, location and spots", async ({ page }) => {
    const response = await page.goto("/calendar");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    // Other specs' events (made while this runs) are listed after the six and counted in the heading.
    const made = await expectSeededSixThenTestMade(page);
    await expect(page.getByRole("heading", { name: `All Events (${6 + made})` })).toBeVisible();
    await expect(eventCards(page)).toHaveCount(6 + made);

    const first = eventCards(page).first();
    // The site's clock starts inside the season (e2e/clock.ts), so the seed scheduled next year's.
    await expect(first.locator('[data-fact="date"] dd')).toHaveText(`June 14, ${E2E_SEASON_YEAR}`);
    await expect(first).toContainText(/Time:\s*\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM) C[DS]T/);
    await expect(first).toContainText(/Location:\s*\S+/);
    await expect(first).toContainText(/Firearms|Fitness|Medical|Community/);

    // Capacities in the spec's order: 12, 20, Unlimited, 8, 15, 15, all free: registration journeys
    // register for events of their own (and for the unlimited cookout).
    const spots = await eventCards(page).locator('[data-fact="spots"] dd').allTextContents();
    expect(spots.slice(0, 6)).toEqual(SEEDED.map((e) => e.spots));

    await expect(page.getByRole("link", { name: "Download All Events (.ics)" })).toHaveAttribute("href", "/calendar.ics");
    await expectNoA11yViolations(page);
  });

  test("category filter shows counts, filters, lives in the URL and survives reload", async ({ page }) => {
    await page.goto("/calendar");
    // Events other specs make while this runs are community events: counted in All and Community.
    const made = await expectSeededSixThenTestMade(page);
    for (const name of [`All (${6 + made})`, "Firearms (2)", "Fitness (2)", "Medical (1)", `Community (${1 + made})`]) {
      await expect(filter(page).getByRole("link", { name })).toBeVisible();
    }
    await expect(filter(page).getByRole("link", { name: `All (${6 + made})` })).toHaveAttribute("aria-current", "page");

    await filter(page).getByRole("link", { name: "Firearms (2)" }).click();
    await expect(page).toHaveURL(/\/calendar\?category=firearms$/);
    await expect(page.getByRole("heading", { name: "Firearms Events (2)" })).toBeVisible();
    await expect(eventCards(page)).toHaveCount(2);
    for (const text of await eventCards(page).allTextContents()) expect(text).toContain("Firearms");

    await page.reload();
    await expect(eventCards(page)).toHaveCount(2);
    await expect(filter(page).getByRole("link", { name: "Firearms (2)" })).toHaveAttribute("aria-current", "page");

    await filter(page).getByRole("link", { name: "Medical (1)" }).click();
    await expect(eventCards(page)).toHaveCount(1);
    await expect(eventCards(page)).toContainText("Stop the Bleed");
  });

  test("an unknown category shows the empty state", async ({ page }) => {
    await page.goto("/calendar?category=does-not-exist");
    await expect(page.getByText("No events found in this category.")).toBeVisible();
    await expect(eventCards(page)).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "Show All Events" }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    const made = await expectSeededSixThenTestMade(page);
    await expect(eventCards(page)).toHaveCount(6 + made);
  });

  test("View Details expands one card at a time and Show Less collapses it", async ({ page }) => {
    await page.goto("/calendar");
    const [one, two] = [eventCards(page).nth(0), eventCards(page).nth(1)];
    const details = (card: typeof one) => card.getByTestId("event-details");

    const panel = (card: typeof one) => details(card).locator("summary + div");
    await expect(details(one)).not.toHaveAttribute("open", "");
    await expect(panel(one)).toBeHidden();

    await one.locator("summary").click();
    await expect(details(one)).toHaveAttribute("open", "");
    // Only the visible label counts: the other one is display:none.
    await expect(one.locator("summary")).toContainText("Show Less", { useInnerText: true });
    await expect(one.locator("summary")).not.toContainText("View Details", { useInnerText: true });
    await expect(panel(one)).toBeVisible();
    await expect(panel(one)).toContainText("Instructor:");
    await expectNoA11yViolations(page);

    await two.locator("summary").click();
    await expect(details(two)).toHaveAttribute("open", "");
    await expect(details(one)).not.toHaveAttribute("open", "");
    await expect(page.locator("details[name=event-details][open]")).toHaveCount(1);
    // The Ruck March (second event) asks for a 20-30 lb ruck.
    await expect(two).toContainText("20-30 lbs");

    await two.locator("summary").click();
    await expect(details(two)).not.toHaveAttribute("open", "");
    await expect(two.locator("summary")).toContainText("View Details", { useInnerText: true });
    await expect(two.locator("summary")).not.toContainText("Show Less", { useInnerText: true });
  });

  test("View Details works from the keyboard", async ({ page }) => {
    await page.goto("/calendar");
    const summary = eventCards(page).first().locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(eventCards(page).first().getByTestId("event-details")).toHaveAttribute("open", "");
  });

  test("Register Now, Google Calendar and iCal buttons on every card; a visitor's Register Now asks them to sign in", async ({ page }) => {
    await page.goto("/calendar");
    const card = eventCards(page).first();
    const title = (await card.getByRole("heading").textContent())!.trim();

    const google = card.getByRole("link", { name: /^Add to Google Calendar/ });
    await expect(google).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\/calendar\/render\?/);
    await expect(google).toHaveAttribute("href", /ctz=America%2FChicago/);
    await expect(google).toHaveAttribute("target", "_blank");
    await expect(google).toHaveAttribute("rel", /noopener/);

    const ical = card.getByRole("link", { name: /^Download iCal/ });
    await expect(ical).toHaveAttribute("download", "");
    const [download] = await Promise.all([page.waitForEvent("download"), ical.click()]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
    const text = await readFile(await download.path(), "utf8");
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("TZID=America/Chicago");
    expect(text).toContain(`SUMMARY:${title}`);

    for (const each of await eventCards(page).all()) {
      // Full events (the waitlist journey fills one) offer the waitlist instead.
      await expect(each.getByRole("button", { name: /^(Register Now|Join the Waitlist): / })).toBeVisible();
    }
    const id = await firstEventId(page);
    await card.getByRole("button", { name: `Register Now: ${title}` }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `/calendar/${id}#register`);
  });

  test("the category feeds link from the calendar and hold only their category", async ({ page, request }) => {
    await page.goto("/calendar");
    await expect(page.getByRole("link", { name: "Fitness events (.ics)" })).toHaveAttribute("href", "/calendar/feeds/fitness.ics");
    const response = await request.get("/calendar/feeds/fitness.ics");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);
    expect(body).toContain("SUMMARY:Veteran Ruck March");
    expect(body).toContain("SUMMARY:Functional Fitness Challenge");
    expect(body).not.toContain("SUMMARY:Precision Rifle Clinic");
    expect((await request.get("/calendar/feeds/parties.ics")).status()).toBe(404);
  });
});

test.describe("event page", () => {
  test("shows every detail, the calendar buttons and the Register Now form", async ({ page }) => {
    const id = await firstEventId(page);
    const response = await page.goto(`/calendar/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Firearms Safety Fundamentals");
    await expect(page).toHaveTitle(/Firearms Safety Fundamentals/);
    const main = page.getByRole("main");
    await expect(main).toContainText(`June 14, ${E2E_SEASON_YEAR}`);
    await expect(main).toContainText("9:00 AM - 1:00 PM CDT");
    await expect(main).toContainText("Liberty Range, Bulverde, TX");
    await expect(main).toContainText("Firearms");
    await expect(main).toContainText("12 spots left");
    await expect(main).toContainText("David Okafor");
    await expect(main).toContainText("America/Chicago");
    await expect(main.getByRole("heading", { name: "Register Now" })).toBeVisible();
    await expect(main.locator("#register").getByRole("button", { name: "Register Now: Firearms Safety Fundamentals" })).toBeVisible();
    await expect(main.getByRole("link", { name: /^Add to Google Calendar/ })).toHaveAttribute("href", /ctz=America%2FChicago/);
    await expect(main.getByRole("link", { name: /^Download iCal/ })).toHaveAttribute("href", `/calendar/${id}/event.ics`);
    await expectNoA11yViolations(page);
  });

  for (const bad of ["abc", "99999999999", "0", "-1", "1.5", "1e0", "2147483647"]) {
    test(`/calendar/${bad} is a 404`, async ({ page }) => {
      const response = await page.goto(`/calendar/${bad}`);
      expect(response?.status()).toBe(404);
    });
  }
});

test.describe("calendar files", () => {
  test("one event's .ics is an attachment in America/Chicago", async ({ page, request }) => {
    const id = await firstEventId(page);
    const response = await request.get(`/calendar/${id}/event.ics`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers()["content-disposition"]).toBe('attachment; filename="firearms-safety-fundamentals.ics"');
    const body = await response.text();
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain("DTSTART;TZID=America/Chicago:");
    expect(body).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  test("unknown or invalid ids have no .ics", async ({ request }) => {
    for (const bad of ["abc", "99999999999", "2147483647"]) {
      expect((await request.get(`/calendar/${bad}/event.ics`)).status()).toBe(404);
    }
  });

  test("the feed holds every event", async ({ request, baseURL }) => {
    const ours = await createEvent("Feed Clinic", { capacity: 5 });
    const host = new URL(baseURL!).host;
    // Other specs add events while this runs: compare with the table when nothing was added during the
    // request (tried again otherwise), so the feed must hold exactly the events the table held.
    let body = "";
    await expect(async () => {
      const before = await eventIds();
      const response = await request.get("/calendar.ics");
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      body = await response.text();
      const after = await eventIds();
      expect(after, "no event was added during the request").toEqual(before);
      const uids = [...body.matchAll(/^UID:event-(\d+)@(\S+)\r?$/gm)].map((m) => [Number(m[1]), m[2]] as const);
      expect(uids.map(([id]) => id).sort((a, b) => a - b)).toEqual(before);
      expect(new Set(uids.map(([, uidHost]) => uidHost))).toEqual(new Set([host]));
      expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(before.length);
    }).toPass({ timeout: 20_000 });
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain("TZID=America/Chicago");
    expect(body).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);
    for (const title of [...SEEDED.map((e) => e.title), ours.title]) expect(body.split(`SUMMARY:${title}\r\n`)).toHaveLength(2);
    expect(body).toContain(`UID:event-${ours.id}@${host}`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters and one-at-a-time details still work", async ({ page }) => {
    await page.goto("/calendar");
    await filter(page).getByRole("link", { name: "Fitness (2)" }).click();
    await expect(page).toHaveURL(/category=fitness/);
    await expect(eventCards(page)).toHaveCount(2);
    await eventCards(page).nth(0).locator("summary").click();
    await eventCards(page).nth(1).locator("summary").click();
    await expect(page.locator("details[name=event-details][open]")).toHaveCount(1);
    await expect(eventCards(page).nth(1).getByTestId("event-details")).toHaveAttribute("open", "");
  });
});
