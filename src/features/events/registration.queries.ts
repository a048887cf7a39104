import "server-only";
import { and, asc, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { getDb, type Database } from "@/db/client";
import { eventRegistrations, events } from "@/db/schema/events";
import { benefitPlan, benefitPlanOfRequest, type PaidPlan } from "@/features/memberships/membership-plans.service";
import { toEventSummary, type EventSummary } from "./events.queries";
import { registrationRefusal, type RegistrationWindow } from "./registration-window";
import * as clock from "@/lib/clock";
import { ASSOCIATION_TIME_ZONE, formatWeekdayMonthDayTime, formatZoneAbbreviation } from "@/lib/time";

/**
 * What a member has at one event, shaped for the registration controls. `notYet`: why this member may
 * not register now (the opening time for their plan, or the plans allowed), said instead of a button.
 * `announced`: what their last press of a button without JavaScript did (registration-outcome.ts).
 */
export type MemberRegistration = (
  | { status: "none"; notYet?: string }
  | { status: "confirmed" }
  | { status: "waitlisted"; position: number }
  | { status: "offered"; offerExpiresAtIso: string; offerExpiresLabel: string }
) & { announced?: string };

export const NOT_REGISTERED: MemberRegistration = { status: "none" };

function registrationColumns() {
  return {
    eventId: eventRegistrations.eventId,
    status: eventRegistrations.status,
    offerExpiresAt: eventRegistrations.offerExpiresAt,
    // 1 for the first person in line; the queue is the event's waitlisted rows in waitlist_seq order.
    // Written out: Drizzle leaves single-table columns unqualified, which inside the subquery would mean "queue".
    position: sql<number>`(
      select count(*)::int from event_registrations as queue
      where queue.event_id = "event_registrations"."event_id" and queue.status = 'waitlisted'
        and queue.waitlist_seq <= "event_registrations"."waitlist_seq"
    )`,
  };
}

type RegistrationColumns = { status: (typeof eventRegistrations.$inferSelect)["status"]; offerExpiresAt: Date | null; position: number };

export function formatOfferExpiry(expiresAt: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return `${formatWeekdayMonthDayTime(expiresAt, timeZone)} ${formatZoneAbbreviation(timeZone, expiresAt)}`;
}

function toMemberRegistration(row: RegistrationColumns): MemberRegistration {
  switch (row.status) {
    case "confirmed":
      return { status: "confirmed" };
    case "waitlisted":
      return { status: "waitlisted", position: row.position };
    case "offered":
      return {
        status: "offered",
        offerExpiresAtIso: row.offerExpiresAt!.toISOString(),
        offerExpiresLabel: formatOfferExpiry(row.offerExpiresAt!),
      };
    case "cancelled":
      return NOT_REGISTERED;
  }
}

type EventWindow = RegistrationWindow & { id: number };

/** The member's registration at each event, from each event's window beside their row there (none: a left join's nulls). */
function registrationsOf(rows: { window: EventWindow; registration: RegistrationColumns | null }[], plan: PaidPlan | null, now: Date): Map<number, MemberRegistration> {
  const registrations = new Map<number, MemberRegistration>();
  for (const { window, registration } of rows) {
    if (registration) {
      registrations.set(window.id, toMemberRegistration(registration));
      continue;
    }
    const notYet = registrationRefusal(window, plan, now);
    if (notYet) registrations.set(window.id, { status: "none", notYet });
  }
  return registrations;
}

/** The member's row at each event, if any: left-joined to the events. */
const memberRow = (userId: string) => and(eq(eventRegistrations.eventId, events.id), eq(eventRegistrations.userId, userId), ne(eventRegistrations.status, "cancelled"));

/**
 * The member's registrations at the given events, by event id. An event they are not registered for is
 * absent, unless their plan may not register for it at `now` (priority window, member-only): then it
 * says why, as the registration transaction would refuse. One statement: each event's window beside the
 * member's registration there. `planOf`: how to read the member's plan, when the caller has it at hand.
 */
export async function getMemberRegistrations(
  db: Database,
  userId: string,
  eventIds: number[],
  now: Date = clock.now(),
  planOf: () => Promise<PaidPlan | null> = () => benefitPlan(db, userId, now),
): Promise<Map<number, MemberRegistration>> {
  if (eventIds.length === 0) return new Map();
  const [rows, memberPlan] = await Promise.all([
    db
      .select({
        window: { id: events.id, registrationOpensAt: events.registrationOpensAt, priorityDays: events.priorityDays, eligibility: events.eligibility, timeZone: events.timeZone },
        registration: registrationColumns(),
      })
      .from(events)
      .leftJoin(eventRegistrations, memberRow(userId))
      .where(inArray(events.id, eventIds)),
    planOf(),
  ]);
  return registrationsOf(rows, memberPlan, now);
}

export interface EventsWithRegistrations {
  events: EventSummary[];
  registrations: Map<number, MemberRegistration>;
}

/**
 * These events and the member's registration at each (as getMemberRegistrations says it), in one
 * statement: the events beside the member's rows there. What a member's parts of the calendar and event
 * pages are made from (ADR 0025).
 */
export async function getEventsWithMemberRegistrations(
  db: Database,
  userId: string,
  eventIds: number[],
  now: Date = clock.now(),
  planOf: () => Promise<PaidPlan | null> = () => benefitPlan(db, userId, now),
): Promise<EventsWithRegistrations> {
  if (eventIds.length === 0) return { events: [], registrations: new Map() };
  const [rows, memberPlan] = await Promise.all([
    db.select({ event: events, registration: registrationColumns() }).from(events).leftJoin(eventRegistrations, memberRow(userId)).where(inArray(events.id, eventIds)),
    planOf(),
  ]);
  const windows = rows.map(({ event, registration }) => ({ window: event, registration }));
  return { events: rows.map(({ event }) => toEventSummary(event, now)), registrations: registrationsOf(windows, memberPlan, now) };
}

/** The same, for the page being rendered (the member's plan read once for it). */
export function eventsWithMemberRegistrationsOfRequest(userId: string, eventIds: number[]): Promise<EventsWithRegistrations> {
  const now = clock.now();
  return getEventsWithMemberRegistrations(getDb(), userId, eventIds, now, () => benefitPlanOfRequest(userId));
}

/** The signed-in member's registrations at these events, for the page being rendered (their plan read once for it). */
export function memberRegistrationsOfRequest(userId: string, eventIds: number[]): Promise<Map<number, MemberRegistration>> {
  const now = clock.now();
  return getMemberRegistrations(getDb(), userId, eventIds, now, () => benefitPlanOfRequest(userId));
}

export interface MyEvent {
  event: EventSummary;
  registration: MemberRegistration;
  /** Set for a cancelled registration of an event still to come (it stays listed, to register again). */
  cancelled?: "member" | "offer-expired" | "event-cancelled";
}

/**
 * The member's registrations, waitlist places and offers, soonest event first. Cancellations are
 * listed while the event is still to come, so the member sees what happened and can register again.
 */
export async function listMyEvents(db: Database, userId: string, now = clock.now()): Promise<MyEvent[]> {
  const rows = await db
    .select({ ...registrationColumns(), cancellation: eventRegistrations.cancellation, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), or(ne(eventRegistrations.status, "cancelled"), gt(events.endsAt, now))))
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map((row) => ({
    event: toEventSummary(row.event, now),
    registration: toMemberRegistration(row),
    ...(row.cancellation ? { cancelled: row.cancellation } : {}),
  }));
}
