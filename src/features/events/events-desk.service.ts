import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { eventRegistrations, events } from "@/db/schema/events";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { siteUrl } from "@/lib/env";
import { FormError } from "@/lib/form-state";
import { ASSOCIATION_TIME_ZONE, zonedWallTimeToUtc } from "@/lib/time";
import * as clock from "@/lib/clock";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { attendeeMessageEmail, eventCancelledEmail, eventUpdatedEmail, eventWhen, type EventChange } from "./emails/registration-emails";
import { registrationCalendarEntry } from "./registration-calendar";
import { EVENT_CANCELLED, icalOf, lockEvent, markCancelled, offerNewSeats, type Transaction } from "./registration.service";
import type { EventForm } from "./events-desk.schema";

export const START_IN_PAST = "The start is in the past: choose a date and time still to come.";
export const EVENT_OVER = "This event is over, so it can no longer be changed.";
export const NOBODY_REGISTERED = "Nobody is registered for this event yet, so there is no one to email.";

type EventRow = typeof events.$inferSelect;

/** The form's date and times, read in the association's zone, as UTC instants. */
export function eventInstants(form: Pick<EventForm, "date" | "startTime" | "endTime">, timeZone = ASSOCIATION_TIME_ZONE): { startsAt: Date; endsAt: Date } {
  const [year, month, day] = form.date.split("-").map(Number) as [number, number, number];
  const at = (hhmm: string) => {
    const [hour, minute] = hhmm.split(":").map(Number) as [number, number];
    return zonedWallTimeToUtc({ year, month, day, hour, minute }, timeZone);
  };
  const startsAt = at(form.startTime);
  const endsAt = at(form.endTime);
  // A time in the autumn's repeated hour can map the end before the start; the form already refused end ≤ start.
  if (endsAt <= startsAt) throw new FormError("The end time must be after the start time.", "endTime");
  return { startsAt, endsAt };
}

export const OPENS_AFTER_START = "Registration must open before the event starts.";

/** When registration opens to everyone, from the form's date and time in the association's zone; null: open now. */
export function openingInstant(form: Pick<EventForm, "opening">, startsAt: Date, timeZone = ASSOCIATION_TIME_ZONE): Date | null {
  if (!form.opening) return null;
  const [year, month, day] = form.opening.date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = form.opening.time.split(":").map(Number) as [number, number];
  const opensAt = zonedWallTimeToUtc({ year, month, day, hour, minute }, timeZone);
  if (opensAt >= startsAt) throw new FormError(OPENS_AFTER_START, "opensDate");
  return opensAt;
}

function slugOf(title: string): string {
  const base = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "event"}-${randomBytes(3).toString("hex")}`;
}

/** What the audit log keeps of an event: its editable fields, times as ISO strings. */
function snapshot(row: EventRow) {
  return {
    title: row.title,
    category: row.category,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    location: row.location,
    capacity: row.capacity,
    registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
    priorityDays: row.priorityDays,
    eligibility: row.eligibility,
    instructor: row.instructor,
    description: row.description,
    seatsTaken: row.seatsTaken,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** A new event; its start must be still to come. */
export async function createEvent(db: Database, actor: Actor, form: EventForm, now = clock.now()): Promise<{ id: number }> {
  const { startsAt, endsAt } = eventInstants(form);
  if (startsAt <= now) throw new FormError(START_IN_PAST, "date");
  const registrationOpensAt = openingInstant(form, startsAt);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({
        slug: slugOf(form.title),
        title: form.title,
        category: form.category,
        description: form.description,
        instructor: form.instructor,
        location: form.location,
        startsAt,
        endsAt,
        timeZone: ASSOCIATION_TIME_ZONE,
        capacity: form.capacity,
        registrationOpensAt,
        priorityDays: form.priorityWindowDays,
        eligibility: form.eligibility,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, actor, { action: "event.create", recordType: "event", recordId: String(row!.id), after: snapshot(row!) });
    return { id: row!.id };
  });
}

export interface UpdateResult {
  changed: boolean;
  /** Seats offered to the waitlist because the capacity went up. */
  offered: number;
  /** People emailed because the time or place changed. */
  notified: number;
}

/** What moved between the event as it was and as it is now: its time, its place. */
function changesOf(before: EventRow, after: EventRow): EventChange[] {
  const changes: EventChange[] = [];
  if (before.startsAt.getTime() !== after.startsAt.getTime() || before.endsAt.getTime() !== after.endsAt.getTime())
    changes.push({ what: "When", was: eventWhen(before), now: eventWhen(after) });
  if (before.location !== after.location) changes.push({ what: "Where", was: before.location, now: after.location });
  return changes;
}

/**
 * Everyone holding a seat, a waitlist place or an offer gets an update: what changed, and a REQUEST
 * file for their registration's calendar entry (same UID, the SEQUENCE now higher), so the file they
 * imported from their confirmation moves too (RFC 5546 §2.1.4).
 */
async function mailUpdate(tx: Transaction, event: EventRow, changes: EventChange[]): Promise<number> {
  const rows = await tx
    .select({ registration: eventRegistrations, email: user.email })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, event.id), inArray(eventRegistrations.status, ["confirmed", "waitlisted", "offered"])));
  const host = new URL(siteUrl()).host;
  for (const { registration, email } of rows) {
    const entry = { ...registrationCalendarEntry(event, registration, host), attendeeEmail: email };
    await enqueueEmail(tx, { kind: "event-updated", to: email, ...eventUpdatedEmail(entry, host, changes, event.title) });
  }
  return rows.length;
}

/**
 * Saves an event's fields under its row lock, so registrations wait or go first: the capacity can
 * never drop below the seats taken (confirmed seats and offers on hold), and seats it adds are offered
 * to the waitlist in order. A changed event gets a higher SEQUENCE, so calendars update their entry.
 */
export async function updateEvent(db: Database, actor: Actor, eventId: number, form: EventForm, now = clock.now()): Promise<UpdateResult> {
  const { startsAt, endsAt } = eventInstants(form);
  const registrationOpensAt = openingInstant(form, startsAt);
  const result = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.cancelledAt) throw new FormError(EVENT_CANCELLED);
    if (event.endsAt <= now) throw new FormError(EVENT_OVER);
    if (startsAt.getTime() !== event.startsAt.getTime() && startsAt <= now) throw new FormError(START_IN_PAST, "date");
    if (form.capacity !== null && form.capacity < event.seatsTaken)
      throw new FormError(
        `${event.seatsTaken} ${event.seatsTaken === 1 ? "seat is" : "seats are"} taken (registrations and offers on hold), so the capacity cannot be lower than that.`,
        "capacity",
      );
    const fields = {
      title: form.title,
      category: form.category,
      description: form.description,
      instructor: form.instructor,
      location: form.location,
      startsAt,
      endsAt,
      capacity: form.capacity,
      registrationOpensAt,
      priorityDays: form.priorityWindowDays,
      eligibility: form.eligibility,
    };
    // Who may register and from when apply to new registrations; seats already taken stay.
    const changed =
      fields.title !== event.title ||
      fields.category !== event.category ||
      fields.description !== event.description ||
      fields.instructor !== event.instructor ||
      fields.location !== event.location ||
      startsAt.getTime() !== event.startsAt.getTime() ||
      endsAt.getTime() !== event.endsAt.getTime() ||
      fields.capacity !== event.capacity ||
      registrationOpensAt?.getTime() !== event.registrationOpensAt?.getTime() ||
      fields.priorityDays !== event.priorityDays ||
      fields.eligibility !== event.eligibility;
    if (!changed) return { changed: false, offered: 0, notified: 0 };
    // The WHERE repeats the rule on the row as it is now (the lock makes it the same), and the CHECK backs both.
    const [updated] = await tx
      .update(events)
      .set({ ...fields, sequence: sql`${events.sequence} + 1`, updatedAt: now })
      .where(and(eq(events.id, eventId), form.capacity === null ? undefined : sql`${events.seatsTaken} <= ${form.capacity}`))
      .returning();
    if (!updated) throw new FormError("The seats taken changed meanwhile; look again and retry.", "capacity");
    const grew = updated.capacity === null || (event.capacity !== null && updated.capacity > event.capacity);
    const offered = grew ? await offerNewSeats(tx, updated, now) : 0;
    const changes = changesOf(event, updated);
    const notified = changes.length > 0 ? await mailUpdate(tx, updated, changes) : 0;
    await recordAudit(tx, actor, {
      action: "event.update",
      recordType: "event",
      recordId: String(eventId),
      before: snapshot(event),
      after: { ...snapshot(updated), ...(offered > 0 ? { offeredFromWaitlist: offered } : {}), ...(notified > 0 ? { notified } : {}) },
    });
    return { changed: true, offered, notified };
  });
  if (result.offered > 0 || result.notified > 0) void kickEmailDelivery();
  return result;
}

/**
 * Cancels an event: it stays listed as cancelled and refuses registrations; every seat, waitlist place
 * and offer is cancelled (a higher SEQUENCE for each), and each of those people is emailed a
 * METHOD:CANCEL file for the same calendar entry (UID) their confirmation and private feed carry, with
 * the staff's reason when one is given. Their registrations stay, cancelled, so the desk still lists them.
 */
export async function cancelEvent(db: Database, actor: Actor, eventId: number, now = clock.now(), reason?: string): Promise<{ notified: number }> {
  const result = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.cancelledAt) throw new FormError(EVENT_CANCELLED);
    if (event.endsAt <= now) throw new FormError(EVENT_OVER);
    const [cancelled] = await tx
      .update(events)
      .set({ cancelledAt: now, seatsTaken: 0, sequence: sql`${events.sequence} + 1`, updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    const registered = await tx
      .select({ id: eventRegistrations.id, status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, ["confirmed", "waitlisted", "offered"])))
      .for("update");
    const host = new URL(siteUrl()).host;
    for (const { id } of registered) {
      await markCancelled(tx, id, "event-cancelled", now);
      const [row] = await tx
        .select({ registration: eventRegistrations, email: user.email })
        .from(eventRegistrations)
        .innerJoin(user, eq(user.id, eventRegistrations.userId))
        .where(eq(eventRegistrations.id, id));
      if (!row) continue;
      await enqueueEmail(tx, { kind: "event-cancelled", to: row.email, ...eventCancelledEmail(registrationCalendarEntry(cancelled!, row.registration, host), host, reason) });
    }
    await recordAudit(tx, actor, {
      action: "event.cancel",
      recordType: "event",
      recordId: String(eventId),
      before: snapshot(event),
      after: { ...snapshot(cancelled!), notified: registered.length, ...(reason ? { reason } : {}) },
    });
    return { notified: registered.length };
  });
  void kickEmailDelivery();
  return result;
}

/** One email per confirmed attendee, through the outbox, with the event's details under the message. */
export async function emailAttendees(db: Database, actor: Actor, eventId: number, message: { subject: string; message: string }): Promise<{ sent: number }> {
  const result = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const attendees = await tx
      .select({ email: user.email })
      .from(eventRegistrations)
      .innerJoin(user, eq(user.id, eventRegistrations.userId))
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "confirmed")));
    if (attendees.length === 0) throw new FormError(NOBODY_REGISTERED);
    const content = attendeeMessageEmail(icalOf(event), message.subject, message.message);
    for (const { email } of attendees) await enqueueEmail(tx, { kind: "event-attendee-message", to: email, ...content });
    await recordAudit(tx, actor, {
      action: "event.email-attendees",
      recordType: "event",
      recordId: String(eventId),
      after: { subject: message.subject, recipients: attendees.length },
    });
    return { sent: attendees.length };
  });
  void kickEmailDelivery();
  return result;
}
