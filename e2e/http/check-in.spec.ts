/**
 * Check-in at the door as the server answers it: where a door volunteer lands, what they may open,
 * search and check-in as plain forms, the event's check-in window (a door volunteer sees an event's
 * list only from two hours before it starts until the end of its day; staff at any time), and the QR
 * code's address for staff, visitors and members. The one-tap check-in with JavaScript, the keyboard
 * alone and axe: e2e/check-in.spec.ts.
 */
import { createDoorEvent, duringCheckIn, registrationStatus } from "../events-db";
import { expect, test } from "./fixtures";
import { accessibleName } from "./text-browser";

test("a door volunteer lands on check-in, sees only Check-in, and opens nothing else of the staff area", async ({ signedIn }) => {
  const event = await createDoorEvent("Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const { browser } = await signedIn("door");
  await duringCheckIn(event.id, async () => {
    const landing = await browser.get("/admin");
    expect(landing.url.pathname).toBe("/admin/check-in");
    expect(landing.heading(1)).toBe("Check-in");
    expect(landing.links(/.*/, "nav[aria-label='Staff area']").map((link) => link.text)).toEqual(["Check-in"]);

    const door = await landing.follow(event.title, "main");
    expect(door.heading(1)).toBe(`Check-in: ${event.title}`);
    expect(door.text("[data-testid=door-count]")).toBe("0 of 2 checked in");
    expect((await browser.get(`/admin/events/${event.id}`)).status).toBe(404);
    expect((await browser.get(`/admin/events/${event.id}/attendees.csv`)).status).toBe(404);
  });
});

test("outside its check-in window a door volunteer is told when it opens and sees nobody on the list; staff see it all", async ({ signedIn }) => {
  const event = await createDoorEvent("Early Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const ben = event.attendees[1]!;
  const { browser } = await signedIn("door");
  // Months ahead (September of the season year): not on the door's list, and its page holds no attendee.
  const landing = await browser.get("/admin/check-in");
  expect(landing.text("main")).toContain("An event's list opens 2 hours before it starts and closes at the end of its day.");
  expect(landing.links(event.title, "main")).toEqual([]);
  const closed = await browser.get(`/admin/check-in/${event.id}?registration=${ben.registrationId}`);
  expect(closed.heading(1)).toBe(`Check-in: ${event.title}`);
  expect(closed.text("[data-testid=check-in-closed]")).toMatch(
    /^Check-in for this event is not open yet\. Check-in opens September 19, \d{4} at 7:00 AM CDT and closes at the end of September 19, \d{4}\. Door volunteers can see its list only then\.$/,
  );
  expect(closed.$("[data-testid=door-attendee]")).toHaveLength(0);
  expect(closed.$("main form")).toHaveLength(0);
  for (const person of event.attendees) {
    expect(closed.body).not.toContain(person.name);
    expect(closed.body).not.toContain(person.email);
  }

  const staff = await signedIn("staff");
  expect((await staff.browser.get(`/admin/check-in/${event.id}`)).$("[data-testid=door-attendee]")).toHaveLength(2);

  // A check-in form left open after the window closed is refused, and changes nothing.
  const door = await duringCheckIn(event.id, () => browser.get(`/admin/check-in/${event.id}`));
  const refused = await door.form({ button: "Check in Ben Cole" }).submit("Check in Ben Cole");
  expect(refused.text("[data-testid=check-in-closed]")).toMatch(/^Check-in for this event is not open yet\./);
  expect((await registrationStatus(ben.registrationId)).checked_in_at).toBeNull();
});

test("search and check-in are plain forms, and undo is the same button", async ({ signedIn }) => {
  const event = await createDoorEvent("No-JS Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const ben = event.attendees[1]!;
  const { browser } = await signedIn("door");
  await duringCheckIn(event.id, async () => {
    const door = await browser.get(`/admin/check-in/${event.id}`);
    const found = await door.form({ button: "Search" }).fill("Search by name or e-mail", "Cole").submit("Search");
    expect(found.path).toBe(`/admin/check-in/${event.id}?q=Cole`);
    expect(found.$("[data-testid=door-attendee]")).toHaveLength(1);
    expect(found.text("[data-testid=door-attendee]")).toContain("Ben Cole");

    const checkedIn = await found.form({ button: "Check in Ben Cole" }).submit("Check in Ben Cole");
    expect(checkedIn.$("[role=status]").filter((_, el) => checkedIn.$(el).text().includes("checked in")).text().trim()).toBe("Ben Cole is checked in.");
    expect(checkedIn.text("[data-testid=door-count]")).toBe("1 of 2 checked in");
    expect((await registrationStatus(ben.registrationId)).checked_in_at).not.toBeNull();

    const undone = await checkedIn.form({ button: "Undo check-in for Ben Cole" }).submit("Undo check-in for Ben Cole");
    expect(undone.$("[role=status]").filter((_, el) => undone.$(el).text().includes("undone")).text().trim()).toBe("Check-in undone: Ben Cole is not checked in.");
    expect(undone.text("[data-testid=door-count]")).toBe("0 of 2 checked in");
    expect((await registrationStatus(ben.registrationId)).checked_in_at).toBeNull();
  });
});

test("the QR code's address opens that attendee for staff; a visitor is sent to sign in, a member gets the 404", async ({ visitor, signedIn }) => {
  const event = await createDoorEvent("QR Clinic", { attendees: ["Ana Ortiz", "Ben Cole"], waiting: ["Cy Park"] });
  const ben = event.attendees[1]!;
  const address = `/admin/check-in/${event.id}?registration=${ben.registrationId}`;

  const signIn = await visitor.get(address);
  expect(signIn.firstStatus).toBe(307);
  expect(new URL(signIn.hops[0]!.location!, "http://site").search).toBe(`?next=${encodeURIComponent(address)}`);
  const member = await signedIn(null);
  expect((await member.browser.get(address)).status).toBe(404);

  const staff = await signedIn("staff");
  const scanned = await staff.browser.get(address);
  const TICKET = "section[aria-labelledby=scanned-heading]";
  expect(accessibleName(scanned.$, scanned.$(TICKET)[0]!)).toBe("Scanned ticket");
  expect(scanned.text(TICKET)).toContain("Ben Cole");
  const checkedIn = await scanned.form(`${TICKET} form`).submit("Check in Ben Cole");
  expect(checkedIn.text(`${TICKET} [role=status]`)).toBe("Ben Cole is checked in.");
  expect((await registrationStatus(ben.registrationId)).checked_in_at).not.toBeNull();

  // Someone on the waitlist has no seat: their registration is not on the door's list.
  const waiting = await staff.browser.get(`/admin/check-in/${event.id}?registration=${event.waiting[0]!.registrationId}`);
  expect(waiting.$(TICKET)).toHaveLength(0);
  expect(waiting.$("[data-testid=door-attendee]")).toHaveLength(2);
});
