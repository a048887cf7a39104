/**
 * Check-in at the door as the server answers it: where a door volunteer lands, what they may open,
 * search and check-in as plain forms, and the QR code's address for staff, visitors and members. The
 * one-tap check-in with JavaScript, the keyboard alone and axe: e2e/check-in.spec.ts.
 */
import { E2E_SEASON_YEAR } from "../clock";
import { createDoorEvent, registrationStatus, rescheduleEvent } from "../events-db";
import { expect, test } from "./fixtures";
import { accessibleName } from "./text-browser";

test("a door volunteer lands on check-in, sees only Check-in, and opens nothing else of the staff area", async ({ signedIn }) => {
  const event = await createDoorEvent("Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  // Picked from the landing page's list, which shows the first hundred events by date: after the
  // seed's, before every createEvent one (e2e/events-db.ts rescheduleEvent).
  await rescheduleEvent(event.id, new Date(`${E2E_SEASON_YEAR}-08-15T14:00:00Z`));
  const { browser } = await signedIn("door");
  const landing = await browser.get("/admin");
  expect(landing.url.pathname).toBe("/admin/check-in");
  expect(landing.heading(1)).toBe("Check-in");
  expect(landing.links(/.*/, "nav[aria-label='Staff area']").map((link) => link.text)).toEqual(["Check-in"]);

  const door = await landing.follow(event.title, "main");
  expect(door.heading(1)).toBe(`Check-in: ${event.title}`);
  expect(door.text("[data-testid=door-count]")).toBe("0 of 2 checked in");
  expect((await browser.get(`/admin/events/${event.id}`)).status).toBe(404);
});

test("search and check-in are plain forms, and undo is the same button", async ({ signedIn }) => {
  const event = await createDoorEvent("No-JS Door Clinic", { attendees: ["Ana Ortiz", "Ben Cole"] });
  const ben = event.attendees[1]!;
  const { browser } = await signedIn("door");
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
