/**
 * Priority registration and member-only events (ADR 0019) with JavaScript: a refusal answers in place,
 * focused, and the staff event form's window fields show their errors beside the field and move focus
 * there; axe on every state. Who may register when, and every refusal's wording over a plain post, is
 * e2e/http/priority-registration.spec.ts. Each test makes its own event; time is the site's injected
 * clock (E2E_CLOCK_START), never today's date.
 */
import type { Page } from "@playwright/test";
import { E2E_CLOCK_START } from "./clock";
import { createEvent, hasRegistration, setPlanByEmail, setRegistrationWindow } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signedInAs } from "./staff-session";

test.beforeEach(() => test.slow());

const DAY = 24 * 3_600_000;
const clockStart = new Date(E2E_CLOCK_START); // June 20, 2027, 10:00 AM CDT
/** Registration opens to everyone five days after the site's clock starts: June 25, 10:00 AM CDT. */
const generalOpening = new Date(clockStart.getTime() + 5 * DAY);
const OPENS_TO_EVERYONE = "Jun 25, 10:00 AM CDT";
const paidUntil = new Date(clockStart.getTime() + 200 * DAY);
/** Expired longer ago than the grace period: the membership has lapsed and counts as Basic. */
const lapsedOn = new Date(clockStart.getTime() - 60 * DAY);

const registerSection = (page: Page) => page.locator("#register");

test("a Basic member is told when registration opens, a member-only event says who may register, and a lapsed member's press is refused in place, focused; axe on each", async ({ browser }) => {
  const event = await createEvent("Priority Range Day", { capacity: 10 });
  await setRegistrationWindow(event.id, { opensAt: generalOpening, priorityDays: 7 });
  const eliteOnly = await createEvent("Leadership Breakfast", { capacity: 10 });
  await setRegistrationWindow(eliteOnly.id, { eligibility: "elite" });
  // The calendar's cards in these states are scanned with every other card state (registration.spec.ts).

  const basic = await signedInAs(browser, null);
  try {
    const page = await basic.context.newPage();
    await page.goto(`/calendar/${event.id}`);
    await expect(registerSection(page).getByTestId("registration-state")).toHaveText(
      `Registration is open to Premium and Elite members only for now; it opens to everyone on ${OPENS_TO_EVERYONE}.`,
    );
    await expectNoA11yViolations(page);
    await page.goto(`/calendar/${eliteOnly.id}`);
    await expect(registerSection(page).getByTestId("registration-state")).toHaveText("Only Elite members may register for this event. It needs an Elite membership in force.");
    await expectNoA11yViolations(page);

    // A page opened while a membership was in force, pressed after it lapsed, is refused with the opening time.
    await setPlanByEmail(basic.email, "premium", paidUntil);
    await page.goto(`/calendar/${event.id}`);
    await setPlanByEmail(basic.email, "premium", lapsedOn);
    await registerSection(page).getByRole("button", { name: `Register Now: ${event.title}` }).click();
    const alert = registerSection(page).getByRole("alert");
    await expect(alert).toHaveText(`Registration is open to Premium and Elite members only for now; it opens to everyone on ${OPENS_TO_EVERYONE}.`);
    await expect(alert).toBeFocused();
    await expectNoA11yViolations(page);
    expect(await hasRegistration(event.id, basic.email)).toBe(false);
  } finally {
    await basic.context.close();
  }
});

test("staff set the priority window on the event form: the error beside the field takes focus, then Event saved.", async ({ browser }) => {
  const event = await createEvent("Window Clinic", { capacity: 10 });
  const { context } = await signedInAs(browser, "staff");
  try {
    const page = await context.newPage();
    await page.goto(`/admin/events/${event.id}`);
    const details = page.getByRole("region", { name: "Event details" });
    const days = details.getByRole("spinbutton", { name: "Priority window (days)" });
    const save = details.getByRole("button", { name: "Save changes" });

    await days.fill("7");
    await save.click();
    await expect(days).toHaveAccessibleDescription(/needs an opening time for everyone/);
    await expect(days).toBeFocused();
    await expectNoA11yViolations(page);

    await details.getByRole("radio", { name: "Later, on the day and at the time below" }).check();
    await details.getByLabel("Opening day (Central Time)").fill("2027-06-25");
    await details.getByLabel("Opening time (Central Time)").fill("10:00");
    await save.click();
    await expect(details.getByRole("status")).toHaveText("Event saved.");
    await expectNoA11yViolations(page);
  } finally {
    await context.close();
  }
});
