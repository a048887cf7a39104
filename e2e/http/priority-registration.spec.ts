/**
 * Priority registration and member-only events (ADR 0019) as the server answers them: what the calendar
 * and the event page say to whom, who may register when, the refusals (422 without JavaScript), and the
 * staff event form's window fields. Time is the site's injected clock (E2E_CLOCK_START). The same with
 * JavaScript (the refusal focused in place) and axe on each state: e2e/priority-registration.spec.ts.
 */
import { E2E_CLOCK_START } from "../clock";
import { createEvent, hasRegistration, registrationWindowOf, setPlanByEmail, setRegistrationWindow } from "../events-db";
import { expect, test } from "./fixtures";
import type { HttpPage } from "./text-browser";

const DAY = 24 * 3_600_000;
const clockStart = new Date(E2E_CLOCK_START); // June 20, 2027, 10:00 AM CDT
/** Registration opens to everyone five days after the site's clock starts: June 25, 10:00 AM CDT. */
const generalOpening = new Date(clockStart.getTime() + 5 * DAY);
const OPENS_TO_EVERYONE = "Jun 25, 10:00 AM CDT";
const paidUntil = new Date(clockStart.getTime() + 200 * DAY);
/** Expired longer ago than the grace period: the membership has lapsed and counts as Basic. */
const lapsedOn = new Date(clockStart.getTime() - 60 * DAY);
const PRIORITY_NOTE = `Open to Premium and Elite members now; to everyone on ${OPENS_TO_EVERYONE}.`;
const PRIORITY_ONLY = `Registration is open to Premium and Elite members only for now; it opens to everyone on ${OPENS_TO_EVERYONE}.`;

const cardNotes = (page: HttpPage, title: string) =>
  page.$("[data-testid=event-card]").filter((_, card) => page.$(card).find("h3").text().trim() === title).find("[data-testid=registration-notes]").text().trim();

test("a Premium member registers in the priority window while a Basic member is told the opening time instead of a button", async ({ signedIn }) => {
  const event = await createEvent("Priority Range Day", { capacity: 10 });
  await setRegistrationWindow(event.id, { opensAt: generalOpening, priorityDays: 7 });
  const premium = await signedIn(null);
  await setPlanByEmail(premium.email, "premium", paidUntil);

  const calendar = await premium.browser.get("/calendar");
  expect(cardNotes(calendar, event.title)).toBe(PRIORITY_NOTE);
  const registered = await calendar.form({ button: `Register Now: ${event.title}` }).submit(`Register Now: ${event.title}`);
  expect(registered.status).toBe(200);
  // The calendar comes back with the answer on the card that was pressed.
  const pressed = registered.$("[data-testid=event-card]").filter((_, card) => registered.$(card).find("h3").text().trim() === event.title);
  expect(registered.text(pressed.find("[role=status]")[0]!)).toBe("Done. A confirmation email with a calendar file is on its way.");
  expect(await hasRegistration(event.id, premium.email)).toBe(true);

  const basic = await signedIn(null);
  const page = await basic.browser.get(`/calendar/${event.id}`);
  expect(page.text("#register [data-testid=registration-notes]")).toBe(PRIORITY_NOTE);
  // No button to press in vain: the member is told when it opens for them.
  expect(page.text("#register [data-testid=registration-state]")).toBe(PRIORITY_ONLY);
  expect(page.buttons("#register").filter((name) => /Register Now/.test(name))).toEqual([]);
});

test("a member-only event says who may register and refuses a Basic member; an Elite member registers", async ({ signedIn }) => {
  const event = await createEvent("Leadership Breakfast", { capacity: 10 });
  await setRegistrationWindow(event.id, { eligibility: "elite" });
  const { browser, email } = await signedIn(null);

  expect(cardNotes(await browser.get("/calendar"), event.title)).toBe("Only Elite members may register for this event.");
  const page = await browser.get(`/calendar/${event.id}`);
  expect(page.text("#register [data-testid=registration-state]")).toBe("Only Elite members may register for this event. It needs an Elite membership in force.");
  expect(page.buttons("#register").filter((name) => /Register Now/.test(name))).toEqual([]);
  expect(await hasRegistration(event.id, email)).toBe(false);

  await setPlanByEmail(email, "elite", paidUntil);
  const elite = await browser.get(`/calendar/${event.id}`);
  const registered = await elite.form({ button: `Register Now: ${event.title}` }).submit(`Register Now: ${event.title}`);
  expect(registered.text("#register [role=status]")).toBe("Done. A confirmation email with a calendar file is on its way.");
});

test("a refused registration is a plain form post answered 422, with the opening time; once in force it registers", async ({ signedIn }) => {
  const event = await createEvent("Quiet Priority Clinic", { capacity: 10 });
  await setRegistrationWindow(event.id, { opensAt: generalOpening, priorityDays: 7 });
  const { browser, email } = await signedIn(null);
  // The page was opened while the member's Premium membership was in force; it lapsed before they pressed.
  await setPlanByEmail(email, "premium", paidUntil);
  const opened = await browser.get(`/calendar/${event.id}`);
  await setPlanByEmail(email, "premium", lapsedOn);
  const refused = await opened.form({ button: `Register Now: ${event.title}` }).submit(`Register Now: ${event.title}`);
  expect(refused.status).toBe(422);
  expect(refused.text("#register [role=alert]")).toBe(PRIORITY_ONLY);
  expect(await hasRegistration(event.id, email)).toBe(false);

  await setPlanByEmail(email, "premium", paidUntil);
  const again = await browser.get(`/calendar/${event.id}`);
  const registered = await again.form({ button: `Register Now: ${event.title}` }).submit(`Register Now: ${event.title}`);
  expect(registered.status).toBe(200);
  expect(registered.text("#register [role=status]")).toBe("Done. A confirmation email with a calendar file is on its way.");
});

test("staff set the opening and the priority window on the event form: each refusal beside its field, then the calendar says it", async ({ signedIn, visitor }) => {
  const event = await createEvent("Window Clinic", { capacity: 10 });
  const { browser } = await signedIn("staff");
  const DETAILS = "section[aria-labelledby], [role=region]";
  const form = (page: HttpPage) => page.form({ button: "Save changes" });
  const open = () => browser.get(`/admin/events/${event.id}`);

  const noOpening = await form(await open()).fill("Priority window (days)", "7").submit("Save changes");
  expect(noOpening.status).toBe(422);
  expect(noOpening.fieldError("Priority window (days)")).toMatch(/needs an opening time for everyone/);

  const afterStart = await form(noOpening)
    .check("Later, on the day and at the time below")
    .fill("Opening day (Central Time)", "2028-09-20") // after the event's start
    .fill("Opening time (Central Time)", "10:00")
    .submit("Save changes");
  expect(afterStart.status).toBe(422);
  expect(afterStart.fieldError("Opening day (Central Time)")).toBe("Registration must open before the event starts.");

  const zeroDays = await form(afterStart).fill("Priority window (days)", "0").submit("Save changes");
  expect(zeroDays.status).toBe(422);
  expect(zeroDays.fieldError("Priority window (days)")).toMatch(/^Premium and Elite members may register.*Enter a whole number of days from 1 to 90, or leave it empty\.$/);
  expect(await registrationWindowOf(event.id)).toMatchObject({ registration_opens_at: null, priority_days: null });

  const saved = await form(zeroDays).fill("Opening day (Central Time)", "2027-06-25").fill("Priority window (days)", "7").submit("Save changes");
  expect(saved.text(`${DETAILS} [role=status]`)).toContain("Event saved.");
  expect(await registrationWindowOf(event.id)).toEqual({ registration_opens_at: generalOpening, priority_days: 7, eligibility: "everyone" });

  expect(cardNotes(await visitor.get("/calendar"), event.title)).toBe(PRIORITY_NOTE);
});
