import "server-only";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { membershipReminders } from "@/db/schema/memberships";
import { memberships } from "@/db/schema/orders";
import { MEMBERSHIP_PLANS, graceEndsAt } from "@/features/memberships/membership-plans.service";
import * as clock from "@/lib/clock";
import { enqueueEmail } from "@/lib/email/outbox";
import { getEnv, siteUrl } from "@/lib/env";
import { membershipReminderEmail, type ReminderKind } from "./emails/renewal-emails";
import { AUTO_RENEW_PATH, autoRenewOf } from "./auto-renew.service";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long after the end of grace its "lapsed" notice may still go out (e.g. after the servers were down). */
export const LAPSED_NOTICE_DAYS = 7;

/** The reminders an automatically renewing member gets, announcing the charge (ADR 0021). */
const CHARGE_NOTICE_STEPS: ReadonlySet<ReminderKind> = new Set(["before-30", "before-7"]);

/** Where every reminder's link leads: the membership tab (sign-in first), whose Renew button goes to checkout. */
export const RENEW_PATH = "/profile?tab=membership#renew";

export interface ReminderStep {
  kind: ReminderKind;
  at: Date;
  /** When this step stops being the right thing to say: the next step's time (the expiry, for the steps before it). */
  until: Date;
}

/**
 * The reminder steps of one membership period, in time order. Each is sent only within its own window
 * (from its time until the next step's): a step missed while no server ran is skipped rather than sent
 * late, so a member never gets "expires in 30 days" a week before the expiry, nor an "expired
 * yesterday" after benefits ended; the message expires in the outbox at the end of its window too.
 * With fewer than 2 days of grace the "expired yesterday, benefits go on" notice has nothing true to say.
 */
export function reminderSteps(expiresOn: Date, graceDays = getEnv().MEMBERSHIP_GRACE_DAYS): ReminderStep[] {
  const graceEnd = graceEndsAt(expiresOn, graceDays);
  const day = (days: number) => new Date(expiresOn.getTime() + days * DAY_MS);
  const points: { kind: ReminderKind; at: Date }[] = [
    { kind: "before-30", at: day(-30) },
    { kind: "before-7", at: day(-7) },
    { kind: "before-1", at: day(-1) },
    ...(graceEnd > day(1) ? [{ kind: "after-1" as const, at: day(1) }] : []),
    { kind: "grace-ended", at: graceEnd },
  ];
  return points.map((point, i) => {
    const next = points[i + 1]?.at ?? new Date(graceEnd.getTime() + LAPSED_NOTICE_DAYS * DAY_MS);
    // "expires on …" is never sent once that day has passed.
    return { ...point, until: point.at < expiresOn && next > expiresOn ? expiresOn : next };
  });
}

/** The step whose window holds `now`, if any. */
export function dueStep(expiresOn: Date, now: Date, graceDays?: number): ReminderStep | undefined {
  return reminderSteps(expiresOn, graceDays).find((step) => step.at <= now && now < step.until);
}

/**
 * Queues the reminder due now for every paid membership (ADR 0019). Each is claimed by inserting
 * (member, kind, expiry) into membership_reminders in the transaction that queues its email, under
 * the membership's row lock: however many servers run this at once, each reminder goes out once per
 * period, and a renewal (a new expiry) starts a new period.
 */
export async function sendDueMembershipReminders(db: Database, now = clock.now()): Promise<number> {
  const graceDays = getEnv().MEMBERSHIP_GRACE_DAYS;
  const earliest = new Date(now.getTime() - (graceDays + LAPSED_NOTICE_DAYS) * DAY_MS);
  const latest = new Date(now.getTime() + 30 * DAY_MS);
  const candidates = await db
    .select({ userId: memberships.userId, expiresOn: memberships.renewsOn })
    .from(memberships)
    .where(and(gt(memberships.renewsOn, earliest), lte(memberships.renewsOn, latest)));

  let queued = 0;
  for (const candidate of candidates) {
    const step = dueStep(candidate.expiresOn, now, graceDays);
    if (!step) continue;
    const sent = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ plan: memberships.plan, email: user.email })
        .from(memberships)
        .innerJoin(user, eq(user.id, memberships.userId))
        .where(and(eq(memberships.userId, candidate.userId), eq(memberships.renewsOn, candidate.expiresOn)))
        .for("update", { of: memberships });
      if (!row) return false; // renewed (or ended) since the list was read
      // A member renewing automatically hears of the charge 30 and 7 days ahead, and nothing after: the charge renews them.
      const autoRenew = await autoRenewOf(tx, candidate.userId);
      const renewsItself = autoRenew?.status === "active";
      if (renewsItself && !CHARGE_NOTICE_STEPS.has(step.kind)) return false;
      const [claimed] = await tx
        .insert(membershipReminders)
        .values({ userId: candidate.userId, kind: step.kind, expiresOn: candidate.expiresOn, queuedAt: now })
        .onConflictDoNothing()
        .returning({ kind: membershipReminders.kind });
      if (!claimed) return false; // another server, or an earlier pass, sent it
      const renewLink = `${siteUrl()}${RENEW_PATH}`;
      await enqueueEmail(tx, {
        kind: "membership-reminder",
        to: row.email,
        ...membershipReminderEmail({
          kind: step.kind,
          planName: MEMBERSHIP_PLANS[row.plan].shortName,
          expiresOn: candidate.expiresOn,
          graceEndsOn: graceEndsAt(candidate.expiresOn, graceDays),
          renewLink,
          ...(renewsItself ? { autoRenew: { amountCents: autoRenew.amountCents, manageLink: `${siteUrl()}${AUTO_RENEW_PATH}` } } : {}),
        }),
        log: { link: renewLink },
        expiresAt: step.until,
      });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
