import "server-only";
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte } from "drizzle-orm";
import type { Database } from "@/db/client";
import { events } from "@/db/schema/events";
import { siteUrl } from "@/lib/env";
import { formatEventDate, formatEventTimeRange, formatIsoLocal, formatZoneName } from "@/lib/time";
import { googleCalendarUrl } from "./calendar-links";
import { eventPath } from "./event-paths";
import { eventCategoryLabels, type CalendarQuery, type EventCategory } from "./events.schema";
import type { IcalEvent } from "./ical";
import { registrationNotes } from "./registration-window";
import * as clock from "@/lib/clock";

export interface EventSummary {
  id: number;
  title: string;
  category: EventCategory;
  categoryLabel: string;
  description: string;
  instructor: string;
  location: string;
  date: string;
  timeRange: string;
  /** "Times are shown in Mountain Time (America/Denver).": the event's own zone, which its times are in. */
  timeZoneNote: string;
  /** Start and end in the event's zone with its offset ("2027-06-14T09:00:00-05:00"). */
  startsAtIso: string;
  endsAtIso: string;
  /** Null means unlimited. */
  capacity: number | null;
  /** Free seats right now; null when unlimited. */
  spotsLeft: number | null;
  /** "8 spots left", "Unlimited", "Full — join the waitlist", or "Registration closed" once it starts. */
  spotsLabel: string;
  /** open: registration is possible; started: under way, closed; ended: a past event; cancelled: called off by staff. */
  phase: EventPhase;
  /** Who may register and from when (priority window, member-only), e.g. "Opens to Premium and Elite members on …"; empty when open to all. */
  registrationNotes: string[];
  /** True when only some paid plans may register (a free account is not enough). */
  membersOnly: boolean;
  detailPath: string;
  icsPath: string;
  googleCalendarUrl: string;
}

export type EventPhase = "open" | "started" | "ended" | "cancelled";

type EventRow = typeof events.$inferSelect;

export const FULL_LABEL = "Full — join the waitlist";
export const CLOSED_LABEL = "Registration closed";
export const CANCELLED_LABEL = "Canceled";

export function eventPhase(row: Pick<EventRow, "startsAt" | "endsAt" | "cancelledAt">, now: Date): EventPhase {
  if (row.cancelledAt) return "cancelled";
  if (row.endsAt <= now) return "ended";
  return row.startsAt <= now ? "started" : "open";
}

export function spotsLabel(spotsLeft: number | null, phase: EventPhase): string {
  if (phase === "cancelled") return CANCELLED_LABEL;
  if (phase !== "open") return CLOSED_LABEL;
  if (spotsLeft === null) return "Unlimited";
  if (spotsLeft === 0) return FULL_LABEL;
  return `${spotsLeft} ${spotsLeft === 1 ? "spot" : "spots"} left`;
}

/** An event row reshaped for the UI, with live spots and its phase at `now`. */
export function toEventSummary(row: EventRow, now: Date): EventSummary {
  const detailPath = eventPath(row.id);
  const phase = eventPhase(row, now);
  const spotsLeft = row.capacity === null ? null : Math.max(0, row.capacity - row.seatsTaken);
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    categoryLabel: eventCategoryLabels[row.category],
    description: row.description,
    instructor: row.instructor,
    location: row.location,
    date: formatEventDate(row.startsAt, row.timeZone),
    timeRange: formatEventTimeRange(row.startsAt, row.endsAt, row.timeZone),
    timeZoneNote: `Times are shown in ${formatZoneName(row.timeZone, row.startsAt)} (${row.timeZone}).`,
    startsAtIso: formatIsoLocal(row.startsAt, row.timeZone),
    endsAtIso: formatIsoLocal(row.endsAt, row.timeZone),
    capacity: row.capacity,
    spotsLeft,
    spotsLabel: spotsLabel(spotsLeft, phase),
    phase,
    registrationNotes: phase === "open" ? registrationNotes(row, now) : [],
    membersOnly: row.eligibility !== "everyone",
    detailPath,
    icsPath: `${detailPath}/event.ics`,
    googleCalendarUrl: googleCalendarUrl(row, `${siteUrl()}${detailPath}`),
  };
}

/** A cancelled event stays in the public feeds as CANCELLED, so subscribed calendars strike it out. */
function toIcal(row: EventRow): IcalEvent {
  return { ...row, url: `${siteUrl()}${eventPath(row.id)}`, ...(row.cancelledAt ? { status: "cancelled" as const } : {}) };
}

/**
 * Events that have not ended, soonest first. A cancelled event leaves the calendar's lists (nobody can
 * attend it); its own page stays, saying it is cancelled, and feeds keep it as CANCELLED.
 */
export async function listEvents(db: Database, query: CalendarQuery, now = clock.now()): Promise<EventSummary[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(gt(events.endsAt, now), isNull(events.cancelledAt), query.category ? eq(events.category, query.category) : undefined))
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map((row) => toEventSummary(row, now));
}

/** Events that have ended, most recent first. */
export async function listPastEvents(db: Database, query: CalendarQuery, now = clock.now(), limit = 12): Promise<EventSummary[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(lte(events.endsAt, now), isNull(events.cancelledAt), query.category ? eq(events.category, query.category) : undefined))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(limit);
  return rows.map((row) => toEventSummary(row, now));
}

/** How many events that have not ended each category has. */
export async function countEventsByCategory(db: Database, now = clock.now()): Promise<{ all: number } & Record<EventCategory, number>> {
  const rows = await db
    .select({ category: events.category, n: count() })
    .from(events)
    .where(and(gt(events.endsAt, now), isNull(events.cancelledAt)))
    .groupBy(events.category);
  const counts = { all: 0, firearms: 0, fitness: 0, medical: 0, community: 0 };
  for (const row of rows) {
    counts[row.category] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/** The home page's teaser: the next events still on. */
export async function listUpcomingEvents(db: Database, limit = 3, now = clock.now()): Promise<EventSummary[]> {
  const rows = await db.select().from(events).where(and(gte(events.endsAt, now), isNull(events.cancelledAt))).orderBy(asc(events.startsAt)).limit(limit);
  return rows.map((row) => toEventSummary(row, now));
}

export async function getEvent(db: Database, id: number, now = clock.now()): Promise<EventSummary | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ? toEventSummary(row, now) : undefined;
}

/** The events with these ids that exist, in no particular order. */
export async function getEvents(db: Database, ids: number[], now = clock.now()): Promise<EventSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(events).where(inArray(events.id, ids));
  return rows.map((row) => toEventSummary(row, now));
}

export async function getIcalEvent(db: Database, id: number): Promise<IcalEvent | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ? toIcal(row) : undefined;
}

export async function listIcalEvents(db: Database, category?: EventCategory): Promise<IcalEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(category ? eq(events.category, category) : undefined)
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map(toIcal);
}

export async function listEventIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: events.id }).from(events);
  return rows.map((r) => r.id);
}
