import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { membershipReminders, membershipSubscriptions } from "@/db/schema/memberships";
import { memberships } from "@/db/schema/orders";
import { testDb } from "../../../test/db";
import { createMembers } from "../../../test/events";
import { dueStep, reminderSteps, sendDueMembershipReminders } from "./membership-reminders.service";
import { extendMembership } from "@/features/memberships/membership-term.service";

delete process.env.SMTP_URL;

const DAY = 24 * 3_600_000;
const EXPIRY = new Date("2027-06-15T05:00:00Z"); // midnight, 15 June 2027, in Chicago
const at = (days: number, hours = 0) => new Date(EXPIRY.getTime() + days * DAY + hours * 3_600_000);

async function member(label: string, expiresOn = EXPIRY, plan: "premium" | "elite" = "premium") {
  const [m] = await createMembers(1, label);
  await testDb().insert(memberships).values({ userId: m!.id, plan, startedAt: new Date(expiresOn.getTime() - 365 * DAY), renewsOn: expiresOn });
  return m!;
}

async function remindersTo(email: string) {
  return testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "membership-reminder")))
    .orderBy(emailOutbox.id);
}

/** The steps claimed for a member, in the order they were queued, with as many emails in the outbox. */
async function stepsSent(m: { id: string; email: string }) {
  const claims = await testDb().select().from(membershipReminders).where(eq(membershipReminders.userId, m.id)).orderBy(membershipReminders.queuedAt);
  expect(await remindersTo(m.email)).toHaveLength(claims.length);
  return claims.map((c) => c.kind);
}

/** Two job runners (two app servers) racing on the same pass. */
const race = (now: Date) => Promise.all([sendDueMembershipReminders(testDb(), now), sendDueMembershipReminders(testDb(), now)]);

describe("membership renewal reminders", () => {
  it("go out at 30, 7 and 1 days before expiry, 1 day after and at the end of grace, each once with two runners racing", async () => {
    const m = await member("steps");
    const expected: [number, string][] = [
      [-30, "before-30"],
      [-7, "before-7"],
      [-1, "before-1"],
      [1, "after-1"],
      [14, "grace-ended"],
    ];
    await race(at(-31));
    expect(await remindersTo(m.email)).toHaveLength(0);
    for (const [i, [day]] of expected.entries()) {
      await race(at(day, 1));
      await race(at(day, 2)); // a later pass in the same window sends nothing more
      expect(await stepsSent(m)).toEqual(expected.slice(0, i + 1).map(([, k]) => k));
      expect((await remindersTo(m.email))[i]!.textBody).toContain("/profile?tab=membership#renew");
    }
    await race(at(40));
    expect(await remindersTo(m.email)).toHaveLength(5);
  });

  it("say the true dates and expire in the outbox when the next step is due", async () => {
    const m = await member("dates", EXPIRY, "elite");
    await sendDueMembershipReminders(testDb(), at(-30, 1));
    const [before] = await remindersTo(m.email);
    expect(before!.subject).toBe("Your Elite membership expires on June 15, 2027");
    expect(before!.textBody).toContain("your member benefits go on until June 29, 2027");
    expect(before!.expiresAt).toEqual(at(-7));
    await sendDueMembershipReminders(testDb(), at(1, 1));
    const after = (await remindersTo(m.email))[1]!;
    expect(after.subject).toBe("Your Elite membership expired: renew by June 29, 2027 to keep your benefits");
    await sendDueMembershipReminders(testDb(), at(14, 1));
    const lapsed = (await remindersTo(m.email))[2]!;
    expect(lapsed.subject).toBe("Your Elite membership has lapsed");
    expect(lapsed.textBody).toContain("You remain a Basic member.");
  });

  it("skip a step missed while no server ran instead of sending it late", async () => {
    const m = await member("late");
    // Servers down from 31 days before until 5 days before: the 30-day reminder's window has passed.
    await race(at(-5));
    expect(await stepsSent(m)).toEqual(["before-7"]);
    // Down again from before the expiry until well after grace: no "expires on" after that day, no "lapsed" notice weeks late.
    await race(at(0, 1));
    await race(at(30));
    expect(await remindersTo(m.email)).toHaveLength(1);
  });

  it("start again for the new period once the member renews", async () => {
    const m = await member("renewed");
    await race(at(-30, 1));
    await extendMembership(testDb(), { userId: m.id, plan: "premium", at: at(-20) });
    const [row] = await testDb().select().from(memberships).where(eq(memberships.userId, m.id));
    expect(row!.renewsOn).toEqual(new Date("2028-06-15T05:00:00Z"));
    await race(at(-7, 1)); // the old expiry's steps no longer apply
    expect(await remindersTo(m.email)).toHaveLength(1);
    await race(new Date(row!.renewsOn.getTime() - 30 * DAY + 3_600_000));
    expect(await stepsSent(m)).toEqual(["before-30", "before-30"]);
  });

  it("have no 'benefits go on' notice when grace is shorter than two days", () => {
    expect(reminderSteps(EXPIRY, 1).map((s) => s.kind)).toEqual(["before-30", "before-7", "before-1", "grace-ended"]);
    expect(dueStep(EXPIRY, at(0, 12), 1)).toBeUndefined();
    expect(dueStep(EXPIRY, at(1, 1), 1)?.kind).toBe("grace-ended");
  });

  it("tell a member who renews automatically of the charge 30 and 7 days ahead, and nothing after, unless renewal has ended", async () => {
    const m = await member("auto-renew");
    await testDb().insert(membershipSubscriptions).values({ userId: m.id, plan: "premium", listPriceCents: 9900, status: "active", stripeCustomerId: "cus_test", createdAt: at(-40) });
    for (const day of [-30, -7, -1, 1]) await race(at(day, 1));
    expect(await stepsSent(m)).toEqual(["before-30", "before-7"]);
    const [first] = await remindersTo(m.email);
    expect(first!.subject).toBe("Your Premium membership renews on June 15, 2027");
    expect(first!.textBody).toContain("your card will be charged $99.00 that day for another year");
    expect(first!.textBody).toContain("/profile?tab=membership#auto-renew");

    // Renewal was cancelled in the portal before the charge: the end of grace is told as to anyone.
    await testDb().update(membershipSubscriptions).set({ status: "cancelled" }).where(eq(membershipSubscriptions.userId, m.id));
    await race(at(14, 1));
    expect(await stepsSent(m)).toEqual(["before-30", "before-7", "grace-ended"]);
  });
});
