/**
 * Priority registration and member-only events (ADR 0019), as members and staff would meet them on a
 * laptop and a phone: the calendar says when registration opens for whom, a Premium member registers
 * in the priority window while a Basic member is told the opening time instead of a button (and refused
 * with it when a page opened earlier is pressed after their membership lapsed), a member-only event
 * refuses Basic, staff set the window on the event form, and a refused no-JS post answers 422. Each
 * test makes its own event; time is the site's injected clock (E2E_CLOCK_START), never today's date.
 */
import type { Page } from "@playwright/test";
import { E2E_CLOCK_START } from "./clock";
import { createEvent, hasRegistration, registrationWindowOf, setPlanByEmail, setRegistrationWindow } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { postedStatus } from "./page-helpers";
import { setRole } from "./staff-db";

test.beforeEach(() => test.slow());

const DAY = 24 * 3_600_000;
const clockStart = new Date(E2E_CLOCK_START); // June 20, 2027, 10:00 AM CDT
/** Registration opens to everyone five days after the site's clock starts: June 25, 10:00 AM CDT. */
const generalOpening = new Date(clockStart.getTime() + 5 * DAY);
const OPENS_TO_EVERYONE = "Jun 25, 10:00 AM CDT";
const paidUntil = new Date(clockStart.getTime() + 200 * DAY);
/** Expired longer ago than the grace period: the membership has lapsed and counts as Basic. */
const lapsedOn = new Date(clockStart.getTime() - 60 * DAY);

const card = (page: Page, title: string) => page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const registerSection = (page: Page) => page.locator("#register");

async function newPage(page: Page) {
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

test("a Premium member registers in the priority window while a Basic member is refused with the opening time", async ({ page }) => {
  const event = await createEvent("Priority Range Day", { capacity: 10 });
  await setRegistrationWindow(event.id, { opensAt: generalOpening, priorityDays: 7 });
  const premium = await signUpMember(page);
  await setPlanByEmail(premium.email, "premium", paidUntil);

  await page.goto("/calendar");
  const ours = card(page, event.title);
  await expect(ours.getByTestId("registration-notes")).toHaveText(`Open to Premium and Elite members now; to everyone on ${OPENS_TO_EVERYONE}.`);
  await ours.getByRole("button", { name: `Register Now: ${event.title}` }).click();
  await expect(ours.getByRole("status")).toHaveText("You're registered. A confirmation e-mail with a calendar file is on its way.");
  await expectNoA11yViolations(page);

  const basic = await newPage(page);
  try {
    const { email } = await signUpMember(basic.page);
    await basic.page.goto(`/calendar/${event.id}`);
    await expect(registerSection(basic.page).getByTestId("registration-notes")).toHaveText(
      `Open to Premium and Elite members now; to everyone on ${OPENS_TO_EVERYONE}.`,
    );
    // No button to press in vain: the member is told when it opens for them.
    await expect(registerSection(basic.page).getByTestId("registration-state")).toHaveText(
      `Registration is open to Premium and Elite members only for now; it opens to everyone on ${OPENS_TO_EVERYONE}.`,
    );
    await expect(registerSection(basic.page).getByRole("button", { name: /Register Now/ })).toHaveCount(0);
    await expectNoA11yViolations(basic.page);

    // A page opened while a membership was in force, pressed after it lapsed, is refused with the opening time.
    await setPlanByEmail(email, "premium", paidUntil);
    await basic.page.reload();
    await setPlanByEmail(email, "premium", lapsedOn);
    await registerSection(basic.page).getByRole("button", { name: `Register Now: ${event.title}` }).click();
    const alert = registerSection(basic.page).getByRole("alert");
    await expect(alert).toHaveText(`Registration is open to Premium and Elite members only for now; it opens to everyone on ${OPENS_TO_EVERYONE}.`);
    await expect(alert).toBeFocused();
    await expectNoA11yViolations(basic.page);
    expect(await hasRegistration(event.id, email)).toBe(false);
  } finally {
    await basic.context.close();
  }
});

test("a member-only event says who may register and refuses a Basic member; an Elite member registers", async ({ page }) => {
  const event = await createEvent("Leadership Breakfast", { capacity: 10 });
  await setRegistrationWindow(event.id, { eligibility: "elite" });
  const { email } = await signUpMember(page);

  await page.goto("/calendar");
  await expect(card(page, event.title).getByTestId("registration-notes")).toHaveText("Only Elite members may register for this event.");
  await page.goto(`/calendar/${event.id}`);
  await expect(registerSection(page).getByTestId("registration-state")).toHaveText(
    "Only Elite members may register for this event. It needs an Elite membership in force.",
  );
  await expect(registerSection(page).getByRole("button", { name: /Register Now/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  expect(await hasRegistration(event.id, email)).toBe(false);

  await setPlanByEmail(email, "elite", paidUntil);
  await page.reload();
  await registerSection(page).getByRole("button", { name: `Register Now: ${event.title}` }).click();
  await expect(registerSection(page).getByRole("status")).toHaveText("You're registered. A confirmation e-mail with a calendar file is on its way.");
});

test("staff set the opening and the priority window on the event form: errors beside the fields, then the calendar says it", async ({ page }) => {
  const event = await createEvent("Window Clinic", { capacity: 10 });
  const { email } = await signUpMember(page, { email: uniqueMemberEmail("events-window") });
  await setRole(email, "staff");
  await page.goto(`/admin/events/${event.id}`);
  const details = page.getByRole("region", { name: "Event details" });
  const days = details.getByRole("spinbutton", { name: "Priority window (days)" });
  const save = details.getByRole("button", { name: "Save changes" });

  await days.fill("7");
  await save.click();
  await expect(days).toHaveAccessibleDescription(/needs an opening time for everyone/);
  await expect(days).toBeFocused();

  await details.getByRole("radio", { name: "Later, on the day and at the time below" }).check();
  await details.getByLabel("Opening day (Central Time)").fill("2028-09-20"); // after the event's start
  await details.getByLabel("Opening time (Central Time)").fill("10:00");
  await save.click();
  await expect(details.getByLabel("Opening day (Central Time)")).toHaveAccessibleDescription("Registration must open before the event starts.");
  await days.fill("0");
  await save.click();
  await expect(days).toHaveAccessibleDescription(/^Premium and Elite members may register.*Enter a whole number of days from 1 to 90, or leave it empty\.$/);
  expect(await registrationWindowOf(event.id)).toMatchObject({ registration_opens_at: null, priority_days: null });
  await expectNoA11yViolations(page);

  await details.getByLabel("Opening day (Central Time)").fill("2027-06-25");
  await days.fill("7");
  await save.click();
  await expect(details.getByRole("status")).toHaveText("Event saved.");
  expect(await registrationWindowOf(event.id)).toEqual({ registration_opens_at: generalOpening, priority_days: 7, eligibility: "everyone" });
  await expectNoA11yViolations(page);

  await page.goto("/calendar");
  await expect(card(page, event.title).getByTestId("registration-notes")).toHaveText(
    `Open to Premium and Elite members now; to everyone on ${OPENS_TO_EVERYONE}.`,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused registration is a plain form post answered 422, with the opening time", async ({ page }) => {
    const event = await createEvent("Quiet Priority Clinic", { capacity: 10 });
    await setRegistrationWindow(event.id, { opensAt: generalOpening, priorityDays: 7 });
    const { email } = await signUpMember(page);
    // The page was opened while the member's Premium membership was in force; it lapsed before they pressed.
    await setPlanByEmail(email, "premium", paidUntil);
    await page.goto(`/calendar/${event.id}`);
    await setPlanByEmail(email, "premium", lapsedOn);
    expect(await postedStatus(page, registerSection(page).getByRole("button", { name: `Register Now: ${event.title}` }))).toBe(422);
    await expect(registerSection(page).getByRole("alert")).toHaveText(
      `Registration is open to Premium and Elite members only for now; it opens to everyone on ${OPENS_TO_EVERYONE}.`,
    );
    expect(await hasRegistration(event.id, email)).toBe(false);

    await setPlanByEmail(email, "premium", paidUntil);
    await page.goto(`/calendar/${event.id}`);
    expect(await postedStatus(page, registerSection(page).getByRole("button", { name: `Register Now: ${event.title}` }))).toBe(200);
    await expect(registerSection(page).getByRole("status")).toHaveText("You're registered. A confirmation e-mail with a calendar file is on its way.");
  });
});
