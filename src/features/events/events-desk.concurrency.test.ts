/**
 * The events desk under contention, on the real PostgreSQL: each call its own transaction on its own
 * pooled connection, all started at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventRegistrations, events } from "@/db/schema/events";
import { auditLog } from "@/db/schema/staff";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { checkIn } from "./check-in-desk.service";
import { updateEvent } from "./events-desk.service";
import { registerForEvent } from "./registration.service";
import { eventFormSchema } from "./events-desk.schema";
import { createEvent, createMembers, registrationsOf } from "../../../test/events";

delete process.env.SMTP_URL;

const now = new Date("2027-03-01T15:00:00Z");
const startsAt = new Date("2027-03-20T14:00:00Z");

const formWithCapacity = (capacity: number) =>
  eventFormSchema.parse({
    title: "Race Clinic",
    category: "fitness",
    date: "2027-03-20",
    startTime: "09:00",
    endTime: "13:00",
    location: "Austin",
    instructor: "Tom Brennan",
    description: "A race.",
    capacity: String(capacity),
  });

describe("a capacity decrease racing registrations", () => {
  it("never leaves the capacity below the seats taken, whichever commits first", async () => {
    for (let round = 0; round < 5; round++) {
      const event = await createEvent({ startsAt, capacity: 10 });
      const members = await createMembers(12, `race-${round}`);
      // Four seats are taken before the race; eight more members press Register while staff lower the capacity to 6.
      for (const m of members.slice(0, 4)) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
      const results = await Promise.allSettled([
        ...members.slice(4).map((m) => registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now)),
        updateEvent(testDb(), { id: null, email: "desk@example.org" }, event.id, formWithCapacity(6), now),
      ]);
      const update = results.at(-1)!;
      const [row] = await testDb().select().from(events).where(eq(events.id, event.id));
      const holding = (await registrationsOf(event.id)).filter((r) => r.status === "confirmed" || r.status === "offered").length;
      expect(row!.seatsTaken).toBe(holding);
      expect(row!.seatsTaken).toBeLessThanOrEqual(row!.capacity!);
      if (update.status === "fulfilled") {
        // The decrease went first (or early enough): the rest waited and found 6 seats.
        expect(row!.capacity).toBe(6);
        expect(row!.seatsTaken).toBe(6);
      } else {
        // Registrations took more than 6 seats first: the decrease was refused next to the field and changed nothing.
        expect(update.reason).toBeInstanceOf(FormError);
        expect((update.reason as FormError).field).toBe("capacity");
        expect(row!.capacity).toBe(10);
        expect(row!.seatsTaken).toBeGreaterThan(6);
      }
      expect(results.slice(0, -1).every((r) => r.status === "fulfilled")).toBe(true);
    }
  });
});

describe("two staff checking in the same attendee", () => {
  it("check them in once: one changes the row and is audited, the other is told it was already done", async () => {
    const event = await createEvent({ startsAt });
    const [member] = await createMembers(1, "door");
    await registerForEvent(testDb(), { eventId: event.id, userId: member!.id }, now);
    const [registration] = await registrationsOf(event.id);
    const target = { eventId: event.id, registrationId: registration!.id };
    const results = await Promise.all([
      checkIn(testDb(), { id: null, email: "door-a@example.org", role: "staff" }, target, now),
      checkIn(testDb(), { id: null, email: "door-b@example.org", role: "staff" }, target, new Date(now.getTime() + 1000)),
    ]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    const audit = await testDb().select().from(auditLog).where(eq(auditLog.recordId, String(event.id)));
    expect(audit).toHaveLength(1);
    const winner = audit[0]!.actorEmail === "door-a@example.org" ? now : new Date(now.getTime() + 1000);
    const [row] = await testDb().select().from(eventRegistrations).where(eq(eventRegistrations.id, registration!.id));
    expect(row!.checkedInAt).toEqual(winner);
  });
});
