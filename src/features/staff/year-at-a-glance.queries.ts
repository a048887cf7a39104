import "server-only";
import { and, count, eq, gte, isNotNull, isNull, lt, lte, notExists, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { donations } from "@/db/schema/donations";
import { eventRegistrations, eventWalkIns, events } from "@/db/schema/events";
import { membershipDeskPayments } from "@/db/schema/memberships";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { memberships, orders } from "@/db/schema/orders";
import { getEnv } from "@/lib/env";
import { ASSOCIATION_TIME_ZONE } from "@/lib/time";
import { monthStart, shiftMonth, yearBefore, type Month, type MonthRange } from "./year-range";

/**
 * The series behind "the year at a glance" (/admin/year): one function per chart, each returning plain
 * numbers by month (money in cents), months counted in the association's time zone.
 */

/** "2027-06": the month a timestamp falls in, in the association's zone (the zone is ours, never typed). */
function monthOf(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${ASSOCIATION_TIME_ZONE}'`)}, 'YYYY-MM')`;
}

/** A sum or count read as a JavaScript number (PostgreSQL sums integers as bigint, which pg returns as text). */
function total(expression: SQL): SQL<number> {
  return sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);
}

/** `[start, end)` of a range of months. */
function bounds(range: MonthRange): { start: Date; end: Date } {
  return { start: monthStart(range.from), end: monthStart(shiftMonth(range.to, 1)) };
}

/** Rows of (month, value) as a map, each month of `months` present (0 when nothing happened). */
function byMonth(months: readonly Month[], rows: readonly { month: string; value: number }[]): Map<Month, number> {
  const found = new Map(rows.map((row) => [row.month, row.value]));
  return new Map(months.map((month) => [month, found.get(month) ?? 0]));
}

export interface MoneyMonth {
  month: Month;
  giftsCents: number;
  salesCents: number;
}

export interface GiftsAndSales {
  /** The chosen months. */
  months: MoneyMonth[];
  /** The same months a year before, in the same order. */
  yearBefore: MoneyMonth[];
}

/**
 * Money received by month, and the same months a year before. Gifts: donations received (a refunded gift
 * is left out: the money went back). Sales: paid orders from the shop and membership upgrades by the day
 * they were paid (refunded ones left out), and membership dues recorded at the desk (not complimentary ones).
 */
export async function giftsAndSalesByMonth(db: Database, range: MonthRange): Promise<GiftsAndSales> {
  const before = yearBefore(range);
  const start = monthStart(before.from);
  const { end } = bounds(range);
  const giftMonth = monthOf(donations.paidAt);
  const orderMonth = monthOf(orders.paidAt);
  const duesMonth = monthOf(membershipDeskPayments.recordedAt);
  const [gifts, sales, dues] = await Promise.all([
    db
      .select({ month: giftMonth, value: total(sql`sum(${donations.totalCents})`) })
      .from(donations)
      .where(and(eq(donations.status, "paid"), gte(donations.paidAt, start), lt(donations.paidAt, end)))
      .groupBy(giftMonth),
    db
      .select({ month: orderMonth, value: total(sql`sum(${orders.totalCents})`) })
      .from(orders)
      .where(and(eq(orders.status, "paid"), gte(orders.paidAt, start), lt(orders.paidAt, end)))
      .groupBy(orderMonth),
    db
      .select({ month: duesMonth, value: total(sql`sum(${membershipDeskPayments.amountCents})`) })
      .from(membershipDeskPayments)
      .where(and(eq(membershipDeskPayments.complimentary, false), gte(membershipDeskPayments.recordedAt, start), lt(membershipDeskPayments.recordedAt, end)))
      .groupBy(duesMonth),
  ]);
  const all = [...before.months, ...range.months];
  const giftCents = byMonth(all, gifts);
  const orderCents = byMonth(all, sales);
  const duesCents = byMonth(all, dues);
  const money = (month: Month): MoneyMonth => ({ month, giftsCents: giftCents.get(month)!, salesCents: orderCents.get(month)! + duesCents.get(month)! });
  return { months: range.months.map(money), yearBefore: before.months.map(money) };
}

export interface PlanStanding {
  plan: "premium" | "elite";
  active: number;
  grace: number;
  lapsed: number;
}

export interface MembersByPlan {
  plans: PlanStanding[];
  /** Accounts that have never had a paid plan (on the free Basic plan). */
  basic: number;
}

/**
 * Every account today, by plan and standing (ADR 0019): a paid membership is active until it expires, in
 * grace for MEMBERSHIP_GRACE_DAYS after, then lapsed (the same dates the memberships desk filters by).
 */
export async function membersByPlanAndStanding(db: Database, now: Date): Promise<MembersByPlan> {
  const graceStart = new Date(now.getTime() - getEnv().MEMBERSHIP_GRACE_DAYS * 86_400_000);
  const [rows, [basic]] = await Promise.all([
    db
      .select({
        plan: memberships.plan,
        active: total(sql`count(*) filter (where ${memberships.renewsOn} > ${now})`),
        grace: total(sql`count(*) filter (where ${memberships.renewsOn} <= ${now} and ${memberships.renewsOn} > ${graceStart})`),
        lapsed: total(sql`count(*) filter (where ${memberships.renewsOn} <= ${graceStart})`),
      })
      .from(memberships)
      .groupBy(memberships.plan),
    db
      .select({ value: count() })
      .from(user)
      .where(notExists(db.select({ one: sql`1` }).from(memberships).where(eq(memberships.userId, user.id)))),
  ]);
  const plan = (name: PlanStanding["plan"]): PlanStanding => {
    const row = rows.find((candidate) => candidate.plan === name);
    return { plan: name, active: row?.active ?? 0, grace: row?.grace ?? 0, lapsed: row?.lapsed ?? 0 };
  };
  return { plans: [plan("premium"), plan("elite")], basic: basic?.value ?? 0 };
}

export interface AttendanceMonth {
  month: Month;
  /** Events held: started in the month, over by now, not canceled. */
  events: number;
  /** Seats of those with a limit; `unlimited` counts the others. */
  seats: number;
  unlimited: number;
  /** Confirmed registrations, and how many of them were checked in at the door. */
  registered: number;
  checkedIn: number;
  /** People added at the door without registering (checked in as they were added). */
  walkIns: number;
}

/** Events held in each month (by their start, in the association's zone): seats, registrations, check-ins and walk-ins. */
export async function attendanceByMonth(db: Database, range: MonthRange, now: Date): Promise<AttendanceMonth[]> {
  const { start, end } = bounds(range);
  const registrations = db
    .select({
      eventId: eventRegistrations.eventId,
      registered: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'confirmed')`.as("registered"),
      checkedIn: sql<number>`count(*) filter (where ${eventRegistrations.status} = 'confirmed' and ${eventRegistrations.checkedInAt} is not null)`.as("checked_in"),
    })
    .from(eventRegistrations)
    .groupBy(eventRegistrations.eventId)
    .as("registrations");
  const walkIns = db
    .select({ eventId: eventWalkIns.eventId, walkIns: sql<number>`count(*)`.as("walk_ins") })
    .from(eventWalkIns)
    .groupBy(eventWalkIns.eventId)
    .as("walk_ins");
  const month = monthOf(events.startsAt);
  const rows = await db
    .select({
      month,
      events: total(sql`count(*)`),
      seats: total(sql`sum(${events.capacity})`),
      unlimited: total(sql`count(*) filter (where ${events.capacity} is null)`),
      registered: total(sql`sum(${registrations.registered})`),
      checkedIn: total(sql`sum(${registrations.checkedIn})`),
      walkIns: total(sql`sum(${walkIns.walkIns})`),
    })
    .from(events)
    .leftJoin(registrations, eq(registrations.eventId, events.id))
    .leftJoin(walkIns, eq(walkIns.eventId, events.id))
    .where(and(gte(events.startsAt, start), lt(events.startsAt, end), lte(events.endsAt, now), isNull(events.cancelledAt)))
    .groupBy(month);
  return range.months.map((m) => {
    const row = rows.find((candidate) => candidate.month === m);
    return {
      month: m,
      events: row?.events ?? 0,
      seats: row?.seats ?? 0,
      unlimited: row?.unlimited ?? 0,
      registered: row?.registered ?? 0,
      checkedIn: row?.checkedIn ?? 0,
      walkIns: row?.walkIns ?? 0,
    };
  });
}

export interface SubscriberMonth {
  month: Month;
  /** Confirmed subscribers at the month's end (today, for this month). */
  subscribers: number;
  /** Of them, those who confirmed in the month. */
  joined: number;
}

/**
 * Confirmed newsletter subscribers at each month's end. Unsubscribing deletes the address (the consent
 * record goes with it), so these count the addresses still on the list by when they confirmed: a past
 * month reads lower than it was by those who have left since.
 */
export async function subscribersByMonth(db: Database, range: MonthRange, now: Date): Promise<SubscriberMonth[]> {
  const { start, end } = bounds(range);
  const until = end < now ? end : now;
  const confirmed = newsletterSubscribers.confirmedAt;
  const month = monthOf(confirmed);
  const [[earlier], rows] = await Promise.all([
    db.select({ value: count() }).from(newsletterSubscribers).where(and(isNotNull(confirmed), lt(confirmed, start), lt(confirmed, until))),
    db
      .select({ month, value: total(sql`count(*)`) })
      .from(newsletterSubscribers)
      .where(and(gte(confirmed, start), lt(confirmed, until)))
      .groupBy(month),
  ]);
  const joined = byMonth(range.months, rows);
  let running = earlier?.value ?? 0;
  return range.months.map((m) => {
    running += joined.get(m)!;
    return { month: m, subscribers: running, joined: joined.get(m)! };
  });
}
