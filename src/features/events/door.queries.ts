import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { eventRegistrations, eventWalkIns } from "@/db/schema/events";
import { formatShortDateTimeZone } from "@/lib/time";

const nameOf = (name: string, email: string) => name.trim() || email;

/** Someone on the event's waitlist, or holding an offered seat, in the order seats go to them. */
export interface DoorWaiting {
  registrationId: number;
  name: string;
  email: string;
  /** "Seat on hold" for an offer, "Number 2 in line" for the waitlist. */
  place: string;
}

export interface DoorWalkIn {
  id: number;
  name: string;
  email: string;
  checkedInAt: Date;
}

/**
 * A scanned QR code whose registration has no seat at this event: the volunteer is told why instead
 * of seeing nothing. `message` is what the door page says.
 */
export interface ScannedWithoutSeat {
  name: string;
  email: string;
  message: string;
}

const cancellationWhy = {
  member: "by the member",
  "offer-expired": "when the seat offered from the waitlist was not claimed in time",
  "event-cancelled": "when the event was canceled",
} as const;

/** The waitlist at the door: offers on hold first, then the line in order. */
export async function listDoorWaiting(db: Database, eventId: number): Promise<DoorWaiting[]> {
  const rows = await db
    .select({ id: eventRegistrations.id, status: eventRegistrations.status, name: user.name, email: user.email })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, ["offered", "waitlisted"])))
    .orderBy(asc(eventRegistrations.waitlistSeq), asc(eventRegistrations.id));
  const offered = rows.filter((r) => r.status === "offered");
  const line = rows.filter((r) => r.status === "waitlisted");
  return [
    ...offered.map((r) => ({ registrationId: r.id, name: nameOf(r.name, r.email), email: r.email, place: "Seat on hold" })),
    ...line.map((r, i) => ({ registrationId: r.id, name: nameOf(r.name, r.email), email: r.email, place: `Number ${i + 1} in line` })),
  ];
}

/** The walk-ins added at the door, in the order they came. */
export async function listDoorWalkIns(db: Database, eventId: number): Promise<DoorWalkIn[]> {
  return db
    .select({ id: eventWalkIns.id, name: eventWalkIns.name, email: eventWalkIns.email, checkedInAt: eventWalkIns.checkedInAt })
    .from(eventWalkIns)
    .where(eq(eventWalkIns.eventId, eventId))
    .orderBy(asc(eventWalkIns.checkedInAt), asc(eventWalkIns.id));
}

/**
 * What a scanned registration of this event is when it holds no seat: cancelled (with when, in the
 * event's zone, and why) or waiting. Undefined for a confirmed one (the list shows it) or another event's.
 */
export async function findScannedWithoutSeat(db: Database, eventId: number, registrationId: number, timeZone: string): Promise<ScannedWithoutSeat | undefined> {
  const [row] = await db
    .select({ registration: eventRegistrations, name: user.name, email: user.email })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)));
  if (!row || row.registration.status === "confirmed") return undefined;
  const { registration: r } = row;
  const name = nameOf(row.name, row.email);
  if (r.status === "cancelled") {
    // Every status change stamps updated_at (markCancelled), so for a cancelled row it is when it was cancelled.
    const why = r.cancellation ? ` ${cancellationWhy[r.cancellation]}` : "";
    return { name, email: row.email, message: `This registration was canceled on ${formatShortDateTimeZone(r.updatedAt, timeZone)}${why}. ${name} has no seat: do not check them in.` };
  }
  return {
    name,
    email: row.email,
    message:
      r.status === "offered"
        ? `${name} has been offered a seat but has not claimed it yet, so they are not registered. They can claim it from the offer email now.`
        : `${name} is on the waitlist, not registered: they have no seat yet.`,
  };
}
