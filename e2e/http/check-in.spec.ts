/**
 * Check-in at the door as the server answers it: where a door volunteer lands, what they may open,
 * search and check-in as plain forms, the event's check-in window (a door volunteer sees an event's
 * list only from two hours before it starts until the end of its day; staff at any time), and the QR
 * code's address for staff, visitors and members. The one-tap check-in with JavaScript, the keyboard
 * alone and axe: e2e/check-in.spec.ts.
 */
import { cancelRegistrationAt, createDoorEvent, duringCheckIn, registrationStatus, shiftCheckIn } from "../events-db";
import { E2E_SEASON_YEAR } from "../clock";
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
    const found = await door.form({ button: "Search" }).fill("Search by name or email", "Cole").submit("Search");
    expect(found.path).toBe(`/admin/check-in/${event.id}?q=Cole`);
    expect(found.$("[data-testid=door-attendee]")).toHaveLength(1);
    expect(found.text("[data-testid=door-attendee]")).toContain("Ben Cole");

    const checkedIn = await found.form({ button: "Check in Ben Cole" }).submit("Check in Ben Cole");
    const answered = performance.now();
    expect(checkedIn.$("[role=status]").filter((_, el) => checkedIn.$(el).text().includes("checked in")).text().trim()).toBe("Ben Cole is checked in.");
    expect(checkedIn.text("[data-testid=door-count]")).toBe("1 of 2 checked in");
    expect((await registrationStatus(ben.registrationId)).checked_in_at).not.toBeNull();

    // A second tap within a second of the check-in is refused by the server and changes nothing. The
    // stamp moves to about the site's clock now (half a second ahead of it), so the undo lands inside the second.
    await shiftCheckIn(ben.registrationId, performance.now() - answered + 500);
    const doubleTap = await checkedIn.form({ button: "Undo check-in for Ben Cole" }).submit("Undo check-in for Ben Cole");
    expect(doubleTap.status).toBe(422);
    expect(doubleTap.$("[role=status]").filter((_, el) => doubleTap.$(el).text().includes("second tap")).text().trim()).toBe(
      "Ben Cole was checked in a moment ago, so that second tap was ignored and Ben Cole stays checked in. To undo the check-in, tap Undo check-in again.",
    );
    expect((await registrationStatus(ben.registrationId)).checked_in_at).not.toBeNull();

    // A minute later the same button undoes it.
    await shiftCheckIn(ben.registrationId, -60_000);
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

test("the door marks today's event, says why a canceled ticket has no seat, shows the waitlist, and adds a walk-in who counts as checked in", async ({ signedIn }) => {
  const event = await createDoorEvent("Walk-in Clinic", { attendees: ["Ana Ortiz", "Ben Cole"], waiting: ["Cy Park", "Di Lane"], capacity: 3 });
  const [ana, ben] = event.attendees;
  // Ben cancelled on September 2 at 1:15 PM CDT; his seat is free for a walk-in.
  await cancelRegistrationAt(ben!.registrationId, new Date(`${E2E_SEASON_YEAR}-09-02T18:15:00Z`));
  const { browser } = await signedIn("door");
  await duringCheckIn(event.id, async () => {
    const events = await browser.get("/admin/check-in");
    const today = events.$("li[data-today]").filter((_, item) => events.$(item).text().includes(event.title));
    expect(today.text()).toContain("Today");
    expect(events.$("section[aria-labelledby=soon-heading] li").first().is("[data-today]")).toBe(true);

    const scanned = await browser.get(`/admin/check-in/${event.id}?registration=${ben!.registrationId}`);
    expect(scanned.$("section[aria-labelledby=scanned-heading]")).toHaveLength(0);
    expect(scanned.text("[data-testid=scanned-without-seat]")).toBe(
      `This registration was canceled on Sep 2, ${E2E_SEASON_YEAR}, 1:15 PM CDT by the member. Ben Cole has no seat: do not check them in.`,
    );
    expect(scanned.$("[data-testid=door-waiting]").map((_, item) => scanned.$(item).find("p").map((_, line) => scanned.$(line).text()).get().join(" ")).get()).toEqual([
      `Cy Park ${event.waiting[0]!.email} Number 1 in line`,
      `Di Lane ${event.waiting[1]!.email} Number 2 in line`,
    ]);
    expect(scanned.text("[data-testid=door-count]")).toBe("0 of 1 checked in");

    // A walk-in, as a plain form: checked in at once, counted, listed.
    const refused = await scanned.form({ button: "Add walk-in and check in" }).fill("Name", "").fill("Email", "not-an-address").submit("Add walk-in and check in");
    expect(refused.status).toBe(422);
    expect(refused.text("#walk-in-name-error")).toBe("Enter their name.");
    expect(refused.text("#walk-in-email-error")).toBe("Enter a valid email address, like name@example.com.");
    const added = await refused.form({ button: "Add walk-in and check in" }).fill("Name", "Eve Walker").fill("Email", "eve.walker@example.com").submit("Add walk-in and check in");
    expect(added.status).toBe(200);
    expect(added.$("[role=status]").filter((_, el) => added.$(el).text().includes("walk-in")).text().trim()).toBe("Eve Walker is added as a walk-in and checked in.");
    expect(added.text("[data-testid=door-count]")).toBe("1 of 2 checked in");
    expect(added.text("[data-testid=door-walk-in]")).toContain("Eve Walker");

    // Ana, Eve and Finn fill the 3 seats: a third walk-in is refused.
    const second = await added.form({ button: "Add walk-in and check in" }).fill("Name", "Finn Row").fill("Email", "finn.row@example.com").submit("Add walk-in and check in");
    expect(second.text("[data-testid=door-count]")).toBe("2 of 3 checked in");
    const full = await second.form({ button: "Add walk-in and check in" }).fill("Name", "Gus Hall").fill("Email", "gus.hall@example.com").submit("Add walk-in and check in");
    expect(full.status).toBe(422);
    expect(full.text("#walk-in-alert")).toBe("Every seat is taken, so a walk-in cannot be added. Staff can raise the event's capacity on the events desk.");
    expect(full.$("[data-testid=door-walk-in]")).toHaveLength(2);
    expect((await registrationStatus(ana!.registrationId)).checked_in_at).toBeNull();

    // The events desk counts the walk-ins as checked in, lists them, and puts them in the attendees CSV.
    const { browser: staff } = await signedIn("staff");
    const desk = await staff.get(`/admin/events/${event.id}`);
    expect(desk.$("dt").filter((_, dt) => desk.$(dt).text() === "Checked in").next("dd").text()).toBe("2");
    expect(desk.region("Walk-ins (2)").find("th[scope=row]").toArray().map((th) => desk.text(th))).toEqual(["Eve Walker", "Finn Row"]);
    const csv = (await (await staff.request.get(`/admin/events/${event.id}/attendees.csv`)).text()).split("\r\n");
    expect(csv.find((line) => line.startsWith("Eve Walker,"))).toMatch(/^Eve Walker,eve\.walker@example\.com,,Walk-in,,,\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });
});

test("staff opening a door page outside the window are told when the door's check-in runs", async ({ signedIn }) => {
  const event = await createDoorEvent("Window Note Clinic", { attendees: ["Ana Ortiz"] });
  const { browser } = await signedIn("staff");
  const landing = await browser.get("/admin/check-in");
  expect(landing.text("main")).toContain("Door volunteers can check people in from 2 hours before an event starts until the end of its day; staff can at any time.");
  const door = await browser.get(`/admin/check-in/${event.id}`);
  expect(door.text("[data-testid=check-in-window-note]")).toMatch(
    /^Door volunteers can check people in only inside the window: Check-in opens September 19, \d{4} at 7:00 AM CDT and closes at the end of September 19, \d{4}\. As staff you can check in at any time\.$/,
  );
});
