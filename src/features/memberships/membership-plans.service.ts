import "server-only";
import { eq } from "drizzle-orm";
import { cache } from "react";
import { getDb } from "@/db/client";
import { memberships } from "@/db/schema/orders";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { getEnv } from "@/lib/env";
import * as clock from "@/lib/clock";

/**
 * The spec's upgrades (section 9): sold through the shop's checkout, one year at a time. `benefits`:
 * what each plan gives (ADR 0019), as the profile's membership tab and the membership receipt say it.
 * Every line is delivered by the pricing and events features; nothing else may be added here until code
 * keeps it.
 */
export const MEMBERSHIP_PLANS = {
  premium: {
    name: "Premium Membership",
    shortName: "Premium",
    priceCents: 9900,
    benefits: ["Member pricing in the shop (not on shipping or dues)", "Priority registration: some events open to members before everyone else", "Member-only events"],
  },
  elite: {
    name: "Elite Membership",
    shortName: "Elite",
    priceCents: 19900,
    benefits: [
      "Member pricing in the shop at the Elite rate (not on shipping or dues)",
      "Priority registration: some events open to members before everyone else",
      "Member-only events, and Elite-only leadership and mentorship events",
    ],
  },
} as const;

/** A paid plan (Basic is free and has no row). */
export type PaidPlan = keyof typeof MEMBERSHIP_PLANS;

/** A plan as a staff form offers it (the forms run in the browser, which cannot import this module). */
export interface PlanChoice {
  id: PaidPlan;
  name: string;
  priceCents: number;
}

export const PLAN_CHOICES: PlanChoice[] = (Object.keys(MEMBERSHIP_PLANS) as PaidPlan[]).map((id) => ({
  id,
  name: MEMBERSHIP_PLANS[id].shortName,
  priceCents: MEMBERSHIP_PLANS[id].priceCents,
}));

/**
 * Where a paid membership stands, derived from its dates alone (ADR 0019): `active` until it expires,
 * `grace` for MEMBERSHIP_GRACE_DAYS after that (benefits go on while the member renews), then `lapsed`.
 */
export type MembershipStanding = "active" | "grace" | "lapsed";

const DAY_MS = 24 * 60 * 60 * 1000;

export function graceEndsAt(expiresAt: Date, graceDays: number = getEnv().MEMBERSHIP_GRACE_DAYS): Date {
  return new Date(expiresAt.getTime() + graceDays * DAY_MS);
}

export function membershipStanding(expiresAt: Date, at: Date, graceDays: number = getEnv().MEMBERSHIP_GRACE_DAYS): MembershipStanding {
  if (at < expiresAt) return "active";
  return at < graceEndsAt(expiresAt, graceDays) ? "grace" : "lapsed";
}

/**
 * The paid plan whose benefits a member has at `at` (member pricing, priority registration,
 * member-only events): their plan while it is active or in grace, otherwise none (Basic).
 */
export async function benefitPlan(db: DbOrTransaction, userId: string, at: Date = clock.now()): Promise<PaidPlan | null> {
  const [row] = await db.select({ plan: memberships.plan, expiresAt: memberships.renewsOn }).from(memberships).where(eq(memberships.userId, userId));
  if (!row) return null;
  return membershipStanding(row.expiresAt, at) === "lapsed" ? null : row.plan;
}

/**
 * The member's plan now, read once per request (React's cache): the page's header and its registration
 * parts both ask for it. Outside a request (a transaction, a job) read it with `benefitPlan`.
 */
export const benefitPlanOfRequest = cache((userId: string): Promise<PaidPlan | null> => benefitPlan(getDb(), userId));

/** The call to join a signed-in member on `plan` sees: "upgrade" from the free plan, none while a paid plan is in force. */
export function joinCallOf(plan: PaidPlan | null): "upgrade" | null {
  return plan ? null : "upgrade";
}
