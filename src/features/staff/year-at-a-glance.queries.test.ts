import { randomUUID } from "node:crypto";
import { count, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { donations } from "@/db/schema/donations";
import { eventRegistrations, eventWalkIns, events } from "@/db/schema/events";
import { membershipDeskPayments } from "@/db/schema/memberships";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { memberships, orders } from "@/db/schema/orders";
import { getEnv } from "@/lib/env";
import { membershipStanding } from "@/features/memberships/membership-plans.service";
import { ownDatabase, testDb } from "../../../test/db";
import { createEvent, createMembers } from "../../../test/events";
import { attendanceByMonth, giftsAndSalesByMonth, membersByPlanAndStanding, subscribersByMonth } from "./year-at-a-glance.queries";
import { parseMonthRange } from "./year-range";

/**
 * Each test keeps to years nothing else in the test database touches (2031 on), or to a database of its
 * own where it counts a whole table (accounts, subscribers).
 */
const DAY = 86_400_000;

/** The months from `from` to `to`, as the page gets them from its address. */
function months(from: string, to: string, now: Date) {
  const { range, errors } = parseMonthRange({ from, to }, now);
  expect(errors).toEqual({});
  return range;
}

async function account(db: Database): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, name: "Pat Member", email: `year-${id}@example.com`, emailVerified: true });
  return id;
}

async function gift(cents: number, paidAt: Date | null, status: "paid" | "refunded" | "pledged" = "paid") {
  const receipted = status !== "pledged";
  await testDb()
    .insert(donations)
    .values({
      frequency: "one_time",
      donorName: "Morgan Lee",
      donorEmail: "morgan@example.com",
      amountCents: cents,
      totalCents: cents,
      status,
      paymentMethod: "offline",
      receiptNumber: receipted ? `Y-${randomUUID()}` : null,
      paidAt,
      refundedAt: status === "refunded" ? paidAt : null,
    });
}

async function order(cents: number, paidAt: Date | null, status: "paid" | "refunded" | "awaiting_payment" = "paid") {
  await testDb().insert(orders).values({
    email: "buyer@example.com",
    contactName: "Sam Buyer",
    phone: "210 555 0100",
    fulfilment: "none",
    subtotalCents: cents,
    shippingCents: 0,
    totalCents: cents,
    status,
    paymentMethod: "pay_later",
    idempotencyKey: randomUUID(),
    paidAt,
  });
}

async function dues(cents: number, recordedAt: Date) {
  const userId = await account(testDb());
  await testDb()
    .insert(membershipDeskPayments)
    .values({
      userId,
      plan: "premium",
      months: 12,
      method: cents > 0 ? "cash" : null,
      amountCents: cents,
      complimentary: cents === 0,
      renewsOn: new Date(recordedAt.getTime() + 365 * DAY),
      recordedAt,
    });
}

describe("the year at a glance", () => {
  it("adds up gifts and sales by month in Central Time, beside the same months a year before", async () => {
    // January 31, 11:30 PM in Chicago (CST) is February 1 in UTC; 12:30 AM on February 1 is February there too.
    await gift(10_000, new Date("2032-02-01T05:30:00Z"));
    await gift(2_500, new Date("2032-02-01T06:30:00Z"));
    await gift(40_000, new Date("2032-02-10T18:00:00Z"), "refunded");
    await gift(7_700, null, "pledged");
    await order(4_599, new Date("2032-03-15T18:00:00Z"));
    await order(8_800, new Date("2032-03-16T18:00:00Z"), "refunded");
    await order(1_234, null, "awaiting_payment");
    await dues(9_900, new Date("2032-01-10T18:00:00Z"));
    await dues(0, new Date("2032-01-11T18:00:00Z")); // complimentary: no money
    // April 1 at midnight in Chicago (CDT) is outside a range that ends with March.
    await gift(99_900, new Date("2032-04-01T05:00:00Z"));
    // A year before: March 31, 11:30 PM in Chicago (daylight time) is April 1 in UTC.
    await gift(5_000, new Date("2031-01-15T18:00:00Z"));
    await order(7_000, new Date("2031-04-01T04:30:00Z"));
    await order(3_000, new Date("2031-04-01T05:00:00Z")); // April 1 at midnight: April, not in the comparison
    await gift(6_000, new Date("2030-12-31T18:00:00Z")); // before the year-before months

    const series = await giftsAndSalesByMonth(testDb(), months("2032-01", "2032-03", new Date("2032-06-01T17:00:00Z")));
    expect(series.months).toEqual([
      { month: "2032-01", giftsCents: 10_000, salesCents: 9_900 },
      { month: "2032-02", giftsCents: 2_500, salesCents: 0 },
      { month: "2032-03", giftsCents: 0, salesCents: 4_599 },
    ]);
    expect(series.yearBefore).toEqual([
      { month: "2031-01", giftsCents: 5_000, salesCents: 0 },
      { month: "2031-02", giftsCents: 0, salesCents: 0 },
      { month: "2031-03", giftsCents: 0, salesCents: 7_000 },
    ]);
  });

  it("counts every account by plan and standing today, by the same dates as the memberships desk", async () => {
    const db = await ownDatabase();
    const now = new Date("2032-06-15T17:00:00Z");
    const graceMs = getEnv().MEMBERSHIP_GRACE_DAYS * DAY;
    const [before] = await db.select({ n: count() }).from(user);
    const paid: { plan: "premium" | "elite"; renewsOn: Date }[] = [
      { plan: "premium", renewsOn: new Date(now.getTime() + DAY) },
      { plan: "premium", renewsOn: new Date(now.getTime() + 1) },
      { plan: "premium", renewsOn: now }, // expired this instant: grace
      { plan: "premium", renewsOn: new Date(now.getTime() - DAY) },
      { plan: "elite", renewsOn: new Date(now.getTime() + 300 * DAY) },
      { plan: "elite", renewsOn: new Date(now.getTime() - graceMs + 1) }, // the grace period's last moment
      { plan: "elite", renewsOn: new Date(now.getTime() - graceMs) }, // grace just ended: lapsed
      { plan: "elite", renewsOn: new Date(now.getTime() - 400 * DAY) },
    ];
    for (const { plan, renewsOn } of paid) {
      await db.insert(memberships).values({ userId: await account(db), plan, startedAt: new Date(renewsOn.getTime() - 365 * DAY), renewsOn });
    }
    for (let i = 0; i < 3; i++) await account(db);

    const result = await membersByPlanAndStanding(db, now);
    expect(result).toEqual({
      plans: [
        { plan: "premium", active: 2, grace: 2, lapsed: 0 },
        { plan: "elite", active: 1, grace: 1, lapsed: 2 },
      ],
      basic: before!.n + 3,
    });
    // The same standing, member by member, as the rule the profile and the renewals read.
    for (const plan of ["premium", "elite"] as const) {
      const standings = paid.filter((p) => p.plan === plan).map((p) => membershipStanding(p.renewsOn, now));
      const counted = result.plans.find((p) => p.plan === plan)!;
      expect({ active: counted.active, grace: counted.grace, lapsed: counted.lapsed }, plan).toEqual({
        active: standings.filter((s) => s === "active").length,
        grace: standings.filter((s) => s === "grace").length,
        lapsed: standings.filter((s) => s === "lapsed").length,
      });
    }
  });

  it("counts the events held each month: seats, registrations, check-ins, no-shows' makings and walk-ins", async () => {
    const now = new Date("2033-02-28T21:00:00Z");
    // January 31, 11:30 PM in Chicago: a January event, though February in UTC.
    const lateNight = await createEvent({ title: "Night Navigation", startsAt: new Date("2033-02-01T05:30:00Z"), capacity: 10 });
    const open = await createEvent({ title: "Open Range Day", startsAt: new Date("2033-02-10T16:00:00Z"), capacity: null });
    const called = await createEvent({ title: "Called-off Swim", startsAt: new Date("2033-02-12T16:00:00Z"), capacity: 20 });
    await testDb().update(events).set({ cancelledAt: now }).where(eq(events.id, called.id));
    const underWay = await createEvent({ title: "Still Under Way", startsAt: new Date("2033-02-28T20:00:00Z"), capacity: 5 });
    const march = await createEvent({ title: "March Ruck", startsAt: new Date("2033-03-05T16:00:00Z"), endsAt: new Date("2033-03-05T20:00:00Z"), capacity: 5 });
    const people = await createMembers(9, "attendance");
    const at = new Date("2033-02-01T05:00:00Z");
    const confirmed = (eventId: number, userId: string, checkedIn: boolean) => ({ eventId, userId, status: "confirmed" as const, confirmedAt: at, checkedInAt: checkedIn ? at : null });
    await testDb()
      .insert(eventRegistrations)
      .values([
        confirmed(lateNight.id, people[0]!.id, true),
        confirmed(lateNight.id, people[1]!.id, true),
        confirmed(lateNight.id, people[2]!.id, false),
        { eventId: lateNight.id, userId: people[3]!.id, status: "cancelled", cancellation: "member" },
        { eventId: lateNight.id, userId: people[4]!.id, status: "waitlisted", waitlistSeq: 1 },
        confirmed(open.id, people[5]!.id, true),
        confirmed(open.id, people[6]!.id, true),
        confirmed(called.id, people[7]!.id, false),
        confirmed(underWay.id, people[8]!.id, false),
        confirmed(march.id, people[8]!.id, true),
      ]);
    await testDb().insert(eventWalkIns).values({ eventId: lateNight.id, name: "Walk In", email: "walk-in@example.com", checkedInAt: at });

    const series = await attendanceByMonth(testDb(), months("2033-01", "2033-02", now), now);
    expect(series).toEqual([
      { month: "2033-01", events: 1, seats: 10, unlimited: 0, registered: 3, checkedIn: 2, walkIns: 1 },
      { month: "2033-02", events: 1, seats: 0, unlimited: 1, registered: 2, checkedIn: 2, walkIns: 0 },
    ]);
  });

  it("counts confirmed newsletter subscribers at each month's end in Central Time, and up to now in this month", async () => {
    const db = await ownDatabase();
    const now = new Date("2034-03-10T17:00:00Z");
    const [earlier] = await db.select({ n: count() }).from(newsletterSubscribers).where(isNotNull(newsletterSubscribers.confirmedAt));
    const subscribe = (confirmedAt: Date | null) =>
      db.insert(newsletterSubscribers).values({
        email: `reader-${randomUUID()}@example.com`,
        confirmedAt,
        ...(confirmedAt ? {} : { confirmTokenHash: randomUUID(), confirmExpiresAt: new Date(now.getTime() + DAY) }),
      });
    await subscribe(new Date("2033-12-31T18:00:00Z"));
    await subscribe(new Date("2034-02-01T05:30:00Z")); // January 31, 11:30 PM in Chicago
    await subscribe(new Date("2034-02-01T06:30:00Z"));
    await subscribe(null); // never confirmed
    await subscribe(new Date("2034-03-05T18:00:00Z"));
    await subscribe(new Date("2034-03-20T18:00:00Z")); // after now

    const base = earlier!.n + 1;
    expect(await subscribersByMonth(db, months("2034-01", "2034-03", now), now)).toEqual([
      { month: "2034-01", subscribers: base + 1, joined: 1 },
      { month: "2034-02", subscribers: base + 2, joined: 1 },
      { month: "2034-03", subscribers: base + 3, joined: 1 },
    ]);
  });
});
