/**
 * Members and shoppers get the public pages filled by the HTTP front (ADR 0025): the page as a visitor
 * without a cookie sees it, kept, with the visitor's own personal parts (header, cart badge, call to
 * join) taken from a page the site rendered for them. X-Page-Cache says "rendered" or "filled". A filled
 * page must read exactly as the page rendered for that visitor, without JavaScript too, and a visitor's
 * own change must show on their very next page.
 */
import { randomUUID } from "node:crypto";
import { E2E_CLOCK_START } from "../clock";
import { addConfirmedRegistration, createEvent, setPlanByEmail, setRegistrationWindow } from "../events-db";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

/**
 * The page without its scripts (the framework's data for the browser): what a reader, or a text browser,
 * gets. A form's hidden server-action fields are numbered in the order the server happened to render the
 * forms ($ACTION_REF_2), which varies with how fast each piece's data came: they are numbered in the page's
 * order instead.
 */
function visible(page: HttpPage): string {
  const order = new Map<string, number>();
  return page.body
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/\$ACTION(_REF)?_(\d+)/g, (_, ref: string | undefined, n: string) => {
      if (!order.has(n)) order.set(n, order.size + 1);
      return `$ACTION${ref ?? ""}_${order.get(n)}`;
    });
}

/** Asks until the front fills the page (the page everyone sees is fetched in the background after the first). */
async function filledPage(browser: TextBrowser, path: string): Promise<HttpPage> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    if (page.headers["x-page-cache"] === "filled") return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was never filled`);
}

async function named(email: string, name: string) {
  await query(`update "user" set name = $2 where email = $1`, [email, name]);
}

/**
 * The page rendered for the visitor, then the same page filled for them. Each try takes an address no one
 * asked for yet (no kept page, so it is rendered first). Another spec may change the site's text between
 * the two answers, so a try whose pages differ is made again with a fresh address, twice at most: a part
 * left unmarked differs every time.
 */
async function renderedAndFilled(browser: TextBrowser, page: string): Promise<{ rendered: HttpPage; filled: HttpPage }> {
  let last: { rendered: HttpPage; filled: HttpPage } | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const path = `${page}?visit=${randomUUID()}`;
    const rendered = await browser.get(path);
    expect(rendered.headers["x-page-cache"], path).toBe("rendered");
    last = { rendered, filled: await filledPage(browser, path) };
    if (visible(last.filled) === visible(rendered)) break;
  }
  return last!;
}

const headerAccount = (page: HttpPage) => page.links(/.*/, "header").map((link) => link.text);

test("every filled page reads exactly as the page rendered for the member: name, staff link, cart badge and call to join", async ({ signedIn }) => {
  const { browser: member, email } = await signedIn("staff");
  await named(email, "Avery Quinn");
  await (await member.get("/shop/tactical-cap")).form("main form[action='/shop/cart/add']").submit();
  const program = (await member.get("/training")).links(/Learn More/i, "main")[0]!.href;
  const event = await createEvent("Filled Page Meetup", { capacity: 5 });

  for (const page of ["/", "/shop", "/shop/tactical-backpack", "/training", program, "/calendar", `/calendar/${event.id}`, "/about", "/contact", "/privacy", "/terms", "/refund"]) {
    const { rendered, filled } = await renderedAndFilled(member, page);
    expect(visible(filled), page).toBe(visible(rendered));
    expect(headerAccount(filled), page).toEqual(expect.arrayContaining(["Avery Quinn", "Staff area"]));
    expect(filled.text("[data-testid=cart-count]"), page).toBe("1");
  }
  const home = await filledPage(member, "/");
  expect(home.links("Upgrade Your Membership")).toHaveLength(1);
  expect(home.links("Become a Member")).toHaveLength(0);
});

/**
 * A new member's first visit to a page kept a moment before (filled from their parts alone), and the same
 * page rendered for them at an address nobody asked for yet. Another spec may change the page's data in
 * between (the kept page is then dropped, or the two differ): such a try is made again, twice at most.
 */
async function firstVisitAndRendered(signedIn: (role: "staff") => Promise<{ browser: TextBrowser; email: string }>, visitor: TextBrowser, page: string, eventId: number) {
  let last: { filled: HttpPage; rendered: HttpPage; renderedText: string } | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { browser: member, email } = await signedIn("staff");
    await named(email, "Avery Quinn");
    await addConfirmedRegistration(eventId, email);
    const kept = `${page}?visit=${randomUUID()}`;
    await expect.poll(async () => (await visitor.get(kept)).headers["x-page-cache"], { timeout: 3_000 }).toBe("hit");
    const filled = await member.get(kept);
    const fresh = `${page}?visit=${randomUUID()}`;
    const rendered = await member.get(fresh);
    // The address is in the page's text only where the page links to itself.
    const renderedText = visible(rendered).replaceAll(fresh.split("?")[1]!, kept.split("?")[1]!);
    last = { filled, rendered, renderedText };
    if (filled.headers["x-page-cache"] === "filled" && visible(filled) === renderedText) break;
  }
  return last!;
}

test("a member's first visit to a kept page is filled with their parts alone, and reads as the page rendered for them", async ({ signedIn, visitor }) => {
  const event = await createEvent("Parts Alone Clinic", { capacity: 30 });
  for (const page of ["/", "/shop", "/shop/tactical-backpack", "/calendar", `/calendar/${event.id}`, "/about"]) {
    const { filled, rendered, renderedText } = await firstVisitAndRendered(signedIn, visitor, page, event.id);
    expect(filled.headers["x-page-cache"], page).toBe("filled");
    expect(rendered.headers["x-page-cache"], page).toBe("rendered");
    expect(visible(filled), page).toBe(renderedText);
    expect(headerAccount(filled), page).toEqual(expect.arrayContaining(["Avery Quinn", "Staff area"]));
  }
});

test("two members never see each other's parts, and a member with a paid plan gets no call to join", async ({ signedIn }) => {
  const { browser: first, email: firstEmail } = await signedIn(null);
  const { browser: second, email: secondEmail } = await signedIn(null);
  await named(firstEmail, "Blake First");
  await named(secondEmail, "Casey Second");
  await setPlanByEmail(secondEmail, "premium", new Date(new Date(E2E_CLOCK_START).getTime() + 100 * 24 * 3_600_000));

  await first.get("/");
  await second.get("/");
  const firstHome = await filledPage(first, "/");
  const secondHome = await filledPage(second, "/");
  expect(headerAccount(firstHome)).toContain("Blake First");
  expect(firstHome.body).not.toContain("Casey Second");
  expect(headerAccount(secondHome)).toContain("Casey Second");
  expect(secondHome.body).not.toContain("Blake First");
  expect(headerAccount(firstHome)).not.toContain("Staff area");
  expect(firstHome.links("Upgrade Your Membership")).toHaveLength(1);
  expect(secondHome.links(/Upgrade Your Membership|Become a Member/)).toHaveLength(0);

  // A product's price is each member's own: the list price with member prices, or the Premium price.
  const product = "/shop/tactical-backpack";
  const { rendered, filled } = await renderedAndFilled(second, product);
  expect(visible(filled)).toBe(visible(rendered));
  expect(filled.text("[data-testid=product-discount]")).toMatch(/Premium/);
  await first.get(product);
  const basic = await filledPage(first, product);
  expect(basic.$("[data-testid=product-discount]")).toHaveLength(0);
  expect(basic.text("[data-testid=member-prices]")).toMatch(/with Premium/);
});

test("a visitor's own change shows on their very next page: a cart without JavaScript, then signing out", async ({ visitor, signedIn }) => {
  await (await visitor.get("/shop/tactical-cap")).form("main form[action='/shop/cart/add']").submit();
  await visitor.get("/about");
  expect((await filledPage(visitor, "/about")).text("[data-testid=cart-count]")).toBe("1");
  await (await visitor.get("/shop/tactical-cap")).form("main form[action='/shop/cart/add']").submit();
  expect((await visitor.get("/about")).text("[data-testid=cart-count]")).toBe("2");
  expect((await filledPage(visitor, "/about")).text("[data-testid=cart-count]")).toBe("2");

  const { browser: member } = await signedIn(null);
  await member.get("/about");
  expect(headerAccount(await filledPage(member, "/about"))).toContain("Member");
  const signedOut = await (await member.get("/profile")).form({ button: "Sign Out" }).submit();
  expect(signedOut.status).toBe(200);
  const after = await member.get("/about");
  expect(headerAccount(after)).toContain("Login / Register");
  expect(headerAccount(after)).not.toContain("Member");
});

test("a change made elsewhere (staff giving a role) shows on the member's next page", async ({ signedIn }) => {
  const { browser: member, email } = await signedIn(null);
  await member.get("/privacy");
  expect(headerAccount(await filledPage(member, "/privacy"))).not.toContain("Staff area");
  await query(`update "user" set role = 'staff' where email = $1`, [email]);
  await expect.poll(async () => headerAccount(await member.get("/privacy")), { timeout: 3_000 }).toContain("Staff area");
});

test("the calendar and an event page are filled with where each member stands: registered, in line, or told when it opens", async ({ signedIn, visitor }) => {
  const full = await createEvent("Own Parts Clinic", { capacity: 1 });
  const later = await createEvent("Own Parts Range Day", { capacity: 5 });
  await setRegistrationWindow(later.id, { opensAt: new Date(new Date(E2E_CLOCK_START).getTime() + 5 * 24 * 3_600_000), priorityDays: 7 });
  const seated = await signedIn(null);
  const waiting = await signedIn(null);
  const early = await signedIn(null);
  await setPlanByEmail(early.email, "premium", new Date(new Date(E2E_CLOCK_START).getTime() + 100 * 24 * 3_600_000));
  await (await seated.browser.get(`/calendar/${full.id}`)).form("#register form[data-testid=registration]").submit(`Register Now: ${full.title}`);
  await (await waiting.browser.get(`/calendar/${full.id}`)).form("#register form[data-testid=registration]").submit(`Join the Waitlist: ${full.title}`);

  const stateOf = (page: HttpPage, event: { title: string }) =>
    page.$("[data-testid=event-card]").filter((_, card) => page.$(card).find("h3").text().trim() === event.title).find("[data-testid=registration-state]").text().trim();
  const expected = [
    { member: seated, state: "You're registered.", spots: "Full", later: /opens to everyone/ },
    { member: waiting, state: "You're number 1 on the waitlist.", spots: "Full", later: /opens to everyone/ },
    { member: early, state: "", spots: "Full — join the waitlist", later: /^$/ },
  ];
  for (const { member, state, spots, later: laterState } of expected) {
    const calendar = await renderedAndFilled(member.browser, "/calendar");
    expect(visible(calendar.filled)).toBe(visible(calendar.rendered));
    expect(stateOf(calendar.filled, full)).toBe(state);
    expect(stateOf(calendar.filled, later)).toMatch(laterState);
    const event = await renderedAndFilled(member.browser, `/calendar/${full.id}`);
    expect(visible(event.filled)).toBe(visible(event.rendered));
    expect(event.filled.text("#register [data-testid=registration-state]")).toBe(state);
    expect(event.filled.text("aside [data-fact=spots] dd")).toBe(spots);
  }
  // The page everyone else gets is still the one for someone still to choose.
  const page = await visitor.get(`/calendar/${full.id}`);
  expect(page.text("aside [data-fact=spots] dd")).toBe("Full — join the waitlist");
  expect(page.buttons("#register")).toContain(`Join the Waitlist: ${full.title}`);
});

/** What a reader gets outside the personal parts: each part left as its name alone. */
const outsideParts = (html: string) =>
  html.replace(/<template data-personal="([^"]+)"[^>]*><\/template>[\s\S]*?<template data-personal-end="\1"><\/template>/g, '<template data-personal="$1"></template>');

test("an event's seats show inside personal parts alone: taking one changes nothing else a reader gets, and the home page shows none", async ({ signedIn, visitor }) => {
  const event = await createEvent("Seats Apart Workshop", { capacity: 5 });
  const fresh = (path: string) => visitor.get(`${path}${path.includes("?") ? "&" : "?"}visit=${randomUUID()}`);
  // The card's form carries the server action's fields, numbered in the order the page's forms were rendered: the number is left out.
  const cardOf = (page: HttpPage) =>
    (page.$("[data-testid=event-card]").filter((_, card) => page.$(card).find("h3").text().trim() === event.title).html() ?? "").replace(/\$ACTION(_REF)?_\d+/g, "$$ACTION$1_n");
  const spots = (page: HttpPage) => page.text("aside [data-fact=spots] dd");
  // Another spec may change the site's text meanwhile (the footer's contact): a try that differs is made again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [pageBefore, calendarBefore] = [await fresh(`/calendar/${event.id}`), await fresh("/calendar")];
    const member = await signedIn(null);
    await (await member.browser.get(`/calendar/${event.id}`)).form("#register form[data-testid=registration]").submit(`Register Now: ${event.title}`);
    const [pageAfter, calendarAfter] = [await fresh(`/calendar/${event.id}`), await fresh("/calendar")];
    expect(spots(pageAfter), "a seat was taken").not.toBe(spots(pageBefore));
    expect(cardOf(calendarAfter), "the calendar's card").not.toBe(cardOf(calendarBefore));
    const same = outsideParts(visible(pageAfter)) === outsideParts(visible(pageBefore)) && outsideParts(cardOf(calendarAfter)) === outsideParts(cardOf(calendarBefore));
    if (attempt < 2 && !same) continue;
    expect(outsideParts(visible(pageAfter))).toBe(outsideParts(visible(pageBefore)));
    expect(outsideParts(cardOf(calendarAfter))).toBe(outsideParts(cardOf(calendarBefore)));
    break;
  }
  const home = await fresh("/");
  expect(home.$("[data-personal^='event-spots'], [data-personal^='registration']")).toHaveLength(0);
  expect(visible(home)).not.toMatch(/spots? left|join the waitlist/i);
});

test("the page of a visitor's parts alone shows only theirs, is never indexed, and refuses names that are not page parts", async ({ visitor }) => {
  const own = await visitor.get("/personal-parts?names=event-spots:1,registration:1");
  expect(own.status).toBe(200);
  expect(own.$("meta[name=robots]").attr("content")).toBe("noindex, nofollow");
  expect(own.$("[data-personal]").map((_, marker) => own.$(marker).attr("data-personal")).get()).toEqual(
    expect.arrayContaining(["visitor", "cart", "account", "join", "event-spots:1", "registration:1"]),
  );
  const prices = Array.from({ length: 5 }, (_, i) => `price:${1000 + i}`).join(",");
  const tooMany = Array.from({ length: 301 }, (_, i) => `event-spots:${i}`).join(",");
  for (const names of ["password:1", "registration:abc", "registration", "registration:1;drop", prices, tooMany]) {
    expect((await visitor.get(`/personal-parts?names=${encodeURIComponent(names)}`)).status, names.slice(0, 40)).toBe(404);
  }
  expect((await visitor.get("/personal-parts?names=event-spots:1&names=event-spots:2")).status).toBe(404);
});
