import "server-only";
import { asc, count, eq, gte } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events } from "@/db/schema/events";
import { siteUrl } from "@/lib/env";
import { formatEventDate, formatEventTimeRange } from "@/lib/time";
import { googleCalendarUrl } from "./calendar-links";
import { eventCategoryLabels, type CalendarQuery, type EventCategory } from "./events.schema";
import type { IcalEvent } from "./ical";

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
  startsAtIso: string;
  endsAtIso: string;
  /** Null means unlimited. */
  capacity: number | null;
  spotsLabel: string;
  detailPath: string;
  icsPath: string;
  googleCalendarUrl: string;
}

type EventRow = typeof events.$inferSelect;

export function eventPath(id: number): string {
  return `/calendar/${id}`;
}

function spotsLabel(capacity: number | null): string {
  if (capacity === null) return "Unlimited";
  return `${capacity} ${capacity === 1 ? "spot" : "spots"} available`;
}

function toSummary(row: EventRow): EventSummary {
  const detailPath = eventPath(row.id);
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
    startsAtIso: row.startsAt.toISOString(),
    endsAtIso: row.endsAt.toISOString(),
    capacity: row.capacity,
    spotsLabel: spotsLabel(row.capacity),
    detailPath,
    icsPath: `${detailPath}/event.ics`,
    googleCalendarUrl: googleCalendarUrl(row, `${siteUrl()}${detailPath}`),
  };
}

function toIcal(row: EventRow): IcalEvent {
  return { ...row, url: `${siteUrl()}${eventPath(row.id)}` };
}

export async function listEvents(query: CalendarQuery): Promise<EventSummary[]> {
  const rows = await getDb()
    .select()
    .from(events)
    .where(query.category ? eq(events.category, query.category) : undefined)
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map(toSummary);
}

export async function countEventsByCategory(): Promise<{ all: number } & Record<EventCategory, number>> {
  const rows = await getDb().select({ category: events.category, n: count() }).from(events).groupBy(events.category);
  const counts = { all: 0, firearms: 0, fitness: 0, medical: 0, community: 0 };
  for (const row of rows) {
    counts[row.category] = row.n;
    counts.all += row.n;
  }
  return counts;
}

export async function listUpcomingEvents(limit = 3, now = new Date()): Promise<EventSummary[]> {
  const rows = await getDb().select().from(events).where(gte(events.endsAt, now)).orderBy(asc(events.startsAt)).limit(limit);
  return rows.map(toSummary);
}

export async function getEvent(id: number): Promise<EventSummary | undefined> {
  const [row] = await getDb().select().from(events).where(eq(events.id, id)).limit(1);
  return row ? toSummary(row) : undefined;
}

export async function getIcalEvent(id: number): Promise<IcalEvent | undefined> {
  const [row] = await getDb().select().from(events).where(eq(events.id, id)).limit(1);
  return row ? toIcal(row) : undefined;
}

export async function listIcalEvents(): Promise<IcalEvent[]> {
  const rows = await getDb().select().from(events).orderBy(asc(events.startsAt));
  return rows.map(toIcal);
}

export async function listEventIds(): Promise<number[]> {
  const rows = await getDb().select({ id: events.id }).from(events);
  return rows.map((r) => r.id);
}
