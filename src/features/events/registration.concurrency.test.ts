/**
 * Registration under contention, on the real PostgreSQL: every call is its own transaction on its own
 * pooled connection, all started at once, as 200 members pressing Register Now together would be.
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventRegistrations, events } from "@/db/schema/events";
import { testDb } from "../../../test/db";
import { FormError } from "@/lib/form-state";
import {
  NO_OFFER,
  OFFER_EXPIRED,
  cancelRegistration,
  claimOffer,
  expireOffers,
  registerForEvent,
  type RegisterResult,
} from "./registration.service";
import { createEvent, createMembers, registrationsOf } from "../../../test/events";

delete process.env.SMTP_URL;

const now = new Date("2027-03-01T15:00:00Z");
const startsAt = new Date("2027-03-20T14:00:00Z");

/** The invariants that must hold after any mix of operations. */
async function expectConsistent(eventId: number, capacity: number) {
  const [event] = await testDb().select().from(events).where(eq(events.id, eventId));
  const rows = await registrationsOf(eventId);
  const holding = rows.filter((r) => r.status === "confirmed" || r.status === "offered").length;
  expect(event!.seatsTaken).toBe(holding);
  // A race decides how many hold seats after each round; the invariant is the range.
  expect(event!.seatsTaken).toBeGreaterThanOrEqual(0);
  expect(event!.seatsTaken).toBeLessThanOrEqual(capacity);
  // A seat is never free while someone waits for one.
  if (rows.some((r) => r.status === "waitlisted")) expect(event!.seatsTaken).toBe(capacity);
  return { event: event!, rows };
}

describe("200 members register at once for an 8-seat event", () => {
  it("confirms exactly 8, queues 192 in a strict order that matches what each was told, and loses nobody", async () => {
    const event = await createEvent({ startsAt, capacity: 8 });
    const members = await createMembers(200, "rush");

    const results = await Promise.all(
      members.map((m) => registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now).then((r) => ({ userId: m.id, r }))),
    );

    const confirmed = results.filter(({ r }) => r.status === "confirmed");
    const waitlisted = results.filter((x): x is { userId: string; r: Extract<RegisterResult, { status: "waitlisted" }> } => x.r.status === "waitlisted");
    expect(confirmed).toHaveLength(8);
    expect(waitlisted).toHaveLength(192);
    // Each waitlisted member was told a different place, and together the places are exactly 1..192.
    expect(waitlisted.map(({ r }) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 192 }, (_, i) => i + 1));

    const { event: after, rows } = await expectConsistent(event.id, 8);
    expect(after.seatsTaken).toBe(8);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(members.map((m) => m.id)));
    // The queue in the database is the order the members were told.
    const queue = await testDb()
      .select({ userId: eventRegistrations.userId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, "waitlisted")))
      .orderBy(asc(eventRegistrations.waitlistSeq));
    const told = new Map(waitlisted.map(({ userId, r }) => [userId, r.position]));
    expect(queue.map((q) => told.get(q.userId))).toEqual(Array.from({ length: 192 }, (_, i) => i + 1));
  }, 60_000);

  it("the same member pressing Register Now 20 times at once holds one seat", async () => {
    const event = await createEvent({ startsAt, capacity: 8 });
    const [member] = await createMembers(1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => registerForEvent(testDb(), { eventId: event.id, userId: member!.id }, now)),
    );
    expect(results.filter((r) => !r.already)).toHaveLength(1);
    await expectConsistent(event.id, 8);
    expect((await registrationsOf(event.id))).toHaveLength(1);
  });
});

/** The two answers a claim may get when an expiry or the member's other click got there first. */
function offerGone(error: unknown): void {
  if (error instanceof FormError && (error.message === NO_OFFER || error.message === OFFER_EXPIRED)) return;
  throw error;
}

describe("cancels and claims racing each other", () => {
  it("repeated concurrent cancels free each seat once, and the count never leaves 0..capacity", async () => {
    const capacity = 8;
    const event = await createEvent({ startsAt, capacity });
    const members = await createMembers(40, "race");
    for (const m of members) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
    const seated = members.slice(0, capacity);

    // Every seated member cancels five times at once: 40 calls, 8 real cancellations, 8 offers.
    const cancels = await Promise.all(
      seated.flatMap((m) => Array.from({ length: 5 }, () => cancelRegistration(testDb(), { eventId: event.id, userId: m.id }, now))),
    );
    expect(cancels.filter((c) => c.changed)).toHaveLength(capacity);
    let { rows } = await expectConsistent(event.id, capacity);
    expect(rows.filter((r) => r.status === "offered")).toHaveLength(capacity);

    // Rounds of chaos: offered members claim (some twice) while others cancel and newcomers register,
    // and offers expire; after every round the invariants hold.
    for (let round = 0; round < 4; round++) {
      const offered = rows.filter((r) => r.status === "offered").map((r) => r.userId);
      const confirmedNow = rows.filter((r) => r.status === "confirmed").map((r) => r.userId);
      const ops: Promise<unknown>[] = [];
      offered.forEach((userId, i) => {
        const who = { eventId: event.id, userId };
        if (i % 3 === 0) ops.push(cancelRegistration(testDb(), who, now), cancelRegistration(testDb(), who, now));
        // The expiry below races these claims: a claim that loses must say the offer is gone, nothing else.
        else ops.push(claimOffer(testDb(), who, now).catch(offerGone), claimOffer(testDb(), who, now).catch(offerGone));
      });
      confirmedNow.slice(0, 2).forEach((userId) => {
        ops.push(cancelRegistration(testDb(), { eventId: event.id, userId }, now), cancelRegistration(testDb(), { eventId: event.id, userId }, now));
      });
      const newcomers = await createMembers(3, `late-${round}`);
      for (const m of newcomers) ops.push(registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now));
      ops.push(expireOffers(testDb(), new Date(now.getTime() + 25 * 3_600_000)));
      await Promise.all(ops);
      ({ rows } = await expectConsistent(event.id, capacity));
    }
  }, 60_000);

  it("claims racing an expiry: the seat ends with exactly one member", async () => {
    const event = await createEvent({ startsAt, capacity: 1 });
    const members = await createMembers(6, "expiry");
    for (const m of members) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
    await cancelRegistration(testDb(), { eventId: event.id, userId: members[0]!.id }, now);
    const expiry = new Date(now.getTime() + 24 * 3_600_000);
    const justBefore = new Date(expiry.getTime() - 1);
    await Promise.all([
      claimOffer(testDb(), { eventId: event.id, userId: members[1]!.id }, justBefore).catch(offerGone),
      expireOffers(testDb(), expiry),
    ]);
    const { rows } = await expectConsistent(event.id, 1);
    const holders = rows.filter((r) => r.status === "confirmed" || r.status === "offered");
    expect(holders).toHaveLength(1);
    const member1 = rows.find((r) => r.userId === members[1]!.id)!;
    // Whichever ran first decided it: a confirmed claim, or an expiry that moved the offer to the next in line.
    if (member1.status === "confirmed") expect(holders[0]!.userId).toBe(members[1]!.id);
    else expect(holders[0]).toMatchObject({ userId: members[2]!.id, status: "offered" });
  });
});
