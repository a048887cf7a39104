/**
 * The events desk with JavaScript, and axe on its pages and states: each form's refused field takes the
 * focus and each success answers in place (create, capacity, email to attendees, cancel), then the
 * duplicate form. Each form's server answers, the waitlist offers, the CSV, the emails, the calendar and
 * the 404s: e2e/http/staff-events.spec.ts. Each test makes its own events (after the sample season,
 * titles marked TEST_MADE).
 */
import { createDoorEvent, testMadeTitle } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signedInAs } from "./staff-session";

test("with JavaScript: a new event's errors take the focus, then it is created; each state passes axe", async ({ browser }) => {
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto("/admin/events");
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

  // A hostile title is just text.
  const title = testMadeTitle(`<script>alert(1)</script> Ruck "Clinic"`);
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  // Community, like every event the specs make: the calendar spec counts the other categories exactly.
  await page.getByRole("combobox", { name: "Category" }).selectOption("community");
  await page.getByLabel("Date").fill("2028-09-26");
  await page.getByLabel("Starts").fill("09:00");
  await page.getByLabel("Ends").fill("12:30");
  await page.getByRole("combobox", { name: "Location" }).selectOption("other");
  await page.getByRole("textbox", { name: "Other location" }).fill("Zilker Park, Austin, TX");
  await page.getByRole("textbox", { name: "Instructor (optional)" }).fill("Tom Brennan");
  await page.getByRole("spinbutton", { name: "Seats" }).fill("0");
  await page.getByRole("textbox", { name: "Description" }).fill("Bring water and a 20 lb ruck.");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByRole("spinbutton", { name: "Seats" })).toHaveAccessibleDescription("Enter a whole number of seats from 1 to 10,000.");
  await expect(page.getByRole("spinbutton", { name: "Seats" })).toBeFocused();
  await page.getByRole("spinbutton", { name: "Seats" }).fill("12");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL(/\/admin\/events\/\d+\?done=created$/);
  await expect(page.getByRole("status").filter({ hasText: "is created" })).toHaveText(`${title} is created and listed on the calendar.`);
  await expectNoA11yViolations(page);
  await context.close();
});

test("with JavaScript: capacity, the email to attendees and cancelling refuse with the focus on the field, then answer in place; each state passes axe", async ({ browser }) => {
  const event = await createDoorEvent("Desk Clinic", { attendees: ["Ana Ortiz", "Ben Cole"], waiting: ["Cy Park", "Di Lee"], capacity: 2 });
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto(`/admin/events/${event.id}`);
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
  await expectNoA11yViolations(page);
  await seats.fill("3");
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(details.getByRole("status")).toHaveText("Event saved. 1 new seat was offered to the waitlist.");
  await expect(page.getByRole("region", { name: /^Waitlist/ }).getByRole("row").filter({ hasText: "Cy Park" })).toContainText("Seat offered");

  const mail = page.getByRole("region", { name: "Email all attendees" });
  await mail.getByRole("button", { name: "Send to all attendees" }).click();
  await expect(mail.getByRole("textbox", { name: "Subject" })).toHaveAccessibleDescription("Enter the subject.");
  await expect(mail.getByRole("textbox", { name: "Subject" })).toBeFocused();
  await mail.getByRole("textbox", { name: "Subject" }).fill(`Parking for ${event.title}`);
  await mail.getByRole("textbox", { name: "Message" }).fill("Park behind the hall.");
  await mail.getByRole("button", { name: "Send to all attendees" }).click();
  await expect(mail.getByRole("status")).toHaveText("Message sent to 2 attendees.");
  // One scan for both answers: the saved capacity's and the sent email's are both on the page.
  await expect(details.getByRole("status")).toHaveText("Event saved. 1 new seat was offered to the waitlist.");
  await expectNoA11yViolations(page);

  const cancel = page.getByRole("region", { name: "Cancel the event" });
  await cancel.getByRole("button", { name: "Cancel event" }).click();
  await expect(cancel.getByRole("checkbox")).toHaveAccessibleDescription("Tick the box to confirm that the event should be canceled.");
  await expect(cancel.getByRole("checkbox")).toBeFocused();
  await cancel.getByRole("checkbox").check();
  await cancel.getByRole("button", { name: "Cancel event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is canceled" })).toHaveText(`${event.title} is canceled. Everyone registered or waiting was emailed.`);
  await expect(page.getByTestId("desk-event-status")).toHaveText("Canceled");
  await expect(page.getByRole("region", { name: "Cancel the event" })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Duplicate this event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Duplicate event" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(event.title);
  await expectNoA11yViolations(page);
  await context.close();
});
