import { readFile } from "node:fs/promises";
import type { Browser, Locator, Page } from "@playwright/test";
import { addConfirmedRegistration, createEvent, createPastEvent, eventIdBySlug, kebab } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { MEMBER_PASSWORD, signUpMember, uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";

/**
 * A journey that takes seats makes an event of its own (e2e/events-db.ts: a unique title per test,
 * project and repeat), so no other test, and not the same test in the other project, shares its
 * seats, and the seed's events keep theirs. The cookout is unlimited and no journey counts its seats,
 * so the ones that only need some event to register for use it.
 */
const COOKOUT = { slug: "independence-day-cookout", title: "Independence Day Community Cookout" };

const upcoming = (page: Page) => page.locator("section[aria-labelledby=events-heading]");
const card = (page: Page, title: string) => page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const spots = (scope: Locator) => scope.locator('[data-fact="spots"] dd');
const status = (scope: Locator) => scope.getByRole("status");
const registerSection = (page: Page) => page.locator("#register");

async function otherMember(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const member = await signUpMember(page);
  return { context, page, ...member };
}

test("a member registers, sees the spots drop, gets the confirmation with its .ics, finds it in My Events and cancels", { tag: "@two-servers" }, async ({ page }) => {
  test.setTimeout(90_000);
  const { id, title, capacity } = await createEvent("Registration Clinic", { capacity: 20 });
  const { email } = await signUpMember(page);

  await page.goto("/calendar");
  const ours = card(page, title);
  await expect(spots(ours)).toHaveText(`${capacity} spots left`);
  await ours.getByRole("button", { name: `Register Now: ${title}` }).click();
  await expect(status(ours)).toHaveText("You're registered. A confirmation e-mail with a calendar file is on its way.");
  // The pressed button is gone: focus is on what happened, not lost to the page.
  await expect(status(ours)).toBeFocused();
  await expect(ours.getByTestId("registration-state")).toHaveText("You're registered.");
  await expect(spots(ours)).toHaveText(`${capacity - 1} spots left`);
  await expectNoA11yViolations(page);

  const confirmation = await waitForEmail(email, "event-registration");
  expect(confirmation.subject).toBe(`You're registered: ${title}`);
  expect(confirmation.textBody).toMatch(/Add to Google Calendar: https:\/\/calendar\.google\.com\/calendar\/render\?\S*ctz=America%2FChicago/);

  // The event page agrees, and its .ics downloads.
  await page.goto(`/calendar/${id}`);
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText("You're registered.");
  await expect(page.getByRole("main")).toContainText(`${capacity - 1} spots left`);
  await expectNoA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download iCal/ }).click()]);
  expect(download.suggestedFilename()).toBe(`${kebab(title)}.ics`); // the title, kebab-cased
  const ics = await readFile(await download.path(), "utf8");
  expect(ics).toContain(`SUMMARY:${title}`);
  expect(ics).toMatch(/DTSTART;TZID=America\/Chicago:\d{8}T\d{6}/);
  expect(ics).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);

  // My Events lists it; Cancel from there frees the seat.
  await page.goto("/profile?tab=events");
  const mine = page.getByTestId("my-event").filter({ hasText: title });
  await expect(page.getByRole("heading", { name: "Upcoming (1)" })).toBeVisible();
  await expect(mine).toContainText("Registered");
  await expectNoA11yViolations(page);
  await mine.getByRole("button", { name: `Cancel Registration: ${title}` }).click();
  await expect(status(mine)).toHaveText("Your registration is cancelled and your seat has been released.");
  await expect(status(mine)).toBeFocused();
  await expect(mine).toContainText("Cancelled");
  await expect(mine.getByRole("button", { name: `Register Now: ${title}` })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto("/calendar");
  await expect(spots(card(page, title))).toHaveText(`${capacity} spots left`);
});

test("a full event: join the waitlist, get the offer by e-mail when a seat frees up, and claim it on the confirm page", { tag: "@two-servers" }, async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Every seat but one is taken by stand-in members.
  const { id, title } = await createEvent("Waitlist Clinic", { capacity: 8, taken: 7 });

  // The first member takes the last seat.
  await signUpMember(page);
  await page.goto(`/calendar/${id}`);
  await expect(page.getByRole("main")).toContainText("1 spot left");
  await registerSection(page).getByRole("button", { name: `Register Now: ${title}` }).click();
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText("You're registered.");
  await expect(page.locator('[data-fact="spots"] dd')).toHaveText("Full — join the waitlist");

  // A second member finds it full and joins the waitlist.
  const second = await otherMember(browser);
  try {
    const other = second.page;
    await other.goto("/calendar");
    await expect(spots(card(other, title))).toHaveText("Full — join the waitlist");
    await expectNoA11yViolations(other);
    await other.goto(`/calendar/${id}`);
    await registerSection(other).getByRole("button", { name: `Join the Waitlist: ${title}` }).click();
    await expect(status(registerSection(other))).toHaveText(
      "This event is full, so you're number 1 on the waitlist. We'll e-mail you if a seat opens up.",
    );
    await expect(registerSection(other).getByTestId("registration-state")).toHaveText("You're number 1 on the waitlist.");
    await expectNoA11yViolations(other);
    await other.goto("/profile?tab=events");
    await expect(other.getByTestId("my-event").filter({ hasText: title })).toContainText("Waitlist #1");
    await expectNoA11yViolations(other);

    // The first member cancels: the seat is offered to the second, by e-mail.
    await registerSection(page).getByRole("button", { name: `Cancel Registration: ${title}` }).click();
    await expect(status(registerSection(page))).toHaveText("Your registration is cancelled and your seat has been released.");
    const offer = await waitForEmail(second.email, "event-seat-offer");
    const link = offer.textBody.match(/https?:\/\/\S+\/calendar\/\d+\/offer/)?.[0];
    expect(new URL(link ?? "about:blank").pathname, offer.textBody).toBe(`/calendar/${id}/offer`);

    // Opening the link only shows the offer; reloading shows it still on hold.
    await other.goto(new URL(link!).pathname);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Your Seat Offer");
    await other.reload();
    const offerForm = other.getByTestId("registration");
    await expect(offerForm.getByTestId("registration-state")).toContainText("A seat is on hold for you until");
    await expectNoA11yViolations(other);
    await other.goto("/profile?tab=events");
    await expect(other.getByTestId("my-event").filter({ hasText: title })).toContainText("Seat on hold");
    await expectNoA11yViolations(other);
    await other.goto(new URL(link!).pathname);
    await offerForm.getByRole("button", { name: `Claim My Seat: ${title}` }).click();
    await expect(status(offerForm)).toHaveText("The seat is yours. A confirmation e-mail with a calendar file is on its way.");
    await expect(offerForm.getByTestId("registration-state")).toHaveText("You're registered.");
    await waitForEmail(second.email, "event-registration");

    await other.goto(`/calendar/${id}`);
    await expect(other.locator('[data-fact="spots"] dd')).toHaveText("Full — join the waitlist");
  } finally {
    await second.context.close();
  }
});

test("a visitor presses Register Now, signs up, is back at the event at once and finishes with one click (the address need not be confirmed first)", async ({ page }) => {
  const id = await eventIdBySlug(COOKOUT.slug);
  await page.goto("/calendar");
  await card(page, COOKOUT.title).getByRole("button", { name: `Register Now: ${COOKOUT.title}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `/calendar/${id}#register`);

  await page.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/register" && url.searchParams.get("next") === `/calendar/${id}#register`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");
  const email = uniqueMemberEmail("visitor");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByLabel("Confirm password").fill(MEMBER_PASSWORD);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/calendar/${id}`);
  // The confirmation link keeps where the visitor was going, too.
  const link = new URL(/http\S+\/confirm-email\?\S+/.exec((await waitForEmail(email, "confirm-email")).textBody)![0]);
  expect(link.searchParams.get("next")).toBe(`/calendar/${id}#register`);
  await registerSection(page).getByRole("button", { name: `Register Now: ${COOKOUT.title}` }).click();
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText("You're registered.");
  await expect(page.getByRole("main")).toContainText("Unlimited");
  await waitForEmail(email, "event-registration");
});

test("a past event shows as past, cannot be registered for, and appears under Past in My Events", async ({ page }) => {
  const { id, title } = await createPastEvent("Veterans Day Breakfast");

  await page.goto("/calendar");
  await expect(upcoming(page).getByRole("heading", { name: title })).toHaveCount(0);
  const past = page.locator("section[aria-labelledby=past-events-heading]");
  const ours = past.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await expect(ours).toContainText("Past event");
  await expect(ours.getByTestId("registration-state")).toHaveText("This event has passed.");
  await expect(ours.getByRole("button")).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.goto(`/calendar/${id}`);
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText("This event has passed.");
  await expect(registerSection(page).getByRole("button")).toHaveCount(0);
  await expectNoA11yViolations(page);

  const { email } = await signUpMember(page);
  await addConfirmedRegistration(id, email);
  await page.goto("/profile?tab=events");
  await expect(page.getByRole("heading", { name: "Past (1)" })).toBeVisible();
  await expect(page.getByTestId("my-event").filter({ hasText: title })).toContainText("Past event");
  await expectNoA11yViolations(page);
});

test("the private calendar feed: created on the Security tab, it follows registrations and cancellations, and can be turned off", async ({ page, request }) => {
  await signUpMember(page);
  const id = await eventIdBySlug(COOKOUT.slug);
  await page.goto(`/calendar/${id}`);
  await registerSection(page).getByRole("button", { name: `Register Now: ${COOKOUT.title}` }).click();
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText("You're registered.");

  await page.goto("/profile?tab=security");
  const feed = page.locator("section[aria-labelledby=security-calendar-feed]");
  await feed.getByRole("button", { name: "Create my private calendar address" }).click();
  await expect(status(feed)).toHaveText("Your new private calendar address is ready. Any earlier address no longer works.");
  const address = await feed.getByLabel("Your private calendar address").inputValue();
  expect(address).toMatch(/\/calendar\/feeds\/member\/[A-Za-z0-9_-]{43}\.ics$/);
  await expectNoA11yViolations(page);

  const vevent = async () => {
    const response = await request.get(new URL(address).pathname);
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/Chicago/);
    return body.match(/BEGIN:VEVENT[\s\S]*?END:VEVENT/)?.[0] ?? "";
  };
  const registered = await vevent();
  expect(registered).toContain(`SUMMARY:${COOKOUT.title}`);
  expect(registered).toContain("STATUS:CONFIRMED");

  await page.goto(`/calendar/${id}`);
  await registerSection(page).getByRole("button", { name: `Cancel Registration: ${COOKOUT.title}` }).click();
  await expect(registerSection(page).getByRole("button", { name: `Register Now: ${COOKOUT.title}` })).toBeVisible();
  const cancelled = await vevent();
  expect(cancelled).toContain("STATUS:CANCELLED");
  const sequence = (text: string) => Number(text.match(/SEQUENCE:(\d+)/)![1]);
  expect(sequence(cancelled)).toBe(sequence(registered) + 1); // one status change
  expect(cancelled.match(/UID:\S+/)![0]).toBe(registered.match(/UID:\S+/)![0]);

  await page.goto("/profile?tab=security");
  await feed.getByRole("button", { name: "Turn off address" }).click();
  await expect(status(feed)).toHaveText("Your private calendar address is turned off. Calendars subscribed to it no longer update.");
  expect((await request.get(new URL(address).pathname)).status()).toBe(404);
});

test("a member cancels and gets the cancellation e-mail, whose METHOD:CANCEL file removes the entry their feed and confirmation carry", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { id, title } = await createEvent("Cancel Mail Clinic", { capacity: 10 });
  const { email } = await signUpMember(page);

  await page.goto("/profile?tab=security");
  const feed = page.locator("section[aria-labelledby=security-calendar-feed]");
  await feed.getByRole("button", { name: "Create my private calendar address" }).click();
  const address = await feed.getByLabel("Your private calendar address").inputValue();
  const feedEntry = async () => {
    const body = await (await request.get(new URL(address).pathname)).text();
    return body.match(new RegExp(`BEGIN:VEVENT(?:(?!END:VEVENT)[\\s\\S])*SUMMARY:${title}[\\s\\S]*?END:VEVENT`))?.[0] ?? "";
  };
  // RFC 5545 folds long lines (CRLF and a space): unfold before reading a property.
  const property = (ics: string, name: string) => new RegExp(`^${name}:(.*?)\\r?$`, "m").exec(ics.replace(/\r?\n[ \t]/g, ""))?.[1];

  await page.goto(`/calendar/${id}`);
  await registerSection(page).getByRole("button", { name: `Register Now: ${title}` }).click();
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText("You're registered.");
  const confirmation = await waitForEmail(email, "event-registration");
  const confirmationIcs = confirmation.attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
  expect(confirmationIcs.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");

  await page.goto("/profile?tab=events");
  const mine = page.getByTestId("my-event").filter({ hasText: title });
  await mine.getByRole("button", { name: `Cancel Registration: ${title}` }).click();
  await expect(status(mine)).toHaveText("Your registration is cancelled and your seat has been released.");

  const mail = await waitForEmail(email, "event-registration-cancelled");
  expect(mail.subject).toBe(`Registration cancelled: ${title}`);
  expect(mail.replyTo).toBe("info@vanguardveterans.org");
  expect(mail.textBody).toContain("The calendar file attached to this e-mail removes the event from your calendar app.");
  expect(mail.htmlBody).toContain("<p>The calendar file attached to this e-mail removes the event from your calendar app.</p>");
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

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registering and cancelling are plain form posts", async ({ page }) => {
    await signUpMember(page);
    const id = await eventIdBySlug(COOKOUT.slug);
    await page.goto(`/calendar/${id}`);
    await registerSection(page).getByRole("button", { name: `Register Now: ${COOKOUT.title}` }).click();
    await expect(status(registerSection(page))).toHaveText("You're registered. A confirmation e-mail with a calendar file is on its way.");
    await registerSection(page).getByRole("button", { name: `Cancel Registration: ${COOKOUT.title}` }).click();
    await expect(status(registerSection(page))).toHaveText("Your registration is cancelled and your seat has been released.");
    await expect(registerSection(page).getByRole("button", { name: `Register Now: ${COOKOUT.title}` })).toBeVisible();
  });
});
