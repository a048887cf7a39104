/**
 * The events desk as the server answers it: creating an event (a 422 with the errors beside the fields,
 * a past date refused, then it is on the calendar in Central Time), capacity never below the seats taken
 * (new seats offered to the waitlist), attendees and the waitlist, the CSV export, emailing attendees,
 * cancelling (the ticked box first) and duplicating, the 404s — all plain form posts. The desk with
 * JavaScript (focus on the refused field, answers in place) and axe: e2e/staff-events.spec.ts. Each test
 * makes its own events (after the sample season, titles marked TEST_MADE).
 */
import { createDoorEvent, eventIdByTitle, eventRow, testMadeTitle } from "../events-db";
import { waitForEmail } from "../outbox";
import { expect, test } from "./fixtures";
import type { HttpForm, HttpPage } from "./text-browser";

function fillEvent(form: HttpForm, fields: { title: string; date: string; start: string; end: string; seats: string }): HttpForm {
  return (
    form
      .fill("Title", fields.title)
      // Community, like every event the specs make: the calendar spec counts the other categories exactly.
      .select("Category", "community")
      .fill("Date", fields.date)
      .fill("Starts", fields.start)
      .fill("Ends", fields.end)
      .select("Location", "other")
      .fill("Other location", "Zilker Park, Austin, TX")
      .fill("Instructor (optional)", "Tom Brennan")
      .fill("Seats", fields.seats)
      .fill("Description", "Bring water and a 20 lb ruck.")
  );
}

/** The rows of a table in the region named so, as text, the header row first. */
const rows = (page: HttpPage, region: string | RegExp) => page.region(region).find("tr").toArray().map((tr) => page.text(tr));

test("staff create an event: errors beside the fields, a past date refused, then it is on the calendar in Central Time", async ({ signedIn, visitor }) => {
  const { browser: staff } = await signedIn("staff");
  const list = await (await staff.get("/admin")).follow("Events", "nav[aria-label='Staff area']");
  expect(list.heading(1)).toBe("Events");
  const blank = await list.follow("New event");
  expect(blank.heading(1)).toBe("New event");

  const empty = await blank.form({ button: "Create event" }).submit();
  expect(empty.status).toBe(422);
  expect(empty.alert()).toBe("Please correct the highlighted fields.");
  expect(empty.fieldError("Title")).toBe("Enter the title.");

  // A hostile title is just text; capacity 0 and then a date in the past are refused beside their fields.
  const title = testMadeTitle(`<script>alert(1)</script> Ruck "Clinic"`);
  const noSeats = await fillEvent(empty.form({ button: "Create event" }), { title, date: "2028-09-26", start: "09:00", end: "12:30", seats: "0" }).submit();
  expect(noSeats.status).toBe(422);
  expect(noSeats.fieldError("Seats")).toBe("Enter a whole number of seats from 1 to 10,000.");
  const past = await noSeats.form({ button: "Create event" }).fill("Seats", "12").fill("Date", "2027-01-05").submit();
  expect(past.status).toBe(422);
  expect(past.fieldError("Date")).toBe("The start is in the past: choose a date and time still to come.");
  await expect(() => eventIdByTitle(title)).rejects.toThrow();

  const created = await past.form({ button: "Create event" }).fill("Date", "2028-09-26").submit();
  expect(created.firstStatus).toBe(303);
  expect(created.path).toMatch(/^\/admin\/events\/\d+\?done=created$/);
  expect(created.statuses("is created")).toEqual([`${title} is created and listed on the calendar.`]);
  expect(created.heading(1)).toBe(title);
  const id = await eventIdByTitle(title);
  const row = await eventRow(id);
  // 26 September 2028 is daylight time in Chicago (UTC−5).
  expect(row.starts_at.toISOString()).toBe("2028-09-26T14:00:00.000Z");
  expect(row.capacity).toBe(12);

  const calendar = await visitor.get(`/calendar/${id}`);
  expect(calendar.heading(1)).toBe(title);
  expect(calendar.text("main")).toContain("9:00 AM - 12:30 PM CDT");
});

test("capacity never drops below the seats taken; raising it offers the new seats to the waitlist in order", async ({ signedIn }) => {
  const event = await createDoorEvent("Capacity Clinic", { attendees: ["Ana Ortiz", "Ben Cole"], waiting: ["Cy Park", "Di Lee"], capacity: 2 });
  const { browser: staff } = await signedIn("staff");
  const page = await staff.get(`/admin/events/${event.id}`);
  expect(page.text("[data-testid=desk-event-seats]")).toBe("2 of 2 seats");

  for (const [value, message] of [
    ["1", "2 seats are taken (registrations and offers on hold), so the capacity cannot be lower than that."],
    ["-5", "Enter a whole number of seats from 1 to 10,000."],
    ["100000000", "Enter a whole number of seats from 1 to 10,000."],
  ] as const) {
    const refused = await page.form({ button: "Save changes" }).fill("Seats", value).submit();
    expect(refused.status, value).toBe(422);
    expect(refused.fieldError("Seats"), value).toBe(message);
  }
  expect((await eventRow(event.id)).capacity).toBe(2);

  const saved = await page.form({ button: "Save changes" }).fill("Seats", "3").submit();
  expect(saved.statuses(/.*/, saved.region("Event details")[0]!)).toEqual(["Event saved. 1 new seat was offered to the waitlist."]);
  const waitlist = rows(saved, /^Waitlist/);
  expect(waitlist.find((r) => r.includes("Cy Park"))).toContain("Seat offered");
  expect(waitlist.find((r) => r.includes("Di Lee"))).toContain("#1");
  expect(await eventRow(event.id)).toMatchObject({ capacity: 3, seats_taken: 3, sequence: 1 });
  const offer = await waitForEmail(event.waiting[0]!.email, "event-seat-offer");
  expect(offer.subject).toBe(`A seat is yours if you want it: ${event.title}`);
});

test("attendees and waitlist, a CSV export for staff only, and an email to every attendee", async ({ signedIn, visitor }) => {
  const event = await createDoorEvent("Roster Clinic", { attendees: ["Ana Ortiz", "=HYPERLINK(\"http://x\")"], waiting: ["Cy Park"] });
  const { browser: staff } = await signedIn("staff");
  const page = await (await staff.get("/admin/events")).follow(event.title);
  const attendees = page.region("Attendees (2)");
  expect(attendees.find("tr")).toHaveLength(3);
  expect(attendees.find("th[scope=row]").toArray().map((th) => page.text(th))).toContain("Ana Ortiz");
  expect(rows(page, "Waitlist (1)").find((r) => r.includes("Cy Park"))).toContain("#1");

  const csv = await staff.request.get(`/admin/events/${event.id}/attendees.csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toBe("Name,Email,Phone,Status,Waitlist place,Registered (Central Time),Checked in (Central Time)");
  expect(lines).toHaveLength(4);
  expect(lines.find((l) => l.includes("Ana Ortiz"))).toContain(`Ana Ortiz,${event.attendees[0]!.email},,Registered,`);
  // A name that a spreadsheet would run as a formula is written as text.
  expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://x"")"`))).toBe(true);
  expect(lines.at(-1)).toBe(`Cy Park,${event.waiting[0]!.email},,Waitlist,1,,`);
  expect((await visitor.request.get(`/admin/events/${event.id}/attendees.csv`, { maxRedirects: 0 })).status()).toBe(307);
  const { browser: door } = await signedIn("door");
  expect((await door.request.get(`/admin/events/${event.id}/attendees.csv`, { maxRedirects: 0 })).status()).toBe(404);

  const empty = await page.form({ button: "Send to all attendees" }).submit();
  expect(empty.status).toBe(422);
  expect(empty.fieldError("Subject")).toBe("Enter the subject.");
  const subject = `Parking for ${event.title}`;
  const sent = await empty.form({ button: "Send to all attendees" }).fill("Subject", subject).fill("Message", "Park behind the hall.\n\nSee you Saturday.").submit();
  expect(sent.statuses(/.*/, sent.region("Email all attendees")[0]!)).toEqual(["Message sent to 2 attendees."]);
  const received = await waitForEmail(event.attendees[0]!.email, "event-attendee-message");
  expect(received.subject).toBe(subject);
  expect(received.textBody).toContain("Park behind the hall.");
});

test("cancelling an event needs a tick, emails everyone registered or waiting, and the calendar shows it canceled; duplicating copies it", async ({ signedIn, visitor }) => {
  const event = await createDoorEvent("Cancel Clinic", { attendees: ["Ana Ortiz"], waiting: ["Cy Park"] });
  const { browser: staff } = await signedIn("staff");
  const page = await staff.get(`/admin/events/${event.id}`);
  const refused = await page.form({ button: "Cancel event" }).submit();
  expect(refused.status).toBe(422);
  expect(refused.fieldError(/^Yes, cancel /)).toBe("Tick the box to confirm that the event should be canceled.");
  expect((await eventRow(event.id)).cancelled_at).toBeNull();

  const cancelled = await refused
    .form({ button: "Cancel event" })
    .check(/^Yes, cancel /)
    .fill("Reason (optional, goes into the email)", "The range flooded overnight.")
    .submit();
  expect(cancelled.statuses("is canceled")).toEqual([`${event.title} is canceled. Everyone registered or waiting was emailed.`]);
  expect(cancelled.text("[data-testid=desk-event-status]")).toBe("Canceled");
  expect(() => cancelled.region("Cancel the event")).toThrow(/no region/);
  for (const person of [event.attendees[0]!, event.waiting[0]!]) {
    const message = await waitForEmail(person.email, "event-cancelled");
    expect(message.subject).toBe(`Canceled: ${event.title}`);
    expect(message.textBody).toContain("The range flooded overnight.");
  }
  // The people who were coming stay listed, marked cancelled, on the page and in the CSV.
  expect(rows(cancelled, "Attendees (1)").find((r) => r.includes("Ana Ortiz"))).toContain("Canceled with the event");
  expect(rows(cancelled, "Waitlist (1)").find((r) => r.includes("Cy Park"))).toContain("Canceled with the event");
  const csv = (await (await staff.request.get(`/admin/events/${event.id}/attendees.csv`)).text()).trimEnd().split("\r\n");
  expect(csv).toHaveLength(3);
  expect(csv[1]).toContain(`Ana Ortiz,${event.attendees[0]!.email},,Canceled with the event,,`);
  expect(csv[2]).toBe(`Cy Park,${event.waiting[0]!.email},,Canceled with the event (was waiting),,,`);
  expect((await eventRow(event.id)).cancelled_at).not.toBeNull();

  // Its page says so (the calendar's lists drop it).
  const calendar = await visitor.get(`/calendar/${event.id}`);
  expect(calendar.text("main")).toContain("This event has been canceled.");
  expect(calendar.buttons("main").filter((name) => /Register Now|Join the Waitlist/.test(name))).toEqual([]);

  const duplicate = await (await staff.get(`/admin/events/${event.id}`)).follow("Duplicate this event");
  expect(duplicate.heading(1)).toBe("Duplicate event");
  expect(duplicate.control("Title").val()).toBe(event.title);
  expect(duplicate.control("Date").val() ?? "").toBe("");
  expect(duplicate.control("Starts").val()).toBe("09:00");
});

test("unknown or malformed event ids are the 404 page", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  for (const path of ["/admin/events/2000000000", "/admin/events/abc", "/admin/events/99999999999", "/admin/check-in/0", "/admin/events/new?from=abc"]) {
    expect((await staff.get(path)).status, path).toBe(path.includes("new") ? 200 : 404);
  }
  expect((await staff.request.get("/admin/events/2000000000/attendees.csv")).status()).toBe(404);
});

test("the event form is a plain form post, with errors beside the fields", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const title = testMadeTitle("No-JS Ruck Clinic");
  const refused = await fillEvent((await staff.get("/admin/events/new")).form({ button: "Create event" }), { title, date: "2028-09-27", start: "18:00", end: "17:00", seats: "8" }).submit();
  expect(refused.status).toBe(422);
  expect(refused.text("main")).toContain("The end time must be after the start time.");
  expect(refused.control("Title").val()).toBe(title);
  const created = await refused.form({ button: "Create event" }).fill("Ends", "20:00").submit();
  expect(created.heading(1)).toBe(title);
  expect((await eventRow(await eventIdByTitle(title))).capacity).toBe(8);
});

test("the event form offers the training locations (and Other), starts the selects empty, and needs no instructor", async ({ signedIn, visitor }) => {
  const { browser: staff } = await signedIn("staff");
  const page = await staff.get("/admin/events/new");
  const options = (label: string) => page.control(label).find("option").toArray().map((o) => [o.attribs.value, page.text(o)]);
  // A required select's first option is empty (the Nu Html Checker's rule), so nothing is chosen for staff.
  expect(options("Category")[0]).toEqual(["", "Choose a category"]);
  expect(options("Location")[0]).toEqual(["", "Choose a location"]);
  expect(options("Location")).toContainEqual(["Liberty Range, Bulverde, TX", "Liberty Range, Bulverde, TX"]);
  expect(options("Location").at(-1)).toEqual(["other", "Other (type it in the next field)"]);

  const title = testMadeTitle("Cookout");
  const fields = { title, date: "2028-09-28", start: "17:00", end: "20:00", seats: "40" };
  const noCategory = await fillEvent(page.form({ button: "Create event" }), fields).select("Category", "").fill("Instructor (optional)", "").submit();
  expect(noCategory.status).toBe(422);
  expect(noCategory.fieldError("Category")).toBe("Choose a category.");
  const unchosen = await noCategory.form({ button: "Create event" }).select("Category", "community").select("Location", "").submit();
  expect(unchosen.status).toBe(422);
  expect(unchosen.fieldError("Location")).toBe("Choose a location.");
  const untyped = await unchosen.form({ button: "Create event" }).select("Location", "other").fill("Other location", "").submit();
  expect(untyped.status).toBe(422);
  // The field's description is its hint, then the error.
  expect(untyped.fieldError("Other location")).toBe("Only when the location is Other: the place and town. Type the place, or choose one of the training locations above.");
  const created = await untyped.form({ button: "Create event" }).select("Location", "Liberty Range, Bulverde, TX").submit();
  expect(created.heading(1)).toBe(title);
  const row = await eventRow(await eventIdByTitle(title));
  expect(row).toMatchObject({ location: "Liberty Range, Bulverde, TX", instructor: "" });
  // Editing shows the place chosen; the public page has no empty "Instructor:".
  expect(created.control("Location").find("option[selected]").attr("value")).toBe("Liberty Range, Bulverde, TX");
  expect((await visitor.get(`/calendar/${row.id}`)).text("main")).not.toContain("Instructor");
});

test("moving an event emails everyone registered or waiting the new time, with a calendar update", async ({ signedIn }) => {
  const event = await createDoorEvent("Moved Clinic", { attendees: ["Ana Ortiz"], waiting: ["Cy Park"] });
  const { browser: staff } = await signedIn("staff");
  const page = await staff.get(`/admin/events/${event.id}`);
  const saved = await page.form({ button: "Save changes" }).select("Location", "other").fill("Other location", "Zilker Park, Austin, TX").submit();
  expect(saved.statuses(/.*/, saved.region("Event details")[0]!)).toEqual([
    "Event saved. The 2 people registered or waiting were emailed the new time and place, with a calendar update.",
  ]);
  for (const person of [event.attendees[0]!, event.waiting[0]!]) {
    const message = await waitForEmail(person.email, "event-updated");
    expect(message.subject).toBe(`Changed: ${event.title}`);
    expect(message.textBody).toContain("Where: now Zilker Park, Austin, TX (was Austin Community Hall, Austin, TX)");
  }
});
