/**
 * The door's check-in window (issue 28) on the real PostgreSQL: a door volunteer opens an event's list
 * and checks people in from two hours before the start until the end of the event's day in its zone,
 * and is refused before and after with the window in the message; staff and admins are not held to it.
 * Every instant is passed in (the services' injected clock); each test makes its own events and members.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { eventRegistrations } from "@/db/schema/events";
import { auditLog } from "@/db/schema/staff";
import type { StaffRole } from "@/lib/access-control";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { checkIn, undoCheckIn } from "./check-in-desk.service";
import { checkInClosedMessage, checkInState, checkInWindow, describeCheckInOpening, describeCheckInWindow, heldToCheckInWindow } from "./check-in-window";
import { listDoorEvents, openDoorList } from "./door-access.service";
import { registerForEvent } from "./registration.service";
import { createEvent, createMembers, registrationsOf } from "../../../test/events";

/** Saturday September 18, 2027, 9:00 AM – 12:00 PM CDT. */
const startsAt = new Date("2027-09-18T14:00:00Z");
const endsAt = new Date("2027-09-18T17:00:00Z");
const OPENS = new Date("2027-09-18T12:00:00Z"); // 7:00 AM CDT
const CLOSES = new Date("2027-09-19T05:00:00Z"); // midnight CDT
const MONTHS_AHEAD = new Date("2027-06-20T15:00:00Z");
const DURING = new Date("2027-09-18T15:00:00Z");
const REGISTERED = new Date("2027-09-01T15:00:00Z");
const before = (instant: Date) => new Date(instant.getTime() - 1);

const actor = (role: StaffRole) => ({ id: null, email: `${role}@example.org`, role });

async function refusal(work: Promise<unknown>): Promise<FormError> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

/** An event on September 18 with two confirmed attendees. */
async function doorEvent(overrides: { startsAt?: Date; endsAt?: Date } = {}) {
  const event = await createEvent({ startsAt, endsAt, title: "Door Window Clinic", ...overrides });
  const people = await createMembers(2, "door-window");
  for (const person of people) await registerForEvent(testDb(), { eventId: event.id, userId: person.id }, REGISTERED);
  const registrations = await registrationsOf(event.id);
  return { event, people, target: { eventId: event.id, registrationId: registrations[0]!.id } };
}

async function checkedInAt(registrationId: number) {
  const [row] = await testDb().select({ at: eventRegistrations.checkedInAt }).from(eventRegistrations).where(eq(eventRegistrations.id, registrationId));
  return row!.at;
}

describe("the check-in window", () => {
  it("opens CHECK_IN_OPENS_HOURS_BEFORE hours before the start (3 here, 2 unless set), and the check-in page says so", () => {
    const event = { startsAt, endsAt, timeZone: "America/Chicago" };
    vi.stubEnv("CHECK_IN_OPENS_HOURS_BEFORE", "3");
    try {
      expect(checkInWindow(event).opensAt).toEqual(new Date("2027-09-18T11:00:00Z"));
      expect(checkInState(event, new Date("2027-09-18T11:30:00Z"))).toBe("open");
      expect(describeCheckInWindow(event)).toBe("Check-in opens September 18, 2027 at 6:00 AM CDT and closes at the end of September 18, 2027.");
      expect(describeCheckInOpening(true)).toBe("An event's list opens 3 hours before it starts and closes at the end of its day.");
      expect(describeCheckInOpening(false)).toBe("Door volunteers can check people in from 3 hours before an event starts until the end of its day; staff can at any time.");
      vi.stubEnv("CHECK_IN_OPENS_HOURS_BEFORE", "soon");
      expect(() => checkInWindow(event)).toThrow("CHECK_IN_OPENS_HOURS_BEFORE must be a number of hours");
    } finally {
      vi.unstubAllEnvs();
    }
    expect(describeCheckInOpening(true, 1)).toBe("An event's list opens 1 hour before it starts and closes at the end of its day.");
  });

  it("opens two hours before the start and closes at midnight after the day the event ends, in the event's zone", () => {
    const event = { startsAt, endsAt, timeZone: "America/Chicago" };
    expect(checkInWindow(event)).toEqual({ opensAt: OPENS, closesAt: CLOSES });
    expect([before(OPENS), OPENS, before(CLOSES), CLOSES].map((now) => checkInState(event, now))).toEqual(["not-yet", "open", "open", "closed"]);
    expect(describeCheckInWindow(event)).toBe("Check-in opens September 18, 2027 at 7:00 AM CDT and closes at the end of September 18, 2027.");
    // Over two days: until the end of the second; ending at midnight: the day before it.
    expect(checkInWindow({ ...event, endsAt: new Date("2027-09-19T20:00:00Z") }).closesAt).toEqual(new Date("2027-09-20T05:00:00Z"));
    expect(checkInWindow({ ...event, endsAt: CLOSES }).closesAt).toEqual(CLOSES);
    // A winter event closes at midnight CST.
    expect(checkInWindow({ startsAt: new Date("2027-12-04T15:00:00Z"), endsAt: new Date("2027-12-04T18:00:00Z"), timeZone: "America/Chicago" }).closesAt).toEqual(new Date("2027-12-05T06:00:00Z"));
  });

  it("holds the door volunteer only: staff and admins may open the events desk's list at any time anyway", () => {
    expect((["door", "staff", "admin"] as const).map(heldToCheckInWindow)).toEqual([true, false, false]);
  });
});

describe("a door volunteer", () => {
  it("is refused the attendee list months ahead and after the event's day, with the window and no attendee in the answer", async () => {
    const { event, people } = await doorEvent();
    const timed = { startsAt, endsAt, timeZone: event.timeZone };
    for (const now of [MONTHS_AHEAD, before(OPENS), CLOSES]) {
      const page = await openDoorList(testDb(), "door", event.id, "", undefined, now);
      expect(page, now.toISOString()).toEqual({
        open: false,
        event: { id: event.id, title: "Door Window Clinic", date: "September 18, 2027", timeRange: "9:00 AM - 12:00 PM CDT", location: event.location },
        message: checkInClosedMessage(timed, now),
      });
      for (const person of people) expect(JSON.stringify(page)).not.toContain(person.email);
    }
    expect(checkInClosedMessage(timed, MONTHS_AHEAD)).toBe(
      "Check-in for this event is not open yet. Check-in opens September 18, 2027 at 7:00 AM CDT and closes at the end of September 18, 2027. Door volunteers can see its list only then.",
    );
    expect(checkInClosedMessage(timed, CLOSES)).toBe("Check-in for this event closed at the end of September 18, 2027. Ask staff if a check-in needs correcting.");
    // An event that does not exist is not found, whenever it is asked for.
    expect(await openDoorList(testDb(), "door", 2_000_000_000, "", undefined, DURING)).toBeUndefined();
  });

  it("is refused check-in and undo outside the window, with the window's message, and nothing changes", async () => {
    const { event, target } = await doorEvent();
    const timed = { startsAt, endsAt, timeZone: event.timeZone };
    expect((await refusal(checkIn(testDb(), actor("door"), target, before(OPENS)))).message).toBe(checkInClosedMessage(timed, before(OPENS)));
    expect(await checkedInAt(target.registrationId)).toBeNull();
    // Checked in during the event by staff; the door cannot undo it the next day.
    await checkIn(testDb(), actor("staff"), target, DURING);
    expect((await refusal(undoCheckIn(testDb(), actor("door"), target, CLOSES))).message).toBe(checkInClosedMessage(timed, CLOSES));
    expect(await checkedInAt(target.registrationId)).toEqual(DURING);
    const audit = await testDb().select({ actor: auditLog.actorEmail }).from(auditLog).where(eq(auditLog.recordId, String(event.id)));
    expect(audit).toEqual([{ actor: "staff@example.org" }]);
    expect((await refusal(checkIn(testDb(), actor("door"), { ...target, eventId: 2_000_000_000 }, DURING))).message).toBe("This event does not exist.");
  });

  it("opens the list, checks in and undoes inside the window, from its first minute to its last", async () => {
    const { event, people, target } = await doorEvent();
    const page = await openDoorList(testDb(), "door", event.id, "", undefined, OPENS);
    expect(page?.open).toBe(true);
    expect(page?.open && page.list.attendees.map((a) => a.email).sort()).toEqual(people.map((p) => p.email).sort());
    expect(await checkIn(testDb(), actor("door"), target, OPENS)).toMatchObject({ changed: true });
    expect(await undoCheckIn(testDb(), actor("door"), target, before(CLOSES))).toMatchObject({ changed: true });
    expect(await checkedInAt(target.registrationId)).toBeNull();
  });

  it("sees on the check-in page the events whose window is open, linked, and today's and the next two weeks' others without a link, with their window", async () => {
    const now = new Date("2027-09-18T13:00:00Z"); // 8:00 AM CDT
    const open = (await doorEvent()).event;
    const tonight = (await doorEvent({ startsAt: new Date("2027-09-19T00:00:00Z"), endsAt: new Date("2027-09-19T02:00:00Z") })).event;
    const lastNight = (await doorEvent({ startsAt: new Date("2027-09-18T01:00:00Z"), endsAt: new Date("2027-09-18T03:00:00Z") })).event;
    const nextMonth = (await doorEvent({ startsAt: new Date("2027-10-16T14:00:00Z"), endsAt: new Date("2027-10-16T17:00:00Z") })).event;
    const mine = [open.id, tonight.id, lastNight.id, nextMonth.id];
    const { soon, later, heldToWindow } = await listDoorEvents(testDb(), "door", now);
    expect(heldToWindow).toBe(true);
    expect(soon.filter((e) => mine.includes(e.id)).map((e) => [e.id, e.linked, e.checkIn])).toEqual([
      [open.id, true, "open"],
      [tonight.id, false, "not-yet"],
    ]);
    expect(soon.find((e) => e.id === tonight.id)!.checkInWindow).toBe("Check-in opens September 18, 2027 at 5:00 PM CDT and closes at the end of September 18, 2027.");
    expect(later).toEqual([]);
    // Staff see them all, each linked, today's first (marked), then the rest soonest first.
    const desk = await listDoorEvents(testDb(), "staff", now);
    expect(desk.heldToWindow).toBe(false);
    expect([...desk.soon, ...desk.later].filter((e) => mine.includes(e.id)).map((e) => [e.id, e.linked, e.today])).toEqual([
      [open.id, true, true],
      [tonight.id, true, true],
      [lastNight.id, true, false],
      [nextMonth.id, true, false],
    ]);
  });
});

describe("staff and admins", () => {
  it("open any event's list and check in and undo months ahead and days after, as before", async () => {
    const { event, people, target } = await doorEvent();
    const daysAfter = new Date("2027-09-22T15:00:00Z");
    for (const role of ["staff", "admin"] as const) {
      for (const now of [MONTHS_AHEAD, daysAfter]) {
        const page = await openDoorList(testDb(), role, event.id, "", undefined, now);
        expect(page?.open && page.list.attendees.map((a) => a.email).sort(), `${role} at ${now.toISOString()}`).toEqual(people.map((p) => p.email).sort());
        expect(await checkIn(testDb(), actor(role), target, now)).toMatchObject({ changed: true });
        // An undo within a second of the check-in is a double tap (door.test.ts): this one comes a second later.
        expect(await undoCheckIn(testDb(), actor(role), target, new Date(now.getTime() + 1000))).toMatchObject({ changed: true });
      }
    }
  });
});
