import "server-only";
import { eq } from "drizzle-orm";
import { memberships } from "@/db/schema/orders";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { getEnv } from "@/lib/env";
import * as clock from "@/lib/clock";

export type PaidPlan = "premium" | "elite";

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
