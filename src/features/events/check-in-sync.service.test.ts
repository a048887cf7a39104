/**
 * A door phone's queued check-ins reaching the server (issue 32), on PostgreSQL: two phones' ops for
 * one person end in one check-in at the earliest time, whatever order they arrive in; an op sent twice
 * changes nothing; an undo wins over an older check-in, also one made with the page's own buttons;
 * each bad op is refused with its reason and the others still apply; changes are audited. The phone's
 * list holds no email address.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "@/db/schema/auth";
import { auditLog } from "@/db/schema/staff";
import { checkInOps, eventRegistrations, eventWalkIns, events } from "@/db/schema/events";
import type { StaffRole } from "@/lib/access-control";
import { testDb } from "../../../test/db";
import { createEvent, createMembers } from "../../../test/events";
import { checkIn, undoCheckIn, type CheckInActor } from "./check-in-desk.service";
import { listForDevice, NOT_ON_THIS_LIST, OP_ID_REUSED, syncCheckIns } from "./check-in-sync.service";

/** Monday September 18, 2028, 9:00 AM – 12:00 PM CDT: check-in opens at 7:00 AM CDT and closes at midnight. */
const startsAt = new Date("2028-09-18T14:00:00Z");
const during = new Date("2028-09-18T16:00:00Z");
const minute = (n: number) => new Date(startsAt.getTime() + n * 60_000);

async function actor(role: StaffRole = "door"): Promise<CheckInActor> {
  const id = randomUUID();
  const email = `${role}-${id}@example.org`;
  await testDb().insert(user).values({ id, name: "", email, emailVerified: true, role });
  return { id, email, role };
}

/** An event with a confirmed seat for each name (accounts with those names), and optionally a waitlisted person. */
async function doorEvent(names: string[], { waiting = false } = {}) {
  const event = await createEvent({ startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000), capacity: names.length });
  const members = await createMembers(names.length + 1, "door-sync");
  const people = [];
  for (const [i, name] of names.entries()) {
    await testDb().update(user).set({ name }).where(eq(user.id, members[i]!.id));
    const [row] = await testDb()
      .insert(eventRegistrations)
      .values({ eventId: event.id, userId: members[i]!.id, status: "confirmed", confirmedAt: new Date("2028-09-01T15:00:00Z") })
      .returning({ id: eventRegistrations.id });
    people.push({ name, email: members[i]!.email, registrationId: row!.id });
  }
  let waitlisted: number | undefined;
  if (waiting) {
    const [row] = await testDb()
      .insert(eventRegistrations)
      .values({ eventId: event.id, userId: members[names.length]!.id, status: "waitlisted", waitlistSeq: 1 })
      .returning({ id: eventRegistrations.id });
    waitlisted = row!.id;
  }
  return { event, people, waitlisted };
}

const phone = () => randomUUID();
const op = (registrationId: number, action: "check-in" | "undo", at: Date, deviceId: string) => ({ opId: randomUUID(), registrationId, action, at: at.toISOString(), deviceId });

async function checkedInAt(registrationId: number): Promise<Date | null> {
  const [row] = await testDb().select({ at: eventRegistrations.checkedInAt }).from(eventRegistrations).where(eq(eventRegistrations.id, registrationId));
  return row!.at;
}

async function auditsOf(eventId: number) {
  return testDb().select().from(auditLog).where(and(eq(auditLog.recordType, "event"), eq(auditLog.recordId, String(eventId))));
}

describe("syncing a door phone's queued check-ins", () => {
  it("resolves two phones checking in the same person to one check-in at the earliest time, in either order, and an op sent twice changes nothing", async () => {
    const { event, people } = await doorEvent(["Ana Ortiz", "Ben Cole"]);
    const [ana, ben] = people;
    const door = await actor();
    const first = op(ana!.registrationId, "check-in", minute(5), phone());
    const second = op(ana!.registrationId, "check-in", minute(9), phone());
    // The later phone reaches the signal first.
    expect(await syncCheckIns(testDb(), door, event.id, [second], during)).toEqual([{ opId: second.opId, outcome: "applied", message: "Ana Ortiz is checked in (Sep 18, 9:09 AM CDT)." }]);
    expect(await checkedInAt(ana!.registrationId)).toEqual(minute(9));
    expect(await syncCheckIns(testDb(), door, event.id, [first], during)).toEqual([{ opId: first.opId, outcome: "applied", message: "Ana Ortiz is checked in (Sep 18, 9:05 AM CDT)." }]);
    expect(await checkedInAt(ana!.registrationId)).toEqual(minute(5));

    // The same two phones' ops for Ben, the other way round: the same answer.
    const benFirst = op(ben!.registrationId, "check-in", minute(5), phone());
    const benSecond = op(ben!.registrationId, "check-in", minute(9), phone());
    const answered = await syncCheckIns(testDb(), door, event.id, [benFirst, benSecond], during);
    expect(answered!.map((r) => r.message)).toEqual(["Ben Cole is checked in (Sep 18, 9:05 AM CDT).", "Ben Cole is checked in (Sep 18, 9:05 AM CDT): the earliest check-in counts."]);
    expect(await checkedInAt(ben!.registrationId)).toEqual(minute(5));

    // A phone that lost the answer sends its ops again: nothing changes, nothing is stored or audited twice.
    const audits = (await auditsOf(event.id)).length;
    expect(await syncCheckIns(testDb(), door, event.id, [first, second], during)).toEqual([
      { opId: first.opId, outcome: "duplicate", message: "Already received: nothing changed." },
      { opId: second.opId, outcome: "duplicate", message: "Already received: nothing changed." },
    ]);
    expect(await checkedInAt(ana!.registrationId)).toEqual(minute(5));
    expect(await testDb().$count(checkInOps, eq(checkInOps.registrationId, ana!.registrationId))).toBe(2);
    expect((await auditsOf(event.id)).length).toBe(audits);
  });

  it("lets an undo win over an older check-in and a later check-in check in again, the same in every arrival order", async () => {
    const { event, people } = await doorEvent(["Ana Ortiz", "Ben Cole", "Cy Park"]);
    const door = await actor();
    const device = phone();
    const script = (registrationId: number) => [op(registrationId, "check-in", minute(5), device), op(registrationId, "undo", minute(7), device), op(registrationId, "check-in", minute(12), phone())];
    const [ana, ben, cy] = people.map((p) => script(p.registrationId));
    await syncCheckIns(testDb(), door, event.id, ana!, during);
    await syncCheckIns(testDb(), door, event.id, [ben![2]!, ben![1]!, ben![0]!], during);
    for (const one of [cy![1]!, cy![0]!, cy![2]!]) await syncCheckIns(testDb(), door, event.id, [one], during);
    for (const person of people) expect(await checkedInAt(person.registrationId), person.name).toEqual(minute(12));

    // The undo alone, arriving last, after a check-in made before it: not checked in.
    const { event: dEvent, people: more } = await doorEvent(["Di Lane"]);
    const checkedIn = op(more[0]!.registrationId, "check-in", minute(5), phone());
    const undone = op(more[0]!.registrationId, "undo", minute(8), phone());
    await syncCheckIns(testDb(), door, dEvent.id, [checkedIn], during);
    expect(await syncCheckIns(testDb(), door, dEvent.id, [undone], during)).toEqual([{ opId: undone.opId, outcome: "applied", message: "Di Lane is not checked in." }]);
    expect(await checkedInAt(more[0]!.registrationId)).toBeNull();
    const audits = await auditsOf(dEvent.id);
    expect(audits.map((a) => a.action)).toEqual(["registration.check-in", "registration.undo-check-in"]);
    expect(audits[1]!.actorEmail).toBe(door.email);
    expect(audits[1]!.after).toMatchObject({ registrationId: more[0]!.registrationId, checkedInAt: null, via: "offline door", opIds: [undone.opId], deviceIds: [undone.deviceId] });
  });

  it("merges with the door page's own buttons: an undo pressed online wins over an older check-in a phone sends later", async () => {
    const { event, people } = await doorEvent(["Ana Ortiz", "Ben Cole"]);
    const [ana, ben] = people;
    const door = await actor();
    await checkIn(testDb(), door, { eventId: event.id, registrationId: ana!.registrationId }, minute(10));
    await undoCheckIn(testDb(), door, { eventId: event.id, registrationId: ana!.registrationId }, minute(20));
    const older = op(ana!.registrationId, "check-in", minute(15), phone());
    expect(await syncCheckIns(testDb(), door, event.id, [older], during)).toEqual([{ opId: older.opId, outcome: "applied", message: "Ana Ortiz is not checked in: an undo made after this check-in wins." }]);
    expect(await checkedInAt(ana!.registrationId)).toBeNull();

    // Checked in online at 9:10; a phone that checked Ben in at 9:04 moves the time earlier.
    await checkIn(testDb(), door, { eventId: event.id, registrationId: ben!.registrationId }, minute(10));
    await syncCheckIns(testDb(), door, event.id, [op(ben!.registrationId, "check-in", minute(4), phone())], during);
    expect(await checkedInAt(ben!.registrationId)).toEqual(minute(4));
  });

  it("refuses each bad op with its reason and applies the others", async () => {
    const { event, people, waitlisted } = await doorEvent(["Ana Ortiz", "Ben Cole"], { waiting: true });
    const { people: elsewhere } = await doorEvent(["Zed Other"]);
    const [ana, ben] = people;
    const door = await actor();
    const device = phone();
    const good = op(ana!.registrationId, "check-in", minute(5), device);
    const future = op(ben!.registrationId, "check-in", new Date(during.getTime() + 3_600_000), device);
    const lastYear = op(ben!.registrationId, "check-in", new Date("2027-09-18T14:00:00Z"), device);
    const otherEvent = op(elsewhere[0]!.registrationId, "check-in", minute(5), device);
    const noSeat = op(waitlisted!, "check-in", minute(5), device);
    const reused = { ...op(ben!.registrationId, "undo", minute(6), device), opId: good.opId };
    const answered = await syncCheckIns(testDb(), door, event.id, [good, future, lastYear, otherEvent, noSeat, { opId: "x", registrationId: "1" }, "not an op", { ...good, opId: randomUUID(), extra: 1 }, reused], during);
    expect(answered!.map((r) => [r.outcome, r.message])).toEqual([
      ["applied", "Ana Ortiz is checked in (Sep 18, 9:05 AM CDT)."],
      ["refused", "Refused: it is dated September 18, 2028 at 12:00 PM CDT, which is in the future. Check the date and time on the phone that did it."],
      ["refused", expect.stringMatching(/^Refused: it is dated September 18, 2027 at 9:00 AM CDT, far outside this event's check-in/)],
      ["refused", NOT_ON_THIS_LIST],
      ["refused", expect.stringMatching(/^Refused: .+ has no seat at this event \(on the waitlist\)\.$/)],
      ["refused", "Refused: opId must be a UUID."],
      ["refused", expect.stringMatching(/^Refused: /)],
      ["refused", expect.stringMatching(/^Refused: .*extra/)],
      ["refused", OP_ID_REUSED],
    ]);
    expect(answered!.map((r) => r.opId)).toEqual([good.opId, future.opId, lastYear.opId, otherEvent.opId, noSeat.opId, "x", null, expect.any(String), good.opId]);
    expect(await checkedInAt(ana!.registrationId)).toEqual(minute(5));
    expect(await checkedInAt(ben!.registrationId)).toBeNull();
    expect(await checkedInAt(elsewhere[0]!.registrationId)).toBeNull();
  });

  it("refuses every op for a canceled event, and answers undefined for an event that does not exist", async () => {
    const { event, people } = await doorEvent(["Ana Ortiz"]);
    await testDb().update(events).set({ cancelledAt: minute(-600) }).where(eq(events.id, event.id));
    const door = await actor();
    const [answer] = (await syncCheckIns(testDb(), door, event.id, [op(people[0]!.registrationId, "check-in", minute(5), phone())], during))!;
    expect(answer).toMatchObject({ outcome: "refused", message: "Refused: This event has been canceled." });
    expect(await syncCheckIns(testDb(), door, 2_000_000_000, [], during)).toBeUndefined();
  });
});

describe("the list a door phone keeps", () => {
  it("holds each registration's id, name, status and check-in time and the walk-ins' number, and no named person's email address", async () => {
    const { event, people, waitlisted } = await doorEvent(["Ben Cole", "Ana Ortiz"], { waiting: true });
    const door = await actor();
    await checkIn(testDb(), door, { eventId: event.id, registrationId: people[0]!.registrationId }, minute(3));
    await testDb().insert(eventWalkIns).values({ eventId: event.id, name: "Eve Walker", email: "eve.walker@example.com", checkedInAt: minute(4) });
    const list = await listForDevice(testDb(), "door", event.id, during);
    expect(list).toMatchObject({ open: true, event: { id: event.id, title: event.title, timeZone: "America/Chicago", cancelled: false }, serverNow: during.toISOString(), walkIns: 1 });
    if (!list?.open) throw new Error("open");
    // A day after check-in closes at midnight CDT.
    expect(list.keepUntil).toBe("2028-09-20T05:00:00.000Z");
    expect(list.attendees.filter((a) => a.status === "confirmed")).toEqual([
      { registrationId: people[1]!.registrationId, name: "Ana Ortiz", status: "confirmed", checkedInAt: null },
      { registrationId: people[0]!.registrationId, name: "Ben Cole", status: "confirmed", checkedInAt: minute(3).toISOString() },
    ]);
    expect(list.attendees.find((a) => a.registrationId === waitlisted)).toMatchObject({ status: "waitlisted" });
    // Nothing else of anyone: named people's addresses are not sent; an account without a name is listed
    // by its address, as the door page lists it, since nothing else finds them.
    for (const attendee of list.attendees) expect(Object.keys(attendee).sort()).toEqual(["checkedInAt", "name", "registrationId", "status"]);
    const text = JSON.stringify(list);
    for (const person of people) expect(text).not.toContain(person.email);
    expect(list.attendees.find((a) => a.registrationId === waitlisted)!.name).toMatch(/^door-sync-2-.+@example\.com$/);
  });

  it("is not given to a door volunteer outside the check-in window, who gets the reason; staff get it", async () => {
    const { event } = await doorEvent(["Ana Ortiz"]);
    const monthsAhead = new Date("2028-06-20T15:00:00Z");
    const closed = await listForDevice(testDb(), "door", event.id, monthsAhead);
    expect(closed).toEqual({ open: false, event: { id: event.id, title: event.title }, serverNow: monthsAhead.toISOString(), message: expect.stringMatching(/^Check-in for this event is not open yet\./) });
    expect(await listForDevice(testDb(), "staff", event.id, monthsAhead)).toMatchObject({ open: true });
  });
});
