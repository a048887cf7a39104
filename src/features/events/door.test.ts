/**
 * The door on the real PostgreSQL (issue 30): a second tap within a second of a check-in does not undo
 * it; a scanned registration without a seat says why (cancelled, and when); the waitlist in the order
 * seats go; a walk-in takes a free seat, is checked in, audited and counted, and a full event refuses
 * one. Every instant is passed in; each test makes its own events and members.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema/staff";
import type { StaffRole } from "@/lib/access-control";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { addWalkIn, checkIn, EVENT_FULL_AT_THE_DOOR, undoCheckIn, undoTooSoonMessage } from "./check-in-desk.service";
import { openDoorList } from "./door-access.service";
import { walkInSchema } from "./door.schema";
import { cancelRegistration, registerForEvent } from "./registration.service";
import { createEvent, createMembers, registrationsOf, seatsTaken } from "../../../test/events";

delete process.env.SMTP_URL;

/** Saturday September 18, 2027, 9:00 AM – 12:00 PM CDT; the door opens at 7:00 AM CDT. */
const startsAt = new Date("2027-09-18T14:00:00Z");
const endsAt = new Date("2027-09-18T17:00:00Z");
const DURING = new Date("2027-09-18T15:00:00Z");
const REGISTERED = new Date("2027-09-01T15:00:00Z");
const later = (instant: Date, ms: number) => new Date(instant.getTime() + ms);

const actor = (role: StaffRole) => ({ id: null, email: `${role}@example.org`, role });

async function refusal(work: Promise<unknown>): Promise<FormError> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

/** An event with `seated` confirmed members and `waiting` more on its waitlist (capacity `seated`). */
async function doorEvent(seated: number, waiting = 0, capacity = seated) {
  const event = await createEvent({ startsAt, endsAt, capacity, title: "Door Test Clinic" });
  const people = await createMembers(seated + waiting, "door-test");
  for (const person of people) await registerForEvent(testDb(), { eventId: event.id, userId: person.id }, REGISTERED);
  const rows = await registrationsOf(event.id);
  const idOf = (userId: string) => rows.find((r) => r.userId === userId)!.id;
  return { event, people, registrationIds: people.map((p) => idOf(p.id)) };
}

const walkIn = (eventId: number, name: string, email: string) => walkInSchema.parse({ eventId: String(eventId), name, email });

describe("undo after a check-in", () => {
  it("refuses a second tap within a second, either way round, and undoes from a second on", async () => {
    const { event, people, registrationIds } = await doorEvent(1);
    const target = { eventId: event.id, registrationId: registrationIds[0]! };
    expect(await checkIn(testDb(), actor("door"), target, DURING)).toMatchObject({ changed: true });
    for (const at of [DURING, later(DURING, 999), later(DURING, -999)]) {
      expect((await refusal(undoCheckIn(testDb(), actor("door"), target, at))).message).toBe(undoTooSoonMessage(people[0]!.email));
    }
    expect(await undoCheckIn(testDb(), actor("door"), target, later(DURING, 1000))).toMatchObject({ changed: true });
    const audit = await testDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.recordId, String(event.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["registration.check-in", "registration.undo-check-in"]);
  });
});

describe("the door's page", () => {
  it("tells the volunteer a scanned registration was canceled, when and by whom, and shows the waitlist in order", async () => {
    const { event, people, registrationIds } = await doorEvent(2, 2);
    const cancelledAt = new Date("2027-09-10T19:30:00Z");
    await cancelRegistration(testDb(), { eventId: event.id, userId: people[0]!.id }, cancelledAt);
    const page = await openDoorList(testDb(), "door", event.id, "", registrationIds[0], DURING);
    expect(page?.open).toBe(true);
    if (!page?.open) return;
    expect(page.list.highlighted).toBeUndefined();
    expect(page.scannedWithoutSeat).toEqual({
      name: people[0]!.email,
      email: people[0]!.email,
      message: `This registration was canceled on Sep 10, 2027, 2:30 PM CDT by the member. ${people[0]!.email} has no seat: do not check them in.`,
    });
    // The cancelled seat went to the first in line as an offer (the event had not started): held first, then the line.
    expect(page.waiting.map((w) => [w.email, w.place])).toEqual([
      [people[2]!.email, "Seat on hold"],
      [people[3]!.email, "Number 1 in line"],
    ]);
    const waiting = await openDoorList(testDb(), "door", event.id, "", registrationIds[3], DURING);
    expect(waiting?.open && waiting.scannedWithoutSeat?.message).toBe(`${people[3]!.email} is on the waitlist, not registered: they have no seat yet.`);
    // A confirmed registration is the scanned ticket; another event's registration is nothing here.
    const seated = await openDoorList(testDb(), "door", event.id, "", registrationIds[1], DURING);
    expect(seated?.open && [seated.list.highlighted?.email, seated.scannedWithoutSeat]).toEqual([people[1]!.email, undefined]);
  });
});

describe("a walk-in", () => {
  it("takes a free seat, is checked in, audited and counted; the same address twice is one walk-in", async () => {
    const { event } = await doorEvent(1, 0, 3);
    const door = actor("door");
    expect(await addWalkIn(testDb(), door, walkIn(event.id, "Dana Reyes", "Dana@Example.com"), DURING)).toEqual({ name: "Dana Reyes", changed: true });
    expect(await addWalkIn(testDb(), door, walkIn(event.id, "Dana R.", "dana@example.com"), later(DURING, 5000))).toEqual({ name: "Dana Reyes", changed: false });
    expect(await seatsTaken(event.id)).toBe(2);
    const page = await openDoorList(testDb(), "door", event.id, "", undefined, DURING);
    expect(page?.open && page.walkIns.map((w) => [w.name, w.email, w.checkedInAt])).toEqual([["Dana Reyes", "dana@example.com", DURING]]);
    expect(page?.open && page.count).toEqual({ checkedIn: 1, expected: 2 });
    const audit = await testDb().select().from(auditLog).where(and(eq(auditLog.recordId, String(event.id)), eq(auditLog.action, "event.walk-in")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ name: "Dana Reyes", email: "dana@example.com" });
  });

  it("is refused when every seat is taken, for a registered address, outside the door's window, and with bad input", async () => {
    const { event, people } = await doorEvent(1);
    expect((await refusal(addWalkIn(testDb(), actor("door"), walkIn(event.id, "Eli Park", "eli@example.com"), DURING))).message).toBe(EVENT_FULL_AT_THE_DOOR);
    expect((await refusal(addWalkIn(testDb(), actor("staff"), walkIn(event.id, "Eli Park", "eli@example.com"), DURING))).message).toBe(EVENT_FULL_AT_THE_DOOR);
    expect(await seatsTaken(event.id)).toBe(1);

    const roomy = await doorEvent(1, 0, 5);
    expect((await refusal(addWalkIn(testDb(), actor("door"), walkIn(roomy.event.id, "Someone", roomy.people[0]!.email.toUpperCase()), DURING))).message).toBe(
      `${roomy.people[0]!.email} is registered for this event: check them in from the list.`,
    );
    expect((await refusal(addWalkIn(testDb(), actor("door"), walkIn(roomy.event.id, "Eli Park", "eli@example.com"), new Date("2027-06-20T15:00:00Z")))).message).toMatch(
      /^Check-in for this event is not open yet\./,
    );
    expect(walkInSchema.safeParse({ eventId: String(roomy.event.id), name: " ", email: "not-an-address" }).error?.flatten().fieldErrors).toEqual({
      name: ["Enter their name."],
      email: ["Enter a valid email address, like name@example.com."],
    });
    expect(people).toHaveLength(1);
  });
});
