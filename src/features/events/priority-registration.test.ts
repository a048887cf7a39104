/**
 * Priority registration and member-only events (ADR 0019) on the real PostgreSQL: the plan is read in
 * the registration transaction (benefitPlan: active and grace count, lapsed is Basic), refusals name
 * the opening time or the plans allowed and store nothing, the waitlist and seat offers follow the same
 * rule, the calendar says when registration opens for whom, and staff set it all on the event form.
 */
import { getDb } from "@/db/client";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "@/db/schema/events";
import { memberships } from "@/db/schema/orders";
import { auditLog } from "@/db/schema/staff";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { createEvent as createDeskEvent, OPENS_AFTER_START, updateEvent } from "./events-desk.service";
import { formValuesOf } from "./events-desk.queries";
import { getEvent, getEvents } from "./events.queries";
import { getEventsWithMemberRegistrations, getMemberRegistrations } from "./registration.queries";
import { cancelRegistration, claimOffer, registerForEvent, type RegisterResult } from "./registration.service";
import { ONLY_ELITE, ONLY_MEMBERS } from "./registration-window";
import { eventFormSchema } from "./events-desk.schema";
import { createEvent, createMembers, registrationsOf, seatsTaken } from "../../../test/events";

delete process.env.SMTP_URL;

const DAY = 24 * 3_600_000;
// Central Standard Time all through (DST starts on March 14, 2027): 15:00Z is 9:00 AM CST.
const generalOpening = new Date("2027-03-10T15:00:00Z");
const startsAt = new Date("2027-03-20T14:00:00Z");
const beforeWindow = new Date("2027-03-02T15:00:00Z");
const inWindow = new Date("2027-03-04T15:00:00Z");
const afterOpening = new Date("2027-03-11T15:00:00Z");
const desk = { id: null, email: "desk@example.org" };

type Plan = "basic" | "premium" | "elite";

/** A member on `plan`; a paid plan expires on `renewsOn` (a year after `at` unless given). */
async function member(plan: Plan, at: Date, renewsOn = new Date(at.getTime() + 300 * DAY)) {
  const [m] = await createMembers(1, plan);
  if (plan !== "basic") await testDb().insert(memberships).values({ userId: m!.id, plan, startedAt: new Date(renewsOn.getTime() - 365 * DAY), renewsOn });
  return m!;
}

function priorityEvent(overrides: Partial<typeof events.$inferInsert> = {}) {
  return createEvent({ startsAt, capacity: 8, registrationOpensAt: generalOpening, priorityDays: 7, ...overrides });
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return (error as FormError).message;
}

const register = (eventId: number, userId: string, at: Date) => registerForEvent(testDb(), { eventId, userId }, at);

describe("priority registration", () => {
  it("before the priority window refuses every plan with its own opening time, and stores nothing", async () => {
    const event = await priorityEvent();
    const basic = await member("basic", beforeWindow);
    const premium = await member("premium", beforeWindow);
    expect(await refusal(register(event.id, premium.id, beforeWindow))).toBe("Registration for this event opens on Mar 3, 9:00 AM CST.");
    expect(await refusal(register(event.id, basic.id, beforeWindow))).toBe("Registration for this event opens on Mar 10, 9:00 AM CST.");
    expect(await registrationsOf(event.id)).toHaveLength(0);
    expect(await seatsTaken(event.id)).toBe(0);
  });

  it("in the priority window lets Premium and Elite register and refuses Basic with the opening time for everyone", async () => {
    const event = await priorityEvent();
    const premium = await member("premium", inWindow);
    const elite = await member("elite", inWindow);
    const basic = await member("basic", inWindow);
    expect(await register(event.id, premium.id, inWindow)).toEqual({ status: "confirmed", already: false });
    expect(await register(event.id, elite.id, inWindow)).toEqual({ status: "confirmed", already: false });
    expect(await refusal(register(event.id, basic.id, inWindow))).toBe(
      "Registration is open to Premium and Elite members only for now; it opens to everyone on Mar 10, 9:00 AM CST.",
    );
    expect((await registrationsOf(event.id)).map((r) => r.userId).sort()).toEqual([premium.id, elite.id].sort());
    expect(await seatsTaken(event.id)).toBe(2);
  });

  it("after the general opening lets everyone register", async () => {
    const event = await priorityEvent();
    const basic = await member("basic", afterOpening);
    expect(await register(event.id, basic.id, afterOpening)).toEqual({ status: "confirmed", already: false });
  });

  it("treats a lapsed membership as Basic and one in grace as paid", async () => {
    const event = await priorityEvent();
    const lapsed = await member("premium", inWindow, new Date(inWindow.getTime() - 20 * DAY)); // 14 days of grace are over
    const grace = await member("elite", inWindow, new Date(inWindow.getTime() - 3 * DAY));
    expect(await refusal(register(event.id, lapsed.id, inWindow))).toMatch(/^Registration is open to Premium and Elite members only for now/);
    expect(await register(event.id, grace.id, inWindow)).toEqual({ status: "confirmed", already: false });
  });

  it("refuses Basic a place on the waitlist in the priority window, and queues Premium", async () => {
    const event = await priorityEvent({ capacity: 1 });
    const [first, second] = [await member("premium", inWindow), await member("premium", inWindow)];
    const basic = await member("basic", inWindow);
    await register(event.id, first.id, inWindow);
    expect(await register(event.id, second.id, inWindow)).toEqual({ status: "waitlisted", position: 1, already: false });
    expect(await refusal(register(event.id, basic.id, inWindow))).toMatch(/opens to everyone on Mar 10, 9:00 AM CST\.$/);
    expect((await registrationsOf(event.id)).some((r) => r.userId === basic.id)).toBe(false);
  });

  it("counts the window in calendar days at the same wall time across the change to daylight time", async () => {
    // Opens to everyone on March 16 at 9:00 AM CDT; seven days earlier is March 9 at 9:00 AM CST.
    const event = await priorityEvent({ registrationOpensAt: new Date("2027-03-16T14:00:00Z") });
    const premium = await member("premium", inWindow);
    expect(await refusal(register(event.id, premium.id, new Date("2027-03-09T14:59:00Z")))).toBe("Registration for this event opens on Mar 9, 9:00 AM CST.");
    expect((await register(event.id, premium.id, new Date("2027-03-09T15:00:00Z"))).status).toBe("confirmed");
  });
});

describe("member-only events", () => {
  it("refuses Basic (and a lapsed member) an event for Premium and Elite, and lets Premium register", async () => {
    const event = await createEvent({ startsAt, capacity: 8, eligibility: "members" });
    const basic = await member("basic", inWindow);
    const lapsed = await member("elite", inWindow, new Date(inWindow.getTime() - 30 * DAY));
    const premium = await member("premium", inWindow);
    expect(await refusal(register(event.id, basic.id, inWindow))).toBe(`${ONLY_MEMBERS} It needs a Premium or Elite membership in force.`);
    expect(await refusal(register(event.id, lapsed.id, inWindow))).toBe(`${ONLY_MEMBERS} It needs a Premium or Elite membership in force.`);
    expect((await register(event.id, premium.id, inWindow)).status).toBe("confirmed");
    expect(await seatsTaken(event.id)).toBe(1);
  });

  it("refuses Premium an Elite-only event, and lets Elite register", async () => {
    const event = await createEvent({ startsAt, capacity: 8, eligibility: "elite" });
    const premium = await member("premium", inWindow);
    const elite = await member("elite", inWindow);
    expect(await refusal(register(event.id, premium.id, inWindow))).toBe(`${ONLY_ELITE} It needs an Elite membership in force.`);
    expect((await register(event.id, elite.id, inWindow)).status).toBe("confirmed");
  });

  it("offers a freed seat past someone whose membership lapsed, and refuses a claim once it has", async () => {
    const event = await createEvent({ startsAt, capacity: 1, eligibility: "members" });
    const [holder, lapsing, next] = [await member("premium", inWindow), await member("premium", inWindow), await member("elite", inWindow)];
    await register(event.id, holder.id, inWindow);
    await register(event.id, lapsing.id, inWindow);
    await register(event.id, next.id, inWindow);
    await testDb().update(memberships).set({ renewsOn: new Date(inWindow.getTime() - 30 * DAY) }).where(eq(memberships.userId, lapsing.id));

    await cancelRegistration(testDb(), { eventId: event.id, userId: holder.id }, inWindow);
    const status = async (userId: string) => (await registrationsOf(event.id)).find((r) => r.userId === userId)!.status;
    expect(await status(lapsing.id)).toBe("waitlisted"); // keeps the place, in case they renew
    expect(await status(next.id)).toBe("offered");

    await testDb().update(memberships).set({ renewsOn: new Date(inWindow.getTime() - 30 * DAY) }).where(eq(memberships.userId, next.id));
    expect(await refusal(claimOffer(testDb(), { eventId: event.id, userId: next.id }, inWindow))).toMatch(/^Only Premium and Elite members/);
    expect(await status(next.id)).toBe("offered");
    expect(await seatsTaken(event.id)).toBe(1);
  });
});

describe("under contention", () => {
  it("60 Premium and 60 Basic members press Register at once in the priority window: 8 seats, all Premium, every Basic refused", async () => {
    const event = await priorityEvent();
    const premium = await Promise.all(Array.from({ length: 60 }, () => member("premium", inWindow)));
    const basic = await Promise.all(Array.from({ length: 60 }, () => member("basic", inWindow)));
    const settled = await Promise.allSettled(
      [...premium, ...basic].sort(() => Math.random() - 0.5).map((m) => register(event.id, m.id, inWindow).then((r) => ({ userId: m.id, r }))),
    );
    const done = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const refused = settled.flatMap((s) => (s.status === "rejected" ? [s.reason] : []));
    expect(refused).toHaveLength(60);
    expect(refused.every((e) => e instanceof FormError)).toBe(true);
    const premiumIds = new Set(premium.map((m) => m.id));
    expect(done.every(({ userId }) => premiumIds.has(userId))).toBe(true);
    expect(done.filter(({ r }) => r.status === "confirmed")).toHaveLength(8);
    const positions = done.flatMap(({ r }) => (r.status === "waitlisted" ? [(r as Extract<RegisterResult, { status: "waitlisted" }>).position] : []));
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    expect(await seatsTaken(event.id)).toBe(8);
    expect(await registrationsOf(event.id)).toHaveLength(60);
  });
});

describe("what the calendar says", () => {
  it("says when registration opens for whom, and who may register for a member-only event", async () => {
    const event = await priorityEvent();
    expect((await getEvent(getDb(), event.id, beforeWindow))!.registrationNotes).toEqual([
      "Opens to Premium and Elite members on Mar 3, 9:00 AM CST; to everyone on Mar 10, 9:00 AM CST.",
    ]);
    expect((await getEvent(getDb(), event.id, inWindow))!.registrationNotes).toEqual(["Open to Premium and Elite members now; to everyone on Mar 10, 9:00 AM CST."]);
    expect((await getEvent(getDb(), event.id, afterOpening))!.registrationNotes).toEqual([]);

    const elite = await createEvent({ startsAt, eligibility: "elite", registrationOpensAt: generalOpening });
    expect((await getEvent(getDb(), elite.id, inWindow))!.registrationNotes).toEqual([ONLY_ELITE, "Registration opens on Mar 10, 9:00 AM CST."]);
    expect((await getEvent(getDb(), elite.id, afterOpening))!.registrationNotes).toEqual([ONLY_ELITE]);
    expect((await getEvent(getDb(), elite.id, afterOpening))!.membersOnly).toBe(true);
  });

  it("tells each signed-in member why they may not register yet instead of offering the button, as the registration would refuse", async () => {
    const event = await priorityEvent();
    const eliteOnly = await createEvent({ startsAt, eligibility: "elite" });
    const basic = await member("basic", inWindow);
    const premium = await member("premium", inWindow);
    const ids = [event.id, eliteOnly.id];

    const basicSees = await getMemberRegistrations(testDb(), basic.id, ids, inWindow);
    expect(basicSees.get(event.id)).toEqual({ status: "none", notYet: await refusal(register(event.id, basic.id, inWindow)) });
    expect(basicSees.get(eliteOnly.id)).toEqual({ status: "none", notYet: await refusal(register(eliteOnly.id, basic.id, inWindow)) });

    const premiumSees = await getMemberRegistrations(testDb(), premium.id, ids, inWindow);
    expect(premiumSees.has(event.id)).toBe(false); // may register: the button shows
    expect(premiumSees.get(eliteOnly.id)?.status).toBe("none");
    expect((await getMemberRegistrations(testDb(), premium.id, ids, beforeWindow)).get(event.id)).toEqual({
      status: "none",
      notYet: "Registration for this event opens on Mar 3, 9:00 AM CST.",
    });
    expect((await getMemberRegistrations(testDb(), basic.id, ids, afterOpening)).has(event.id)).toBe(false);

    // A member's parts of the pages read the events and these registrations in one statement: the same.
    for (const [who, at] of [[basic, inWindow], [premium, inWindow], [premium, beforeWindow], [basic, afterOpening]] as const) {
      const together = await getEventsWithMemberRegistrations(testDb(), who.id, ids, at);
      expect(together.registrations).toEqual(await getMemberRegistrations(testDb(), who.id, ids, at));
      expect(together.events.toSorted((a, b) => a.id - b.id)).toEqual((await getEvents(testDb(), ids, at)).toSorted((a, b) => a.id - b.id));
    }
  });
});

describe("the staff event form", () => {
  const fields = {
    title: "Leadership Breakfast",
    category: "community",
    date: "2027-03-20",
    startTime: "09:00",
    endTime: "11:00",
    location: "Austin Community Hall, Austin, TX",
    instructor: "Tom Brennan",
    description: "For Elite members.",
    capacity: "20",
  };
  const errorsOf = (input: Record<string, string>) => {
    const parsed = eventFormSchema.safeParse({ ...fields, ...input });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("refuses a priority window without an opening, on a member-only event, or out of range, and a bad opening date or time", () => {
    expect(errorsOf({ opens: "now", priorityDays: "7" }).priorityDays).toMatch(/needs an opening time/);
    expect(errorsOf({ opens: "later", opensDate: "2027-03-10", opensTime: "09:00", priorityDays: "7", eligibility: "elite" }).priorityDays).toMatch(/leave the priority window empty/);
    for (const days of ["0", "91", "-3", "2.5", "seven", "1e2"])
      expect(errorsOf({ opens: "later", opensDate: "2027-03-10", opensTime: "09:00", priorityDays: days }).priorityDays).toMatch(/from 1 to 90/);
    expect(errorsOf({ opens: "later" })).toMatchObject({ opensDate: expect.stringMatching(/Enter the date/), opensTime: expect.stringMatching(/Enter the time/) });
    expect(errorsOf({ opens: "later", opensDate: "2027-02-31", opensTime: "25:00" })).toMatchObject({ opensDate: "Enter a real date.", opensTime: expect.any(String) });
    expect(errorsOf({ opens: "sometime" }).opens).toBe("Choose when registration opens.");
    expect(errorsOf({ eligibility: "admins" }).eligibility).toBe("Choose who may register.");
    expect(errorsOf({})).toEqual({});
  });

  it("saves the opening, window and plans in the association's zone, audits them, and refuses an opening after the start", async () => {
    const created = await createDeskEvent(
      testDb(),
      desk,
      eventFormSchema.parse({ ...fields, opens: "later", opensDate: "2027-03-10", opensTime: "09:00", priorityDays: "7" }),
      beforeWindow,
    );
    const [row] = await testDb().select().from(events).where(eq(events.id, created.id));
    expect(row).toMatchObject({ registrationOpensAt: generalOpening, priorityDays: 7, eligibility: "everyone" });
    expect(formValuesOf(row!)).toMatchObject({ opens: "later", opensDate: "2027-03-10", opensTime: "09:00", priorityDays: "7", eligibility: "everyone" });

    const elite = eventFormSchema.parse({ ...fields, eligibility: "elite" });
    expect(await updateEvent(testDb(), desk, created.id, elite, beforeWindow)).toEqual({ changed: true, offered: 0, notified: 0 });
    const [after] = await testDb().select().from(events).where(eq(events.id, created.id));
    expect(after).toMatchObject({ registrationOpensAt: null, priorityDays: null, eligibility: "elite" });
    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, "event"), eq(auditLog.recordId, String(created.id)), eq(auditLog.action, "event.update")))
      .orderBy(desc(auditLog.id));
    expect(audit!.before).toMatchObject({ registrationOpensAt: generalOpening.toISOString(), priorityDays: 7, eligibility: "everyone" });
    expect(audit!.after).toMatchObject({ registrationOpensAt: null, priorityDays: null, eligibility: "elite" });

    const late = eventFormSchema.parse({ ...fields, opens: "later", opensDate: "2027-03-20", opensTime: "09:00" });
    const error = await updateEvent(testDb(), desk, created.id, late, beforeWindow).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(FormError);
    expect(error).toMatchObject({ message: OPENS_AFTER_START, field: "opensDate" });
    const [unchanged] = await testDb().select().from(events).where(eq(events.id, created.id));
    expect(unchanged!.eligibility).toBe("elite");
  });

  it("the database refuses a priority window on a member-only event even if a bug let one through", async () => {
    const error = await createEvent({ startsAt, eligibility: "members", registrationOpensAt: generalOpening, priorityDays: 3 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/events_priority_days_range/);
  });
});

