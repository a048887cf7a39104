/**
 * The events desk, as staff on a laptop and on a phone: create an event (errors beside the fields
 * first), change its capacity (never below the seats taken; new seats offered to the waitlist), see
 * attendees and the waitlist, export them, e-mail them, cancel the event, duplicate it. Each test
 * makes its own events (after the sample season, titles marked TEST_MADE).
 */
import type { Page } from "@playwright/test";
import { createDoorEvent, eventIdByTitle, eventRow, testMadeTitle } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";
import { setRole } from "./staff-db";
import { signedInAs } from "./staff-session";
import { postedStatus } from "./page-helpers";

test.beforeEach(() => test.slow());

/** The test's own page (desktop or phone) signed in as a new staff member. */
async function signInAsStaff(page: Page): Promise<string> {
  const { email } = await signUpMember(page, { email: uniqueMemberEmail("events-desk") });
  await setRole(email, "staff");
  return email;
}

async function fillEvent(page: Page, fields: { title: string; date: string; start: string; end: string; seats: string }) {
  await page.getByRole("textbox", { name: "Title" }).fill(fields.title);
  // Community, like every event the specs make: the calendar spec counts the other categories exactly.
  await page.getByRole("combobox", { name: "Category" }).selectOption("community");
  await page.getByLabel("Date").fill(fields.date);
  await page.getByLabel("Starts").fill(fields.start);
  await page.getByLabel("Ends").fill(fields.end);
  await page.getByRole("textbox", { name: "Location" }).fill("Zilker Park, Austin, TX");
  await page.getByRole("textbox", { name: "Instructor" }).fill("Tom Brennan");
  await page.getByRole("spinbutton", { name: "Seats" }).fill(fields.seats);
  await page.getByRole("textbox", { name: "Description" }).fill("Bring water and a 20 lb ruck.");
}

test("staff create an event: errors beside the fields, a past date refused, then it is on the calendar in Central Time", async ({ page }) => {
  await signInAsStaff(page);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Events" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New event" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please correct" })).toHaveText("Please correct the highlighted fields.");
  await expect(page.getByText("Enter the title.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveAccessibleDescription("Enter the title.");
  await expectNoA11yViolations(page);

  // A hostile title is just text; capacity 0 and then a date in the past are refused beside their fields.
  const title = testMadeTitle(`<script>alert(1)</script> Ruck "Clinic"`);
  await fillEvent(page, { title, date: "2028-09-26", start: "09:00", end: "12:30", seats: "0" });
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("spinbutton", { name: "Seats" })).toHaveAccessibleDescription("Enter a whole number of seats from 1 to 10,000.");
  await expect(page.getByRole("spinbutton", { name: "Seats" })).toBeFocused();
  await page.getByRole("spinbutton", { name: "Seats" }).fill("12");
  await page.getByLabel("Date").fill("2027-01-05");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByLabel("Date")).toHaveAccessibleDescription("The start is in the past: choose a date and time still to come.");
  await expect(() => eventIdByTitle(title)).rejects.toThrow();

  await page.getByLabel("Date").fill("2028-09-26");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL(/\/admin\/events\/\d+\?done=created$/);
  await expect(page.getByRole("status").filter({ hasText: "is created" })).toHaveText(`${title} is created and listed on the calendar.`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expectNoA11yViolations(page);
  const id = await eventIdByTitle(title);
  const row = await eventRow(id);
  // 26 September 2028 is daylight time in Chicago (UTC−5).
  expect(row.starts_at.toISOString()).toBe("2028-09-26T14:00:00.000Z");
  expect(row.capacity).toBe(12);

  await page.goto(`/calendar/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("9:00 AM - 12:30 PM CDT").first()).toBeVisible();
});

test("capacity never drops below the seats taken; raising it offers the new seats to the waitlist in order", async ({ page }) => {
  const event = await createDoorEvent("Capacity Clinic", { attendees: ["Ana Ortiz", "Ben Cole"], waiting: ["Cy Park", "Di Lee"], capacity: 2 });
  await signInAsStaff(page);
  await page.goto(`/admin/events/${event.id}`);
  await expect(page.getByTestId("desk-event-seats")).toHaveText("2 of 2 seats");
  const details = page.getByRole("region", { name: "Event details" });
  const seats = details.getByRole("spinbutton", { name: "Seats" });

  for (const [value, message] of [
    ["1", "2 seats are taken (registrations and offers on hold), so the capacity cannot be lower than that."],
    ["-5", "Enter a whole number of seats from 1 to 10,000."],
    ["100000000", "Enter a whole number of seats from 1 to 10,000."],
  ] as const) {
    await seats.fill(value);
    await details.getByRole("button", { name: "Save changes" }).click();
    await expect(seats).toHaveAccessibleDescription(message);
    await expect(seats).toBeFocused();
  }
  expect((await eventRow(event.id)).capacity).toBe(2);
  await expectNoA11yViolations(page);

  await seats.fill("3");
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(details.getByRole("status")).toHaveText("Event saved. 1 new seat was offered to the waitlist.");
  const waitlist = page.getByRole("region", { name: /^Waitlist/ });
  await expect(waitlist.getByRole("row").filter({ hasText: "Cy Park" })).toContainText("Seat offered");
  await expect(waitlist.getByRole("row").filter({ hasText: "Di Lee" })).toContainText("#1");
  expect(await eventRow(event.id)).toMatchObject({ capacity: 3, seats_taken: 3, sequence: 1 });
  const offer = await waitForEmail(event.waiting[0]!.email, "event-seat-offer");
  expect(offer.subject).toBe(`A seat is yours if you want it: ${event.title}`);
  await expectNoA11yViolations(page);
});

test("attendees and waitlist, a CSV export for staff only, and an e-mail to every attendee", async ({ page, browser, request }) => {
  const event = await createDoorEvent("Roster Clinic", { attendees: ["Ana Ortiz", "=HYPERLINK(\"http://x\")"], waiting: ["Cy Park"] });
  await signInAsStaff(page);
  await page.goto("/admin/events");
  await page.getByRole("link", { name: event.title }).click();
  const attendees = page.getByRole("region", { name: "Attendees (2)" });
  await expect(attendees.getByRole("row")).toHaveCount(3);
  await expect(attendees.getByRole("rowheader", { name: "Ana Ortiz" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Waitlist (1)" }).getByRole("row").filter({ hasText: "Cy Park" })).toContainText("#1");

  const csv = await page.context().request.get(`/admin/events/${event.id}/attendees.csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toBe("Name,E-mail,Status,Waitlist place,Registered (UTC),Checked in (UTC)");
  expect(lines).toHaveLength(4);
  expect(lines.find((l) => l.includes("Ana Ortiz"))).toContain(`Ana Ortiz,${event.attendees[0]!.email},Registered,`);
  // A name that a spreadsheet would run as a formula is written as text.
  expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://x"")"`))).toBe(true);
  expect(lines.at(-1)).toBe(`Cy Park,${event.waiting[0]!.email},Waitlist,1,,`);
  const visitor = await request.get(`/admin/events/${event.id}/attendees.csv`, { maxRedirects: 0 });
  expect(visitor.status()).toBe(307);
  const door = await signedInAs(browser, "door");
  expect((await door.context.request.get(`/admin/events/${event.id}/attendees.csv`, { maxRedirects: 0 })).status()).toBe(404);
  await door.context.close();

  const mail = page.getByRole("region", { name: "E-mail all attendees" });
  await mail.getByRole("button", { name: "Send to all attendees" }).click();
  await expect(mail.getByRole("textbox", { name: "Subject" })).toHaveAccessibleDescription("Enter the subject.");
  await expect(mail.getByRole("textbox", { name: "Subject" })).toBeFocused();
  const subject = `Parking for ${event.title}`;
  await mail.getByRole("textbox", { name: "Subject" }).fill(subject);
  await mail.getByRole("textbox", { name: "Message" }).fill("Park behind the hall.\n\nSee you Saturday.");
  await mail.getByRole("button", { name: "Send to all attendees" }).click();
  await expect(mail.getByRole("status")).toHaveText("Message sent to 2 attendees.");
  const received = await waitForEmail(event.attendees[0]!.email, "event-attendee-message");
  expect(received.subject).toBe(subject);
  expect(received.textBody).toContain("Park behind the hall.");
  await expectNoA11yViolations(page);
});

test("cancelling an event needs a tick, e-mails everyone registered or waiting, and the calendar shows it cancelled; duplicating copies it", async ({ page }) => {
  const event = await createDoorEvent("Cancel Clinic", { attendees: ["Ana Ortiz"], waiting: ["Cy Park"] });
  await signInAsStaff(page);
  await page.goto(`/admin/events/${event.id}`);
  const cancel = page.getByRole("region", { name: "Cancel the event" });
  await cancel.getByRole("button", { name: "Cancel event" }).click();
  await expect(cancel.getByRole("checkbox")).toHaveAccessibleDescription("Tick the box to confirm that the event should be cancelled.");
  await expect(cancel.getByRole("checkbox")).toBeFocused();
  expect((await eventRow(event.id)).cancelled_at).toBeNull();

  await cancel.getByRole("checkbox").check();
  await cancel.getByRole("button", { name: "Cancel event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is cancelled" })).toHaveText(`${event.title} is cancelled. Everyone registered or waiting was e-mailed.`);
  await expect(page.getByTestId("desk-event-status")).toHaveText("Cancelled");
  await expect(page.getByRole("region", { name: "Cancel the event" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  for (const person of [event.attendees[0]!, event.waiting[0]!]) {
    const message = await waitForEmail(person.email, "event-cancelled");
    expect(message.subject).toBe(`Cancelled: ${event.title}`);
  }
  expect((await eventRow(event.id)).cancelled_at).not.toBeNull();

  // Its page says so (the calendar's lists drop it).
  await page.goto(`/calendar/${event.id}`);
  await expect(page.getByText("This event has been cancelled.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Register Now|Join the Waitlist/ })).toHaveCount(0);

  await page.goto(`/admin/events/${event.id}`);
  await page.getByRole("link", { name: "Duplicate this event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Duplicate event" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(event.title);
  await expect(page.getByLabel("Date")).toHaveValue("");
  await expect(page.getByLabel("Starts")).toHaveValue("09:00");
  await expectNoA11yViolations(page);
});

test("unknown or malformed event ids are the 404 page", async ({ page }) => {
  await signInAsStaff(page);
  for (const path of ["/admin/events/2000000000", "/admin/events/abc", "/admin/events/99999999999", "/admin/check-in/0", "/admin/events/new?from=abc"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(path.includes("new") ? 200 : 404);
  }
  expect((await page.context().request.get("/admin/events/2000000000/attendees.csv")).status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the event form is a plain form post, with errors beside the fields", async ({ page }) => {
    await signInAsStaff(page);
    await page.goto("/admin/events/new");
    const title = testMadeTitle("No-JS Ruck Clinic");
    await fillEvent(page, { title, date: "2028-09-27", start: "18:00", end: "17:00", seats: "8" });
    expect(await postedStatus(page, page.getByRole("button", { name: "Create event" }))).toBe(422);
    await expect(page.getByText("The end time must be after the start time.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
    await page.getByLabel("Ends").fill("20:00");
    await page.getByRole("button", { name: "Create event" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect((await eventRow(await eventIdByTitle(title))).capacity).toBe(8);
  });
});
