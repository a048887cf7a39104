/**
 * Registration with JavaScript: the buttons answer without a reload, the spots change in place, and
 * focus moves to what happened; axe on every state a member meets. The states the tests only look at
 * (full, waitlisted, offered, past, a priority window, members only) are made over HTTP and in the
 * database first, so one visit to the calendar (a long page: every event of every spec) and one axe
 * scan of it cover them all. The rules behind them (seats, waitlist order, offers, emails, calendar
 * files, feeds, past events, a visitor signing up on the way) are e2e/http/registration.spec.ts.
 *
 * A journey that takes seats makes an event of its own (e2e/events-db.ts), so no other test shares its
 * seats; the unlimited cookout serves the ones that only need some event.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { E2E_CLOCK_START } from "./clock";
import { addConfirmedRegistration, createEvent, createPastEvent, eventIdBySlug, setRegistrationWindow } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { waitForEmail } from "./outbox";
import { signedInAs } from "./staff-session";

const COOKOUT = { slug: "independence-day-cookout", title: "Independence Day Community Cookout" };
/** Registration opens to everyone five days after the site's clock starts (as in priority-registration.spec.ts). */
const OPENS_TO_EVERYONE = "Jun 25, 10:00 AM CDT";

const card = (page: Page, title: string) => page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const spots = (scope: Locator) => scope.locator('[data-fact="spots"] dd');
const status = (scope: Locator) => scope.getByRole("status");
const state = (scope: Locator) => scope.getByTestId("registration-state");
const registerSection = (page: Page) => page.locator("#register");
const myEvent = (page: Page, title: string) => page.getByTestId("my-event").filter({ hasText: title });

/** A member over HTTP only (no page): a text browser with a session of its own, for another person's part. */
async function memberOverHttp(browser: Browser): Promise<{ text: TextBrowser; close: () => Promise<void> }> {
  const { context } = await signedInAs(browser, null);
  return { text: new TextBrowser(context.request, new URL(test.info().project.use.baseURL!).origin), close: () => context.close() };
}

/** Presses a registration button (Register Now, Join the Waitlist, Cancel Registration) on an event's page, without JavaScript. */
async function press(text: TextBrowser, eventId: number, button: string): Promise<void> {
  const page = await text.get(`/calendar/${eventId}`);
  const answer = await page.form({ button }).submit(button);
  expect(answer.status, `${button} answered`).toBe(200);
}

test(
  "on the calendar, Register Now answers without a reload, the spots drop in place and focus moves to the result; My Events' Cancel likewise; axe on every state a member meets",
  { tag: "@two-servers" },
  async ({ browser }) => {
    test.slow(); // one visit to the calendar, the longest page of the site, and its scan
    // The member (browser and HTTP share the session) and the states their calendar and My Events will show.
    const { context, email } = await signedInAs(browser, null);
    const mine = new TextBrowser(context.request, new URL(test.info().project.use.baseURL!).origin);
    const other = await memberOverHttp(browser);
    try {
      const { id, title, capacity } = await createEvent("Registration Clinic", { capacity: 20 });
      const full = await createEvent("Full Clinic", { capacity: 1, taken: 1 });
      const waitlisted = await createEvent("Waitlisted Clinic", { capacity: 1, taken: 1 });
      await press(mine, waitlisted.id, `Join the Waitlist: ${waitlisted.title}`);
      // An offer: someone else holds the only seat, the member waits, the seat frees up.
      const offered = await createEvent("Offered Clinic", { capacity: 1 });
      await press(other.text, offered.id, `Register Now: ${offered.title}`);
      await press(mine, offered.id, `Join the Waitlist: ${offered.title}`);
      await press(other.text, offered.id, `Cancel Registration: ${offered.title}`);
      await waitForEmail(email, "event-seat-offer");
      const past = await createPastEvent("Veterans Day Breakfast");
      await addConfirmedRegistration(past.id, email);
      const priority = await createEvent("Priority Range Day", { capacity: 10 });
      await setRegistrationWindow(priority.id, { opensAt: new Date(new Date(E2E_CLOCK_START).getTime() + 5 * 24 * 3_600_000), priorityDays: 7 });
      const eliteOnly = await createEvent("Leadership Breakfast", { capacity: 10 });
      await setRegistrationWindow(eliteOnly.id, { eligibility: "elite" });

      const page = await context.newPage();
      await page.goto("/calendar");
      const ours = card(page, title);
      await expect(spots(ours)).toHaveText(`${capacity} spots left`);
      // A marker on window survives only if the page never reloads.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      await ours.getByRole("button", { name: `Register Now: ${title}` }).click();
      await expect(status(ours)).toHaveText("Done. A confirmation email with a calendar file is on its way.");
      // The pressed button is gone: focus is on what happened, not lost to the page.
      await expect(status(ours)).toBeFocused();
      await expect(state(ours)).toHaveText("You're registered.");
      await expect(spots(ours)).toHaveText(`${capacity - 1} spots left`);
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      // Every other state a card shows is on this page too: one scan covers them all.
      await expect(spots(card(page, full.title))).toHaveText("Full — join the waitlist");
      await expect(card(page, full.title).getByRole("button", { name: `Join the Waitlist: ${full.title}` })).toBeVisible();
      await expect(state(card(page, waitlisted.title))).toHaveText("You're number 1 on the waitlist.");
      await expect(state(card(page, offered.title))).toContainText("A seat is on hold for you until");
      await expect(state(page.locator("section[aria-labelledby=past-events-heading]").getByTestId("event-card").filter({ hasText: past.title }))).toHaveText(
        "This event has passed.",
      );
      await expect(card(page, priority.title).getByTestId("registration-notes")).toHaveText(`Open to Premium and Elite members now; to everyone on ${OPENS_TO_EVERYONE}.`);
      await expect(card(page, eliteOnly.title).getByTestId("registration-notes")).toHaveText("Only Elite members may register for this event.");
      await expectNoA11yViolations(page);

      await page.goto(`/calendar/${id}`);
      await expect(state(registerSection(page))).toHaveText("You're registered.");
      await expectNoA11yViolations(page);

      // My Events lists every state at once; Cancel from there frees the seat.
      await page.goto("/profile?tab=events");
      await expect(myEvent(page, title)).toContainText("Registered");
      await expect(myEvent(page, waitlisted.title)).toContainText("Waitlist #1");
      await expect(myEvent(page, offered.title)).toContainText("Seat on hold");
      await expect(myEvent(page, past.title)).toContainText("Past event");
      await expectNoA11yViolations(page);
      await myEvent(page, title).getByRole("button", { name: `Cancel Registration: ${title}` }).click();
      await expect(status(myEvent(page, title))).toHaveText("Your registration is canceled and your seat has been released.");
      await expect(status(myEvent(page, title))).toBeFocused();
      await expect(myEvent(page, title)).toContainText("Canceled");
      await expect(myEvent(page, title).getByRole("button", { name: `Register Now: ${title}` })).toBeVisible();
      await expectNoA11yViolations(page);
    } finally {
      await other.close();
      await context.close();
    }
  },
);

test("a full event with JavaScript: join the waitlist, then claim the offered seat; axe on the waitlisted event page, the offer page and a past event's page", async ({ browser }) => {
  const { id, title } = await createEvent("Waitlist Clinic", { capacity: 1 });
  const first = await memberOverHttp(browser);
  const { context, email } = await signedInAs(browser, null);
  try {
    // Someone else holds the only seat.
    await press(first.text, id, `Register Now: ${title}`);

    const page = await context.newPage();
    await page.goto(`/calendar/${id}`);
    await registerSection(page).getByRole("button", { name: `Join the Waitlist: ${title}` }).click();
    await expect(status(registerSection(page))).toHaveText("This event is full, so you joined its waitlist. We'll email you if a seat opens up.");
    await expect(status(registerSection(page))).toBeFocused();
    await expect(state(registerSection(page))).toHaveText("You're number 1 on the waitlist.");
    await expectNoA11yViolations(page);

    // The first member cancels: the seat is offered by email.
    await press(first.text, id, `Cancel Registration: ${title}`);
    const link = (await waitForEmail(email, "event-seat-offer")).textBody.match(/https?:\/\/\S+\/calendar\/\d+\/offer/)![0];
    await page.goto(new URL(link).pathname);
    const offerForm = page.getByTestId("registration");
    await expect(state(offerForm)).toContainText("A seat is on hold for you until");
    await expectNoA11yViolations(page);
    await offerForm.getByRole("button", { name: `Claim My Seat: ${title}` }).click();
    await expect(status(offerForm)).toHaveText("Seat claimed. A confirmation email with a calendar file is on its way.");
    await expect(status(offerForm)).toBeFocused();
    await expect(state(offerForm)).toHaveText("You're registered.");

    const past = await createPastEvent("Veterans Day Breakfast");
    await page.goto(`/calendar/${past.id}`);
    await expect(state(registerSection(page))).toHaveText("This event has passed.");
    await expectNoA11yViolations(page);
  } finally {
    await first.close();
    await context.close();
  }
});

test("the Security tab's private calendar address, created with JavaScript; axe on it", async ({ browser }) => {
  const { context, email } = await signedInAs(browser, null);
  try {
    await addConfirmedRegistration(await eventIdBySlug(COOKOUT.slug), email);
    const page = await context.newPage();
    await page.goto("/profile?tab=security");
    const feed = page.locator("section[aria-labelledby=security-calendar-feed]");
    await feed.getByRole("button", { name: "Create my private calendar address" }).click();
    await expect(status(feed)).toHaveText("Your new private calendar address is ready. Any earlier address no longer works.");
    await expect(feed.getByLabel("Your private calendar address")).toHaveValue(/\/calendar\/feeds\/member\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectNoA11yViolations(page);
  } finally {
    await context.close();
  }
});
