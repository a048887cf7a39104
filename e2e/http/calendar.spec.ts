/**
 * The calendar as the server sends it: the cards, the category filter (links in the URL), the event
 * page, the calendar files and feeds, and the 404s. Opening a card's details is the browser's own
 * `<details name>` accordion (e2e/calendar.spec.ts).
 */
import { E2E_SEASON_YEAR } from "../clock";
import { createEvent, eventIds, TEST_MADE } from "../events-db";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import { accessibleName, type HttpPage, type TextBrowser } from "./text-browser";

const CARDS = "section[aria-labelledby=events-heading] [data-testid=event-card]";
const FILTER = "nav[aria-label='Event categories']";

/** The seed's six events, in date order: their seats are never taken by a test (journeys make their own events). */
const SEEDED = [
  { title: "Firearms Safety Fundamentals", spots: "12 spots left" },
  { title: "Veteran Ruck March", spots: "20 spots left" },
  { title: "Independence Day Community Cookout", spots: "Unlimited" },
  { title: "Stop the Bleed & Tactical First Aid", spots: "8 spots left" },
  { title: "Precision Rifle Clinic", spots: "15 spots left" },
  { title: "Functional Fitness Challenge", spots: "15 spots left" },
];

const cards = (page: HttpPage) => page.$(CARDS).toArray();
const cardTitles = (page: HttpPage) => cards(page).map((card) => page.$(card).find("h3").text().trim());
const cardText = (page: HttpPage, index: number) => page.text(cards(page)[index]!).replace(/\n/g, " ");

/**
 * The titles of the upcoming cards: the seed's six first, then only events other specs made while this
 * runs (community events dated after the season, titles marked TEST_MADE). Returns how many of those.
 */
function expectSeededSixThenTestMade(page: HttpPage): number {
  const titles = cardTitles(page);
  expect(titles.slice(0, 6)).toEqual(SEEDED.map((e) => e.title));
  const others = titles.slice(6);
  for (const title of others) expect(title, "an upcoming event the seed does not have").toMatch(TEST_MADE);
  return others.length;
}

/** The id of the first event on the calendar, read from the link on its title. */
async function firstEventId(visitor: TextBrowser): Promise<string> {
  const page = await visitor.get("/calendar");
  const href = page.$(CARDS).first().find("h3 a").attr("href")!;
  return href.match(/^\/calendar\/(\d+)$/)![1]!;
}

test("the calendar lists the six events with date, category, time, location and spots", async ({ visitor }) => {
  const page = await visitor.get("/calendar");
  expect(page.status).toBe(200);
  expect(page.$("h1")).toHaveLength(1);
  // Other specs' events (made while this runs) are listed after the six and counted in the heading.
  const made = expectSeededSixThenTestMade(page);
  expect(page.text("#events-heading")).toBe(`All Events (${6 + made})`);
  expect(cards(page)).toHaveLength(6 + made);

  const first = cardText(page, 0);
  // The site's clock starts inside the season (e2e/clock.ts), so the seed scheduled next year's.
  expect(page.$(CARDS).first().find('[data-fact="date"] dd').text()).toBe(`June 14, ${E2E_SEASON_YEAR}`);
  expect(first).toMatch(/Time:\s*\d{1,2}:\d{2} (AM|PM) - \d{1,2}:\d{2} (AM|PM) C[DS]T/);
  expect(first).toMatch(/Location:\s*\S+/);
  expect(first).toMatch(/Firearms|Fitness|Medical|Community/);

  // Capacities in the spec's order: 12, 20, Unlimited, 8, 15, 15, all free: registration journeys
  // register for events of their own (and for the unlimited cookout).
  const spots = page.$(`${CARDS} [data-fact="spots"] dd`).toArray().map((dd) => page.$(dd).text());
  expect(spots.slice(0, 6)).toEqual(SEEDED.map((e) => e.spots));
  expect(page.link("Download All Events (.ics)").href).toBe("/calendar.ics");
});

test("the category filter shows counts, filters, lives in the URL and is the same on a second visit", async ({ visitor }) => {
  const page = await visitor.get("/calendar");
  // Events other specs make while this runs are community events: counted in All and Community.
  const made = expectSeededSixThenTestMade(page);
  for (const name of [`All (${6 + made})`, "Firearms (2)", "Fitness (2)", "Medical (1)", `Community (${1 + made})`]) {
    expect(page.links(name, FILTER), name).toHaveLength(1);
  }
  const current = (p: HttpPage) => p.$(`${FILTER} a[aria-current=page]`).toArray().map((a) => accessibleName(p.$, a));
  expect(current(page)).toEqual([`All (${6 + made})`]);

  const firearms = await page.follow("Firearms (2)", FILTER);
  expect(firearms.path).toBe("/calendar?category=firearms");
  expect(firearms.text("#events-heading")).toBe("Firearms Events (2)");
  expect(cards(firearms)).toHaveLength(2);
  for (const card of cards(firearms)) expect(firearms.$(card).text()).toContain("Firearms");

  const again = await visitor.get(firearms.path);
  expect(cards(again)).toHaveLength(2);
  expect(current(again)).toEqual(["Firearms (2)"]);

  const medical = await again.follow("Medical (1)", FILTER);
  expect(cards(medical)).toHaveLength(1);
  expect(cardText(medical, 0)).toContain("Stop the Bleed");

  const fitness = await medical.follow("Fitness (2)", FILTER);
  expect(fitness.path).toBe("/calendar?category=fitness");
  expect(cards(fitness)).toHaveLength(2);
  // One card's details open at a time, without JavaScript too: the cards' <details> share one name.
  expect(fitness.$(`${CARDS} details`).toArray().map((d) => d.attribs.name)).toEqual(["event-details", "event-details"]);
});

test("an unknown category shows the empty state, with a way back to every event", async ({ visitor }) => {
  const page = await visitor.get("/calendar?category=does-not-exist");
  expect(page.text("main")).toContain("No events found in this category.");
  expect(cards(page)).toHaveLength(0);
  const all = await page.follow("Show All Events");
  expect(all.path).toBe("/calendar");
  const made = expectSeededSixThenTestMade(all);
  expect(cards(all)).toHaveLength(6 + made);
});

test("every card has Register Now (or the waitlist), Google Calendar and iCal; a visitor's Register Now asks them to sign in", async ({ visitor }) => {
  const page = await visitor.get("/calendar");
  const card = page.$(CARDS).first();
  const title = card.find("h3").text().trim();

  const google = card.find("a").filter((_, a) => /^Add to Google Calendar/.test(page.$(a).text().trim()));
  expect(google.attr("href")).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
  expect(google.attr("href")).toMatch(/ctz=America%2FChicago/);
  expect(google.attr("target")).toBe("_blank");
  expect(google.attr("rel")).toMatch(/noopener/);

  const ical = card.find("a").filter((_, a) => /^Download iCal/.test(page.$(a).text().trim()));
  expect(ical.attr("download")).toBe("");
  const file = await visitor.get(ical.attr("href")!);
  expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
  expect(file.body).toContain("BEGIN:VCALENDAR");
  expect(file.body).toContain("TZID=America/Chicago");
  expect(file.body).toContain(`SUMMARY:${title}`);

  for (const each of cards(page)) {
    // Full events (the waitlist journey fills one) offer the waitlist instead.
    expect(page.buttons(each).filter((name) => /^(Register Now|Join the Waitlist): /.test(name)), page.$(each).find("h3").text()).toHaveLength(1);
  }
  const id = await firstEventId(visitor);
  const asked = await page.form(`${CARDS}:has(#event-${id}-title) form[data-testid=registration]`).submit(`Register Now: ${title}`);
  expect(asked.url.pathname).toBe("/login");
  expect(asked.url.searchParams.get("next")).toBe(`/calendar/${id}#register`);
});

test("the category feeds link from the calendar and hold only their category", async ({ visitor }) => {
  const page = await visitor.get("/calendar");
  expect(page.link("Fitness events (.ics)").href).toBe("/calendar/feeds/fitness.ics");
  const feed = await visitor.get("/calendar/feeds/fitness.ics");
  expect(feed.status).toBe(200);
  expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(feed.body).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);
  expect(feed.body).toContain("SUMMARY:Veteran Ruck March");
  expect(feed.body).toContain("SUMMARY:Functional Fitness Challenge");
  expect(feed.body).not.toContain("SUMMARY:Precision Rifle Clinic");
  expect((await visitor.get("/calendar/feeds/parties.ics")).status).toBe(404);
});

test("an event's page shows every detail, the calendar buttons and the Register Now form", async ({ visitor }) => {
  const id = await firstEventId(visitor);
  const page = await visitor.get(`/calendar/${id}`);
  expect(page.status).toBe(200);
  expect(page.heading(1)).toBe("Firearms Safety Fundamentals");
  expect(page.title()).toMatch(/Firearms Safety Fundamentals/);
  const main = page.text("main");
  for (const text of [`June 14, ${E2E_SEASON_YEAR}`, "9:00 AM - 1:00 PM CDT", "Liberty Range, Bulverde, TX", "Firearms", "12 spots left", "David Okafor", "America/Chicago"]) {
    expect(main, text).toContain(text);
  }
  expect(page.text("main h2, main h3")).toContain("Register Now");
  expect(page.buttons("main #register")).toContain("Register Now: Firearms Safety Fundamentals");
  expect(page.link(/^Add to Google Calendar/, "main").href).toMatch(/ctz=America%2FChicago/);
  expect(page.link(/^Download iCal/, "main").href).toBe(`/calendar/${id}/event.ics`);
});

test("an event held in another time zone says its times in that zone, not the association's", async ({ visitor }) => {
  const event = await createEvent("Mountain Range Day", { capacity: 10 });
  await query(`update events set time_zone = 'America/Denver' where id = $1`, [event.id]);
  const page = await visitor.get(`/calendar/${event.id}`);
  expect(page.text("main")).toContain("Times are shown in Mountain Time (America/Denver).");
  expect(page.text("main")).not.toContain("Central Time");
  expect(page.text("main")).toMatch(/\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M M[DS]T/);
});

test("an event id that names no event is the 404 page", async ({ visitor }) => {
  for (const bad of ["abc", "99999999999", "0", "-1", "1.5", "1e0", "2147483647"]) {
    expect((await visitor.get(`/calendar/${bad}`)).status, bad).toBe(404);
  }
});

test("one event's .ics is an attachment in America/Chicago", async ({ visitor }) => {
  const id = await firstEventId(visitor);
  const file = await visitor.get(`/calendar/${id}/event.ics`);
  expect(file.status).toBe(200);
  expect(file.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(file.headers["content-disposition"]).toBe('attachment; filename="firearms-safety-fundamentals.ics"');
  expect(file.body).toContain("BEGIN:VCALENDAR");
  expect(file.body).toContain("DTSTART;TZID=America/Chicago:");
  expect(file.body).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);
  expect(file.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
});

test("unknown or invalid ids have no .ics", async ({ visitor }) => {
  for (const bad of ["abc", "99999999999", "2147483647"]) {
    expect((await visitor.get(`/calendar/${bad}/event.ics`)).status, bad).toBe(404);
  }
});

test("the feed holds every event", async ({ visitor }) => {
  const ours = await createEvent("Feed Clinic", { capacity: 5 });
  const host = new URL(visitor.origin).host;
  // Other specs add events while this runs: compare with the table when nothing was added during the
  // request (tried again otherwise), so the feed must hold exactly the events the table held.
  let body = "";
  await expect(async () => {
    const before = await eventIds();
    const feed = await visitor.get("/calendar.ics");
    expect(feed.status).toBe(200);
    expect(feed.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    body = feed.body;
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
