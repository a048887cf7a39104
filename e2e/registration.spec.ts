/**
 * Registration with JavaScript: the buttons answer without a reload, the spots change in place, and
 * focus moves to what happened; axe on every state a member meets (registered, waitlisted, offered,
 * past, the private calendar address). The rules behind them (seats, waitlist order, offers, e-mails,
 * calendar files, feeds, past events, a visitor signing up on the way) are e2e/http/registration.spec.ts.
 *
 * A journey that takes seats makes an event of its own (e2e/events-db.ts), so no other test shares its
 * seats; the unlimited cookout serves the ones that only need some event.
 */
import type { Locator, Page } from "@playwright/test";
import { addConfirmedRegistration, createEvent, createPastEvent, eventIdBySlug } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { signUpMember } from "./member";
import { waitForEmail } from "./outbox";
import { signedInAs } from "./staff-session";

const COOKOUT = { slug: "independence-day-cookout", title: "Independence Day Community Cookout" };

const card = (page: Page, title: string) => page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const spots = (scope: Locator) => scope.locator('[data-fact="spots"] dd');
const status = (scope: Locator) => scope.getByRole("status");
const registerSection = (page: Page) => page.locator("#register");

test("a member registers and cancels without a reload: the spots change in place and focus moves to the result", { tag: "@two-servers" }, async ({ page }) => {
  const { id, title, capacity } = await createEvent("Registration Clinic", { capacity: 20 });
  await signUpMember(page);

  await page.goto("/calendar");
  const ours = card(page, title);
  await expect(spots(ours)).toHaveText(`${capacity} spots left`);
  // A marker on window survives only if the page never reloads.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await ours.getByRole("button", { name: `Register Now: ${title}` }).click();
  await expect(status(ours)).toHaveText("You're registered. A confirmation e-mail with a calendar file is on its way.");
  // The pressed button is gone: focus is on what happened, not lost to the page.
  await expect(status(ours)).toBeFocused();
  await expect(ours.getByTestId("registration-state")).toHaveText("You're registered.");
  await expect(spots(ours)).toHaveText(`${capacity - 1} spots left`);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  await expectNoA11yViolations(page);

  await page.goto(`/calendar/${id}`);
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText("You're registered.");
  await expectNoA11yViolations(page);

  // My Events lists it; Cancel from there frees the seat.
  await page.goto("/profile?tab=events");
  const mine = page.getByTestId("my-event").filter({ hasText: title });
  await expect(mine).toContainText("Registered");
  await expectNoA11yViolations(page);
  await mine.getByRole("button", { name: `Cancel Registration: ${title}` }).click();
  await expect(status(mine)).toHaveText("Your registration is cancelled and your seat has been released.");
  await expect(status(mine)).toBeFocused();
  await expect(mine).toContainText("Cancelled");
  await expect(mine.getByRole("button", { name: `Register Now: ${title}` })).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a full event with JavaScript: join the waitlist, then claim the offered seat; axe on the full, waitlisted and offered states", async ({ playwright, browser }) => {
  test.setTimeout(90_000);
  // Every seat but one is taken by stand-in members; a member over HTTP takes the last one.
  const { id, title } = await createEvent("Waitlist Clinic", { capacity: 8, taken: 7 });
  const baseURL = test.info().project.use.baseURL!;
  const firstContext = await playwright.request.newContext({ baseURL });
  const first = new TextBrowser(firstContext, new URL(baseURL).origin);
  await signUpMember(firstContext);
  const eventPage = await first.get(`/calendar/${id}`);
  await eventPage.form({ button: `Register Now: ${title}` }).submit(`Register Now: ${title}`);

  const { context, email } = await signedInAs(browser, null);
  const other = await context.newPage();
  try {
    await other.goto("/calendar");
    await expect(spots(card(other, title))).toHaveText("Full — join the waitlist");
    await expectNoA11yViolations(other);
    await other.goto(`/calendar/${id}`);
    await registerSection(other).getByRole("button", { name: `Join the Waitlist: ${title}` }).click();
    await expect(status(registerSection(other))).toHaveText("This event is full, so you're number 1 on the waitlist. We'll e-mail you if a seat opens up.");
    await expect(status(registerSection(other))).toBeFocused();
    await expectNoA11yViolations(other);
    await other.goto("/profile?tab=events");
    await expect(other.getByTestId("my-event").filter({ hasText: title })).toContainText("Waitlist #1");
    await expectNoA11yViolations(other);

    // The first member cancels: the seat is offered by e-mail.
    const registered = await first.get(`/calendar/${id}`);
    await registered.form({ button: `Cancel Registration: ${title}` }).submit(`Cancel Registration: ${title}`);
    const link = (await waitForEmail(email, "event-seat-offer")).textBody.match(/https?:\/\/\S+\/calendar\/\d+\/offer/)![0];

    await other.goto(new URL(link).pathname);
    const offerForm = other.getByTestId("registration");
    await expect(offerForm.getByTestId("registration-state")).toContainText("A seat is on hold for you until");
    await expectNoA11yViolations(other);
    await other.goto("/profile?tab=events");
    await expect(other.getByTestId("my-event").filter({ hasText: title })).toContainText("Seat on hold");
    await expectNoA11yViolations(other);
    await other.goto(new URL(link).pathname);
    await offerForm.getByRole("button", { name: `Claim My Seat: ${title}` }).click();
    await expect(status(offerForm)).toHaveText("The seat is yours. A confirmation e-mail with a calendar file is on its way.");
    await expect(status(offerForm)).toBeFocused();
    await expect(offerForm.getByTestId("registration-state")).toHaveText("You're registered.");
  } finally {
    await context.close();
    await firstContext.dispose();
  }
});

test("axe on a past event (calendar, its page, My Events) and on the Security tab's private calendar address, created with JavaScript", async ({ page, browser }) => {
  const { id, title } = await createPastEvent("Veterans Day Breakfast");
  await page.goto("/calendar");
  await expect(page.locator("section[aria-labelledby=past-events-heading]").getByRole("heading", { name: title })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto(`/calendar/${id}`);
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText("This event has passed.");
  await expectNoA11yViolations(page);

  const { context, email } = await signedInAs(browser, null);
  const member = await context.newPage();
  try {
    await addConfirmedRegistration(id, email);
    await addConfirmedRegistration(await eventIdBySlug(COOKOUT.slug), email);
    await member.goto("/profile?tab=events");
    await expect(member.getByTestId("my-event").filter({ hasText: title })).toContainText("Past event");
    await expectNoA11yViolations(member);

    await member.goto("/profile?tab=security");
    const feed = member.locator("section[aria-labelledby=security-calendar-feed]");
    await feed.getByRole("button", { name: "Create my private calendar address" }).click();
    await expect(status(feed)).toHaveText("Your new private calendar address is ready. Any earlier address no longer works.");
    await expect(feed.getByLabel("Your private calendar address")).toHaveValue(/\/calendar\/feeds\/member\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectNoA11yViolations(member);
  } finally {
    await context.close();
  }
});
