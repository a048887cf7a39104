import "server-only";
import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { eventRegistrations, eventWalkIns, events } from "@/db/schema/events";
import { memberProfiles } from "@/db/schema/members";
import { formatEventDate, formatEventTimeRange } from "@/lib/time";
import { checkInState, describeCheckInWindow, type CheckInState } from "./check-in-window";
import { listDoorWalkIns, type DoorWalkIn } from "./door.queries";
import { eventCategoryLabels, type EventCategory } from "./events.schema";
import type { Eligibility } from "./registration-window";

type EventRow = typeof events.$inferSelect;

export interface DeskEventRow {
  id: number;
  title: string;
  categoryLabel: string;
  date: string;
  timeRange: string;
  location: string;
  capacity: number | null;
  confirmed: number;
  waitlisted: number;
  /** Registered attendees checked in, and walk-ins added at the door (who are checked in as they are added). */
  checkedIn: number;
  cancelled: boolean;
  ended: boolean;
}

/** The form's fields as the inputs show them: date and times in the event's zone. */
export interface EventFormValues {
  title: string;
  category: EventCategory;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  instructor: string;
  description: string;
  capacity: string;
  unlimited: boolean;
  opens: "now" | "later";
  opensDate: string;
  opensTime: string;
  priorityDays: string;
  eligibility: Eligibility;
}

export interface DeskAttendee {
  registrationId: number;
  name: string;
  email: string;
  registeredAt: Date;
  checkedInAt: Date | null;
}

/** An attendee as the events desk lists them: with the profile's phone, and whether the event's cancellation cancelled their seat. */
export interface DeskEventAttendee extends DeskAttendee {
  phone: string;
  cancelled: boolean;
}

export interface DeskWaiting {
  registrationId: number;
  position: number;
  name: string;
  email: string;
  phone: string;
  /** "cancelled": they were waiting (or held an offer) when the event was cancelled. */
  status: "waitlisted" | "offered" | "cancelled";
  offerExpiresAt: Date | null;
}

export interface DeskEvent extends DeskEventRow {
  seatsTaken: number;
  startsAt: Date;
  values: EventFormValues;
  attendees: DeskEventAttendee[];
  waiting: DeskWaiting[];
  /** People added at the door without a registration, in the order they came. */
  walkIns: DoorWalkIn[];
}

const counts = {
  confirmed: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'confirmed')::int`,
  waitlisted: sql<number>`count(*) filter (where ${eventRegistrations.status} in ('waitlisted', 'offered'))::int`,
  checkedIn: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'confirmed' and ${eventRegistrations.checkedInAt} is not null)::int`,
};

/** The desk's list counts walk-ins with the checked in (the door's count does the same). */
const walkInCount = sql<number>`(select count(*) from ${eventWalkIns} where ${eventWalkIns.eventId} = ${events.id})::int`;

function toRow(event: EventRow, c: { confirmed: number; waitlisted: number; checkedIn: number }, now: Date): DeskEventRow {
  return {
    id: event.id,
    title: event.title,
    categoryLabel: eventCategoryLabels[event.category],
    date: formatEventDate(event.startsAt, event.timeZone),
    timeRange: formatEventTimeRange(event.startsAt, event.endsAt, event.timeZone),
    location: event.location,
    capacity: event.capacity,
    confirmed: c.confirmed,
    waitlisted: c.waitlisted,
    checkedIn: c.checkedIn,
    cancelled: event.cancelledAt !== null,
    ended: event.endsAt <= now,
  };
}

/** Events still to come (soonest first) or past ones (latest first), with their registration counts. */
export async function listDeskEvents(db: Database, now: Date, which: "upcoming" | "past", limit = 200): Promise<DeskEventRow[]> {
  const rows = await db
    .select({ event: events, ...counts, walkIns: walkInCount })
    .from(events)
    .leftJoin(eventRegistrations, eq(eventRegistrations.eventId, events.id))
    .where(which === "upcoming" ? gt(events.endsAt, now) : lte(events.endsAt, now))
    .groupBy(events.id)
    .orderBy(which === "upcoming" ? asc(events.startsAt) : desc(events.startsAt), asc(events.id))
    .limit(limit);
  return rows.map((r) => toRow(r.event, { ...r, checkedIn: r.checkedIn + r.walkIns }, now));
}

export function formValuesOf(event: EventRow): EventFormValues {
  const start = DateTime.fromJSDate(event.startsAt, { zone: event.timeZone });
  const end = DateTime.fromJSDate(event.endsAt, { zone: event.timeZone });
  const opens = event.registrationOpensAt && DateTime.fromJSDate(event.registrationOpensAt, { zone: event.timeZone });
  return {
    title: event.title,
    category: event.category,
    date: start.toFormat("yyyy-MM-dd"),
    startTime: start.toFormat("HH:mm"),
    endTime: end.toFormat("HH:mm"),
    location: event.location,
    instructor: event.instructor,
    description: event.description,
    capacity: event.capacity === null ? "" : String(event.capacity),
    unlimited: event.capacity === null,
    opens: opens ? "later" : "now",
    opensDate: opens ? opens.toFormat("yyyy-MM-dd") : "",
    opensTime: opens ? opens.toFormat("HH:mm") : "",
    priorityDays: event.priorityDays === null ? "" : String(event.priorityDays),
    eligibility: event.eligibility,
  };
}

const nameOf = (name: string, email: string) => name.trim() || email;

/**
 * One event for the desk: its form values, attendees (by name) and waitlist (in queue order). A
 * cancelled event keeps the people its cancellation cancelled, marked so, so staff can still reach
 * them: those who held a seat (confirmed once) as attendees, the others as the waitlist.
 */
export async function getDeskEvent(db: Database, id: number, now: Date): Promise<DeskEvent | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  if (!event) return undefined;
  const listed = event.cancelledAt
    ? and(eq(eventRegistrations.status, "cancelled"), eq(eventRegistrations.cancellation, "event-cancelled"))
    : inArray(eventRegistrations.status, ["confirmed", "waitlisted", "offered"]);
  const [registrations, walkIns] = await Promise.all([
    db
      .select({ registration: eventRegistrations, name: user.name, email: user.email, phone: memberProfiles.phone })
      .from(eventRegistrations)
      .innerJoin(user, eq(user.id, eventRegistrations.userId))
      .leftJoin(memberProfiles, eq(memberProfiles.userId, eventRegistrations.userId))
      .where(and(eq(eventRegistrations.eventId, id), listed))
      .orderBy(asc(eventRegistrations.waitlistSeq), asc(eventRegistrations.confirmedAt), asc(eventRegistrations.id)),
    listDoorWalkIns(db, id),
  ]);
  const attendees: DeskEventAttendee[] = [];
  const waiting: DeskWaiting[] = [];
  for (const { registration: r, name, email, phone: profilePhone } of registrations) {
    const person = { registrationId: r.id, name: nameOf(name, email), email, phone: profilePhone?.trim() ?? "" };
    const cancelled = r.status === "cancelled";
    if (r.status === "confirmed" || (cancelled && r.confirmedAt)) {
      attendees.push({ ...person, registeredAt: r.confirmedAt ?? r.createdAt, checkedInAt: r.checkedInAt, cancelled });
    } else if (r.status === "waitlisted" || r.status === "offered" || cancelled) {
      waiting.push({ ...person, position: 0, status: r.status, offerExpiresAt: r.offerExpiresAt });
    }
  }
  attendees.sort((a, b) => a.name.localeCompare(b.name, "en"));
  // Offers on hold first (they hold a seat), then the queue in order.
  waiting.sort((a, b) => (a.status === b.status ? 0 : a.status === "offered" ? -1 : b.status === "offered" ? 1 : 0));
  let place = 0;
  for (const w of waiting) if (w.status === "waitlisted") w.position = ++place;
  const active = attendees.filter((a) => !a.cancelled);
  const c = {
    confirmed: active.length,
    waitlisted: waiting.filter((w) => w.status !== "cancelled").length,
    checkedIn: active.filter((a) => a.checkedInAt).length + walkIns.length,
  };
  return { ...toRow(event, c, now), seatsTaken: event.seatsTaken, startsAt: event.startsAt, values: formValuesOf(event), attendees, waiting, walkIns };
}

export interface CheckInEvent {
  id: number;
  title: string;
  date: string;
  timeRange: string;
  location: string;
  confirmed: number;
  checkedIn: number;
  /** Where the event stands in its check-in window (check-in-window.ts), and the window in words. */
  checkIn: CheckInState;
  checkInWindow: string;
}

/**
 * Events for the door, not cancelled, soonest first: `soon` from 12 hours ago (late arrivals) to two
 * weeks ahead, `later` the next ones after that.
 */
export async function listCheckInEvents(db: Database, now: Date, laterLimit = 100): Promise<{ soon: CheckInEvent[]; later: CheckInEvent[] }> {
  const from = new Date(now.getTime() - 12 * 3_600_000);
  const to = new Date(now.getTime() + 14 * 86_400_000);
  const rows = await db
    .select({ event: events, ...counts })
    .from(events)
    .leftJoin(eventRegistrations, eq(eventRegistrations.eventId, events.id))
    .where(and(gt(events.endsAt, from), sql`${events.cancelledAt} is null`))
    .groupBy(events.id)
    .orderBy(asc(events.startsAt), asc(events.id));
  const toDoor = ({ event, confirmed, checkedIn }: (typeof rows)[number]): CheckInEvent => ({
    id: event.id,
    title: event.title,
    date: formatEventDate(event.startsAt, event.timeZone),
    timeRange: formatEventTimeRange(event.startsAt, event.endsAt, event.timeZone),
    location: event.location,
    confirmed,
    checkedIn,
    checkIn: checkInState(event, now),
    checkInWindow: describeCheckInWindow(event),
  });
  return { soon: rows.filter((r) => r.event.startsAt <= to).map(toDoor), later: rows.filter((r) => r.event.startsAt > to).slice(0, laterLimit).map(toDoor) };
}

export interface DoorList {
  event: Omit<CheckInEvent, "checkIn" | "checkInWindow"> & { cancelled: boolean };
  attendees: DeskAttendee[];
  /** The attendee the QR code named, when they are on this event's list. */
  highlighted?: DeskAttendee;
}

/** The door's list of one event: confirmed attendees whose name or email matches the search, by name. */
/** An event as the door's pages name it: title, date, times and place. */
export function doorEventHeading(event: EventRow): { id: number; title: string; date: string; timeRange: string; location: string } {
  return {
    id: event.id,
    title: event.title,
    date: formatEventDate(event.startsAt, event.timeZone),
    timeRange: formatEventTimeRange(event.startsAt, event.endsAt, event.timeZone),
    location: event.location,
  };
}

export async function getDoorList(db: Database, eventId: number, search: string, registrationId?: number): Promise<DoorList | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  const rows = await db
    .select({ registration: eventRegistrations, name: user.name, email: user.email })
    .from(eventRegistrations)
    .innerJoin(user, eq(user.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "confirmed")));
  const all: DeskAttendee[] = rows
    .map(({ registration: r, name, email }) => ({ registrationId: r.id, name: nameOf(name, email), email, registeredAt: r.confirmedAt ?? r.createdAt, checkedInAt: r.checkedInAt }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  const needle = search.toLowerCase();
  const attendees = needle ? all.filter((a) => a.name.toLowerCase().includes(needle) || a.email.toLowerCase().includes(needle)) : all;
  return {
    event: {
      ...doorEventHeading(event),
      confirmed: all.length,
      checkedIn: all.filter((a) => a.checkedInAt).length,
      cancelled: event.cancelledAt !== null,
    },
    attendees,
    highlighted: registrationId === undefined ? undefined : all.find((a) => a.registrationId === registrationId),
  };
}
