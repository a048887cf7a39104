import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { checkInOps, eventRegistrations, eventWalkIns, events } from "@/db/schema/events";
import type { StaffRole } from "@/lib/access-control";
import { FormError } from "@/lib/form-state";
import * as clock from "@/lib/clock";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { checkInClosedMessage, checkInState, heldToCheckInWindow } from "./check-in-window";
import type { WalkInInput } from "./door.schema";
import { withinUndoGrace } from "./double-tap";
import { EVENT_CANCELLED, EVENT_NOT_FOUND } from "./registration.service";

export const NO_SUCH_REGISTRATION = "This person is not on this event's list.";

export const undoTooSoonMessage = (name: string) =>
  `${name} was checked in a moment ago, so that second tap was ignored and ${name} stays checked in. To undo the check-in, tap Undo check-in again.`;

export interface CheckInTarget {
  eventId: number;
  registrationId: number;
}

export interface CheckInResult {
  name: string;
  /** False when someone else (or a second tap) had already done it: nothing changed. */
  changed: boolean;
}

/** Who checks people in: their role decides whether the event's check-in window holds them (check-in-window.ts). */
export interface CheckInActor extends Actor {
  role: StaffRole;
}

type Queryable = Pick<Database, "select">;

/**
 * Keeps a check-in or undo made with the door page's own buttons (at the server's clock) beside the
 * ones door phones send after working offline, in the transaction that changes the attendee, so an
 * attendee's check-in time stays the fold of every op (check-in-merge.ts, check-in-sync.service.ts).
 */
async function recordDeskOp(tx: Pick<Database, "insert">, actor: CheckInActor, registrationId: number, action: "check-in" | "undo", at: Date): Promise<void> {
  await tx.insert(checkInOps).values({ opId: randomUUID(), registrationId, action, at, deviceId: null, staffId: actor.id, receivedAt: at });
}

/**
 * A door volunteer outside the event's check-in window is refused with the window's message before
 * anything is read or changed; an unknown event is refused as before. Other roles pass.
 */
async function refuseOutsideWindow(db: Queryable, actor: CheckInActor, eventId: number, at?: Date): Promise<void> {
  if (!heldToCheckInWindow(actor.role)) return;
  const now = at ?? clock.now();
  const [event] = await db.select({ startsAt: events.startsAt, endsAt: events.endsAt, timeZone: events.timeZone }).from(events).where(eq(events.id, eventId));
  if (!event) throw new FormError(EVENT_NOT_FOUND);
  if (checkInState(event, now) !== "open") throw new FormError(checkInClosedMessage(event, now));
}

async function attendee(db: Queryable, { eventId, registrationId }: CheckInTarget) {
  const [row] = await db
    .select({ status: eventRegistrations.status, checkedInAt: eventRegistrations.checkedInAt, name: user.name, email: user.email, cancelledAt: events.cancelledAt })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)));
  return row;
}

function displayName(row: { name: string; email: string }): string {
  return row.name.trim() || row.email;
}

async function refuseUnknown(db: Queryable, target: CheckInTarget): Promise<never> {
  const [event] = await db.select({ cancelledAt: events.cancelledAt }).from(events).where(eq(events.id, target.eventId));
  if (!event) throw new FormError(EVENT_NOT_FOUND);
  if (event.cancelledAt) throw new FormError(EVENT_CANCELLED);
  throw new FormError(NO_SUCH_REGISTRATION);
}

/**
 * Checks a confirmed attendee in. One conditional UPDATE decides: when two staff tap at once, one
 * changes the row (and is audited), the other finds it done and is told so; nothing is recorded twice.
 * A door volunteer may do it only in the event's check-in window.
 */
export async function checkIn(db: Database, actor: CheckInActor, target: CheckInTarget, now = clock.now()): Promise<CheckInResult> {
  return db.transaction(async (tx) => {
    await refuseOutsideWindow(tx, actor, target.eventId, now);
    const [done] = await tx
      .update(eventRegistrations)
      .set({ checkedInAt: now })
      .where(
        and(
          eq(eventRegistrations.id, target.registrationId),
          eq(eventRegistrations.eventId, target.eventId),
          eq(eventRegistrations.status, "confirmed"),
          isNull(eventRegistrations.checkedInAt),
        ),
      )
      .returning({ id: eventRegistrations.id });
    const row = await attendee(tx, target);
    if (!row || row.cancelledAt) return refuseUnknown(tx, target);
    if (!done) {
      if (row.status !== "confirmed") throw new FormError(`${displayName(row)} has no seat at this event (${row.status === "cancelled" ? "cancelled" : "on the waitlist"}).`);
      await recordDeskOp(tx, actor, target.registrationId, "check-in", now);
      return { name: displayName(row), changed: false };
    }
    await recordDeskOp(tx, actor, target.registrationId, "check-in", now);
    await recordAudit(tx, actor, {
      action: "registration.check-in",
      recordType: "event",
      recordId: String(target.eventId),
      before: { registrationId: target.registrationId, checkedInAt: null },
      after: { registrationId: target.registrationId, checkedInAt: now.toISOString() },
    });
    return { name: displayName(row), changed: true };
  });
}

/** Undoes a check-in (a wrong tap); undoing twice changes nothing the second time. The door's window holds as for checkIn. */
export async function undoCheckIn(db: Database, actor: CheckInActor, target: CheckInTarget, now = clock.now()): Promise<CheckInResult> {
  return db.transaction(async (tx) => {
    await refuseOutsideWindow(tx, actor, target.eventId, now);
    const [before] = await tx
      .select({ checkedInAt: eventRegistrations.checkedInAt })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.id, target.registrationId), eq(eventRegistrations.eventId, target.eventId)))
      .for("update");
    if (before?.checkedInAt && withinUndoGrace(before.checkedInAt, now)) {
      const row = await attendee(tx, target);
      throw new FormError(undoTooSoonMessage(row ? displayName(row) : "This person"));
    }
    const [done] = await tx
      .update(eventRegistrations)
      .set({ checkedInAt: null })
      .where(and(eq(eventRegistrations.id, target.registrationId), eq(eventRegistrations.eventId, target.eventId), isNotNull(eventRegistrations.checkedInAt)))
      .returning({ id: eventRegistrations.id });
    const row = await attendee(tx, target);
    if (!row) return refuseUnknown(tx, target);
    await recordDeskOp(tx, actor, target.registrationId, "undo", now);
    if (!done) return { name: displayName(row), changed: false };
    await recordAudit(tx, actor, {
      action: "registration.undo-check-in",
      recordType: "event",
      recordId: String(target.eventId),
      before: { registrationId: target.registrationId, checkedInAt: before?.checkedInAt?.toISOString() ?? null },
      after: { registrationId: target.registrationId, checkedInAt: null },
    });
    return { name: displayName(row), changed: true };
  });
}

export const EVENT_FULL_AT_THE_DOOR = "Every seat is taken, so a walk-in cannot be added. Staff can raise the event's capacity on the events desk.";

/**
 * Adds someone who came without registering, checked in at once. The walk-in takes a free seat with
 * the same conditional UPDATE a registration uses (so the door never admits more than the capacity,
 * and the seats left that the calendar shows count them); a full event refuses with a message. An
 * address already registered for the event is sent to the list instead, and one already added as a
 * walk-in is not added twice. The door's window holds as for checkIn; audited.
 */
export async function addWalkIn(db: Database, actor: CheckInActor, input: WalkInInput, now = clock.now()): Promise<CheckInResult> {
  return db.transaction(async (tx) => {
    await refuseOutsideWindow(tx, actor, input.eventId, now);
    const [event] = await tx.select({ cancelledAt: events.cancelledAt }).from(events).where(eq(events.id, input.eventId)).for("update");
    if (!event) throw new FormError(EVENT_NOT_FOUND);
    if (event.cancelledAt) throw new FormError(EVENT_CANCELLED);
    const [registered] = await tx
      .select({ status: eventRegistrations.status })
      .from(eventRegistrations)
      .innerJoin(user, eq(user.id, eventRegistrations.userId))
      .where(and(eq(eventRegistrations.eventId, input.eventId), sql`lower(${user.email}) = ${input.email}`));
    if (registered?.status === "confirmed") throw new FormError(`${input.email} is registered for this event: check them in from the list.`);
    const [already] = await tx
      .select({ name: eventWalkIns.name })
      .from(eventWalkIns)
      .where(and(eq(eventWalkIns.eventId, input.eventId), eq(eventWalkIns.email, input.email)));
    if (already) return { name: already.name, changed: false };
    const [seat] = await tx
      .update(events)
      .set({ seatsTaken: sql`${events.seatsTaken} + 1` })
      .where(and(eq(events.id, input.eventId), sql`(${events.capacity} is null or ${events.seatsTaken} < ${events.capacity})`))
      .returning({ id: events.id });
    if (!seat) throw new FormError(EVENT_FULL_AT_THE_DOOR);
    const [walkIn] = await tx
      .insert(eventWalkIns)
      .values({ eventId: input.eventId, name: input.name, email: input.email, checkedInAt: now, addedBy: actor.id })
      .returning({ id: eventWalkIns.id });
    await recordAudit(tx, actor, {
      action: "event.walk-in",
      recordType: "event",
      recordId: String(input.eventId),
      before: null,
      after: { walkInId: walkIn!.id, name: input.name, email: input.email, checkedInAt: now.toISOString() },
    });
    return { name: input.name, changed: true };
  });
}
