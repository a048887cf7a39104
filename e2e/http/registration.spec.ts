/**
 * Event registration as the server answers it, through plain form posts: seats, the waitlist and its
 * offers, the confirmation and cancellation emails with their calendar files, the private calendar
 * feed, past events, and a visitor who signs up on the way. The same forms with JavaScript (no reload,
 * focus on the result) and axe on each state are e2e/registration.spec.ts.
 */
import { addConfirmedRegistration, createEvent, createPastEvent, eventIdBySlug, kebab } from "../events-db";
import { MEMBER_PASSWORD, uniqueMemberEmail } from "../member";
import { waitForEmail } from "../outbox";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

/** Unlimited, and no journey counts its seats: for journeys that only need some event to register for. */
const COOKOUT = { slug: "independence-day-cookout", title: "Independence Day Community Cookout" };

const CARDS = "[data-testid=event-card]";
const cardOf = (page: HttpPage, title: string) => page.$(CARDS).filter((_, card) => page.$(card).find("h3").text().trim() === title);
const spotsOf = (page: HttpPage, title: string) => cardOf(page, title).find('[data-fact="spots"] dd').text();
const stateIn = (page: HttpPage, scope: string) => page.text(`${scope} [data-testid=registration-state]`);
const statusIn = (page: HttpPage, scope: string) => page.text(`${scope} [role=status]`);
const myEvent = (page: HttpPage, title: string) =>
  page.$("[data-testid=my-event]").filter((_, item) => page.$(item).text().includes(title)).first();

/** Presses a registration button (Register Now, Join the Waitlist, Cancel Registration, Claim My Seat) without JavaScript. */
function press(page: HttpPage, button: string): Promise<HttpPage> {
  return page.form({ button }).submit(button);
}

async function calendarFileOf(browser: TextBrowser, page: HttpPage): Promise<{ name: string; body: string }> {
  const file = await browser.get(page.link(/^Download iCal/, "main").href);
  expect(file.status).toBe(200);
  return { name: /filename="([^"]+)"/.exec(file.headers["content-disposition"] ?? "")?.[1] ?? "", body: file.body };
}

test("a member registers: the spots drop, the confirmation carries its .ics, My Events lists it, and cancelling frees the seat", { tag: "@two-servers" }, async ({ signedIn }) => {
  const { id, title, capacity } = await createEvent("Registration Clinic", { capacity: 20 });
  const { browser, email } = await signedIn(null);

  const calendar = await browser.get("/calendar");
  expect(spotsOf(calendar, title)).toBe(`${capacity} spots left`);
  const registered = await press(calendar, `Register Now: ${title}`);
  expect(registered.status).toBe(200);
  // The calendar comes back with the answer on the card that was pressed.
  expect(registered.text(cardOf(registered, title).find("[role=status]")[0]!)).toBe("Done. A confirmation email with a calendar file is on its way.");
  expect(cardOf(registered, title).find("[data-testid=registration-state]").text()).toBe("You're registered.");
  expect(spotsOf(await browser.get("/calendar"), title)).toBe(`${capacity - 1} spots left`);

  const confirmation = await waitForEmail(email, "event-registration");
  expect(confirmation.subject).toBe(`You're registered: ${title}`);
  expect(confirmation.textBody).toMatch(/Add to Google Calendar: https:\/\/calendar\.google\.com\/calendar\/render\?\S*ctz=America%2FChicago/);

  // The event page agrees, and its .ics downloads.
  const eventPage = await browser.get(`/calendar/${id}`);
  expect(stateIn(eventPage, "#register")).toBe("You're registered.");
  expect(eventPage.text("main")).toContain(`${capacity - 1} spots left`);
  const ics = await calendarFileOf(browser, eventPage);
  expect(ics.name).toBe(`${kebab(title)}.ics`); // the title, kebab-cased
  expect(ics.body).toContain(`SUMMARY:${title}`);
  expect(ics.body).toMatch(/DTSTART;TZID=America\/Chicago:\d{8}T\d{6}/);
  expect(ics.body).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);

  // My Events lists it; Cancel from there frees the seat.
  const events = await browser.get("/profile?tab=events");
  expect(events.text("main h2, main h3").split("\n")).toContain("Upcoming (1)");
  expect(myEvent(events, title).text()).toContain("Registered");
  const cancelled = await events.form(`[data-testid=my-event]:contains("${title}") form`).submit(`Cancel Registration: ${title}`);
  const after = await browser.get(cancelled.path);
  expect(myEvent(after, title).text()).toContain("Canceled");
  expect(after.buttons(myEvent(after, title)[0]!)).toContain(`Register Now: ${title}`);
  expect(spotsOf(await browser.get("/calendar"), title)).toBe(`${capacity} spots left`);
});

test("a full event: the waitlist, the offer by email when a seat frees up, and claiming it on the offer page", { tag: "@two-servers" }, async ({ signedIn }) => {
  // Every seat but one is taken by stand-in members.
  const { id, title } = await createEvent("Waitlist Clinic", { capacity: 8, taken: 7 });

  // The first member takes the last seat.
  const first = await signedIn(null);
  const before = await first.browser.get(`/calendar/${id}`);
  expect(before.text("main")).toContain("1 spot left");
  const taken = await first.browser.get((await press(before, `Register Now: ${title}`)).path);
  expect(stateIn(taken, "#register")).toBe("You're registered.");
  expect(taken.text('[data-fact="spots"] dd')).toBe("Full");

  // A second member finds it full and joins the waitlist.
  const second = await signedIn(null);
  expect(spotsOf(await second.browser.get("/calendar"), title)).toBe("Full — join the waitlist");
  const joined = await press(await second.browser.get(`/calendar/${id}`), `Join the Waitlist: ${title}`);
  expect(statusIn(joined, "#register")).toBe("This event is full, so you joined its waitlist. We'll email you if a seat opens up.");
  expect(stateIn(joined, "#register")).toBe("You're number 1 on the waitlist.");
  expect(myEvent(await second.browser.get("/profile?tab=events"), title).text()).toContain("Waitlist #1");

  // The first member cancels: the seat is offered to the second, by email.
  const released = await press(await first.browser.get(`/calendar/${id}`), `Cancel Registration: ${title}`);
  expect(statusIn(released, "#register")).toBe("Your registration is canceled and your seat has been released.");
  const offer = await waitForEmail(second.email, "event-seat-offer");
  const link = offer.textBody.match(/https?:\/\/\S+\/calendar\/\d+\/offer/)?.[0];
  expect(new URL(link ?? "about:blank").pathname, offer.textBody).toBe(`/calendar/${id}/offer`);

  // Opening the link only shows the offer; opening it again shows it still on hold.
  const opened = await second.browser.get(new URL(link!).pathname);
  expect(opened.heading(1)).toBe("Your Seat Offer");
  const again = await second.browser.get(new URL(link!).pathname);
  expect(stateIn(again, "[data-testid=registration]")).toContain("A seat is on hold for you until");
  expect(myEvent(await second.browser.get("/profile?tab=events"), title).text()).toContain("Seat on hold");
  const claimed = await press(again, `Claim My Seat: ${title}`);
  expect(statusIn(claimed, "[data-testid=registration]")).toBe("Seat claimed. A confirmation email with a calendar file is on its way.");
  expect(stateIn(claimed, "[data-testid=registration]")).toBe("You're registered.");
  await waitForEmail(second.email, "event-registration");
  expect((await second.browser.get(`/calendar/${id}`)).text('[data-fact="spots"] dd')).toBe("Full");
});

test("a visitor presses Register Now, signs up, the emailed link signs them in back at the event, and one press finishes", async ({ visitor }) => {
  const id = await eventIdBySlug(COOKOUT.slug);
  const calendar = await visitor.get("/calendar");
  const login = await calendar.form(`${CARDS}:has(h3:contains("${COOKOUT.title}")) form[data-testid=registration]`).submit(`Register Now: ${COOKOUT.title}`);
  expect(login.url.pathname).toBe("/login");
  expect(login.url.searchParams.get("next")).toBe(`/calendar/${id}#register`);

  const register = await login.follow("Register", "main");
  expect(register.url.pathname).toBe("/register");
  expect(register.url.searchParams.get("next")).toBe(`/calendar/${id}#register`);
  expect(register.heading(1)).toBe("Create Account");
  const email = uniqueMemberEmail("visitor");
  const signedUp = await register
    .form({ button: "Create Account" })
    .fill("Email", email)
    .fill("Password", MEMBER_PASSWORD)
    .fill("Confirm password", MEMBER_PASSWORD)
    .check(/I agree to the Terms of Service/)
    .submit();
  expect(signedUp.heading(2)).toBe("Check your email");
  // The confirmation link keeps where the visitor was going: pressing Confirm signs in and lands there.
  const link = new URL(/http\S+\/confirm-email\?\S+/.exec((await waitForEmail(email, "confirm-email")).textBody)![0]);
  expect(link.searchParams.get("next")).toBe(`/calendar/${id}#register`);
  const back = await (await visitor.get(link.toString())).form({ button: "Confirm my email" }).submit();
  expect(back.url.pathname).toBe(`/calendar/${id}`);
  const registered = await press(back, `Register Now: ${COOKOUT.title}`);
  expect(stateIn(registered, "#register")).toBe("You're registered.");
  expect(registered.text("main")).toContain("Unlimited");
  await waitForEmail(email, "event-registration");
});

test("a past event shows as past, cannot be registered for, and appears under Past in My Events", async ({ visitor, signedIn }) => {
  const { id, title } = await createPastEvent("Veterans Day Breakfast");

  const calendar = await visitor.get("/calendar");
  expect(calendar.$("section[aria-labelledby=events-heading] h3").toArray().map((h) => calendar.$(h).text().trim())).not.toContain(title);
  const past = calendar.$("section[aria-labelledby=past-events-heading] [data-testid=event-card]").filter((_, card) => calendar.$(card).find("h3").text().trim() === title);
  expect(past).toHaveLength(1);
  expect(calendar.text(past[0]!)).toContain("Past event");
  expect(past.find("[data-testid=registration-state]").text().trim()).toBe("This event has passed.");
  expect(past.find("button")).toHaveLength(0);

  const eventPage = await visitor.get(`/calendar/${id}`);
  expect(stateIn(eventPage, "#register")).toBe("This event has passed.");
  expect(eventPage.buttons("#register")).toEqual([]);

  const { browser, email } = await signedIn(null);
  await addConfirmedRegistration(id, email);
  const events = await browser.get("/profile?tab=events");
  expect(events.text("main h2, main h3").split("\n")).toContain("Past (1)");
  expect(myEvent(events, title).text()).toContain("Past event");
});

test("the private calendar feed: created on the Security tab, it follows registrations and cancellations, and can be turned off", async ({ signedIn }) => {
  const { browser } = await signedIn(null);
  const id = await eventIdBySlug(COOKOUT.slug);
  expect(stateIn(await press(await browser.get(`/calendar/${id}`), `Register Now: ${COOKOUT.title}`), "#register")).toBe("You're registered.");

  const FEED = "section[aria-labelledby=security-calendar-feed]";
  const created = await press(await browser.get("/profile?tab=security"), "Create my private calendar address");
  expect(statusIn(created, FEED)).toBe("Your new private calendar address is ready. Any earlier address no longer works.");
  const address = created.control("Your private calendar address", FEED).val() as string;
  expect(address).toMatch(/\/calendar\/feeds\/member\/[A-Za-z0-9_-]{43}\.ics$/);

  const vevent = async () => {
    const feed = await browser.get(new URL(address).pathname);
    expect(feed.status).toBe(200);
    expect(feed.body).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);
    return feed.body.match(/BEGIN:VEVENT[\s\S]*?END:VEVENT/)?.[0] ?? "";
  };
  const registered = await vevent();
  expect(registered).toContain(`SUMMARY:${COOKOUT.title}`);
  expect(registered).toContain("STATUS:CONFIRMED");

  const cancelledPage = await press(await browser.get(`/calendar/${id}`), `Cancel Registration: ${COOKOUT.title}`);
  expect(cancelledPage.buttons("#register")).toContain(`Register Now: ${COOKOUT.title}`);
  const cancelled = await vevent();
  expect(cancelled).toContain("STATUS:CANCELLED");
  const sequence = (text: string) => Number(text.match(/SEQUENCE:(\d+)/)![1]);
  expect(sequence(cancelled)).toBe(sequence(registered) + 1); // one status change
  expect(cancelled.match(/UID:\S+/)![0]).toBe(registered.match(/UID:\S+/)![0]);

  const off = await press(await browser.get("/profile?tab=security"), "Turn off address");
  expect(statusIn(off, FEED)).toBe("Your private calendar address is turned off. Calendars subscribed to it no longer update.");
  expect((await browser.get(new URL(address).pathname)).status).toBe(404);
});

test("a member cancels and gets the cancellation email, whose METHOD:CANCEL file removes the entry their feed and confirmation carry", async ({ signedIn }) => {
  const { id, title } = await createEvent("Cancel Mail Clinic", { capacity: 10 });
  const { browser, email } = await signedIn(null);

  const FEED = "section[aria-labelledby=security-calendar-feed]";
  const address = (await press(await browser.get("/profile?tab=security"), "Create my private calendar address")).control("Your private calendar address", FEED).val() as string;
  const feedEntry = async () => {
    const body = (await browser.get(new URL(address).pathname)).body;
    return body.match(new RegExp(`BEGIN:VEVENT(?:(?!END:VEVENT)[\\s\\S])*SUMMARY:${title}[\\s\\S]*?END:VEVENT`))?.[0] ?? "";
  };
  // RFC 5545 folds long lines (CRLF and a space): unfold before reading a property.
  const property = (ics: string, name: string) => new RegExp(`^${name}:(.*?)\\r?$`, "m").exec(ics.replace(/\r?\n[ \t]/g, ""))?.[1];

  expect(stateIn(await press(await browser.get(`/calendar/${id}`), `Register Now: ${title}`), "#register")).toBe("You're registered.");
  const confirmation = await waitForEmail(email, "event-registration");
  const confirmationIcs = confirmation.attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
  expect(confirmationIcs.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");

  const events = await browser.get("/profile?tab=events");
  await events.form(`[data-testid=my-event]:contains("${title}") form`).submit(`Cancel Registration: ${title}`);

  const mail = await waitForEmail(email, "event-registration-cancelled");
  expect(mail.subject).toBe(`Registration canceled: ${title}`);
  expect(mail.replyTo).toBe("info@vanguardveterans.org");
  expect(mail.textBody).toContain("The calendar file attached to this email removes the event from your calendar app.");
  expect(mail.htmlBody).toContain("<p>The calendar file attached to this email removes the event from your calendar app.</p>");
  const file = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(file?.filename).toBe(`${kebab(title)}.ics`);
  // RFC 6047: the attachment's Content-Type names the METHOD inside it.
  expect(file!.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
  expect(property(file!.content, "METHOD")).toBe("CANCEL");
  expect(property(file!.content, "STATUS")).toBe("CANCELLED");

  // One entry in the member's calendar: the file, the confirmation and the private feed share its UID.
  const entry = await feedEntry();
  expect(property(entry, "STATUS")).toBe("CANCELLED");
  expect(property(file!.content, "UID")).toBe(property(entry, "UID"));
  expect(property(confirmationIcs.content, "UID")).toBe(property(entry, "UID"));
  expect(Number(property(file!.content, "SEQUENCE"))).toBe(Number(property(entry, "SEQUENCE")));
  expect(Number(property(file!.content, "SEQUENCE"))).toBeGreaterThan(Number(property(confirmationIcs.content, "SEQUENCE")));
});

test("without JavaScript, a press is answered with a redirect to its own page, which says what it did, and reloading that page posts nothing", async ({ signedIn }) => {
  const { browser } = await signedIn(null);
  const id = await eventIdBySlug(COOKOUT.slug);
  const registered = await press(await browser.get(`/calendar/${id}`), `Register Now: ${COOKOUT.title}`);
  expect([registered.firstStatus, registered.hops[0]!.location, registered.status, registered.path]).toEqual([303, `/calendar/${id}`, 200, `/calendar/${id}`]);
  expect(statusIn(registered, "#register")).toBe("Done. A confirmation email with a calendar file is on its way.");
  // Reloading is a GET of the page: the member is still registered once, and told so.
  const reloaded = await browser.get(`/calendar/${id}`);
  expect(stateIn(reloaded, "#register")).toBe("You're registered.");
  // What the press did is said on its own event only.
  const calendar = await browser.get("/calendar");
  expect(statusIn(calendar, `${CARDS}:has(h3:contains("${COOKOUT.title}"))`)).toBe("Done. A confirmation email with a calendar file is on its way.");
  expect(calendar.statuses(/./, "main")).toEqual(["Done. A confirmation email with a calendar file is on its way."]);

  // From My Events, the press comes back to that tab.
  const cancelled = await press(await browser.get("/profile?tab=events"), `Cancel Registration: ${COOKOUT.title}`);
  expect([cancelled.firstStatus, cancelled.path]).toEqual([303, "/profile?tab=events"]);
  expect(cancelled.text(myEvent(cancelled, COOKOUT.title).find("[role=status]")[0]!)).toBe("Your registration is canceled and your seat has been released.");
  expect(cancelled.buttons("main")).toContain(`Register Now: ${COOKOUT.title}`);
});

test("a press without JavaScript that names another site to come back to comes back to the event's page", async ({ signedIn }) => {
  const { browser } = await signedIn(null);
  const id = await eventIdBySlug(COOKOUT.slug);
  const page = await browser.get(`/calendar/${id}`);
  for (const hostile of ["//evil.example/calendar", "https://evil.example/", "/\\evil.example"]) {
    const button = page.buttons("#register").find((name) => /^(Register Now|Cancel Registration):/.test(name))!;
    const answer = await page.form({ button }).without("returnTo").add("returnTo", hostile).submit(button);
    expect([answer.firstStatus, answer.hops[0]!.location], hostile).toEqual([303, `/calendar/${id}`]);
  }
});

test("a member who takes the last seat sees one state, and Download iCal gives them the entry of their confirmation, not a second one", async ({ signedIn, visitor }) => {
  const { id, title } = await createEvent("One State Clinic", { capacity: 2, taken: 1 });
  const { browser, email } = await signedIn(null);
  const property = (ics: string, name: string) => new RegExp(`^${name}:(.*?)\\r?$`, "m").exec(ics.replace(/\r?\n[ \t]/g, ""))?.[1];

  const registered = await press(await browser.get(`/calendar/${id}`), `Register Now: ${title}`);
  // The event is full now, but not for them: "You're registered." once, the result beside it, no call to join the waitlist.
  for (const page of [registered, await browser.get(`/calendar/${id}`)]) {
    const section = page.text("#register");
    expect(section.match(/You're registered\./g)).toHaveLength(1);
    expect(section).not.toContain("join the waitlist");
    expect(section).toContain("Download iCal gives you the calendar entry of your own registration, the same one as the file in your confirmation email: importing both keeps one entry in your calendar.");
    expect(page.text("main")).not.toContain("join the waitlist");
    expect(page.text('[data-fact="spots"] dd')).toBe("Full");
  }
  expect(statusIn(registered, "#register")).toBe("Done. A confirmation email with a calendar file is on its way.");

  const confirmation = await waitForEmail(email, "event-registration");
  const confirmationIcs = confirmation.attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
  const file = await calendarFileOf(browser, await browser.get(`/calendar/${id}`));
  expect(property(file.body, "UID")).toBe(property(confirmationIcs.content, "UID"));
  expect(property(file.body, "UID")).toMatch(/^registration-/);
  expect(Number(property(file.body, "SEQUENCE"))).toBeGreaterThanOrEqual(Number(property(confirmationIcs.content, "SEQUENCE")));

  // A visitor (and anyone without a place) gets the event's own entry.
  const publicFile = await visitor.get(`/calendar/${id}/event.ics`);
  expect(property(publicFile.body, "UID")).toMatch(new RegExp(`^event-${id}@`));
  const visitorPage = await visitor.get(`/calendar/${id}`);
  expect(visitorPage.text("#register")).toContain("Every seat is taken: join the waitlist");
});
