import "server-only";
import { and, asc, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { membershipSubscriptions } from "@/db/schema/memberships";
import { memberships } from "@/db/schema/orders";
import { MEMBERSHIP_PLANS, graceEndsAt, membershipStanding, type MembershipStanding } from "./membership-plans.service";
import * as clock from "@/lib/clock";
import { getEnv } from "@/lib/env";
import type { StatusFilter } from "./memberships-desk.schema";

export const MEMBERSHIPS_LIST_LIMIT = 200;

export interface MembershipRow {
  userId: string;
  email: string;
  name: string;
  planName: string;
  status: MembershipStanding;
  expiresOn: Date;
  benefitsUntil: Date;
  /** Granted or renewed at the desk (no order). */
  atDesk: boolean;
  /** Renewed by card each year (ADR 0021); past due after a declined charge. */
  autoRenew: "active" | "past_due" | null;
}

/** Paid memberships, soonest expiry first, filtered by standing (computed in SQL from the same dates). */
export async function listMemberships(db: Database, filter: StatusFilter, now = clock.now()): Promise<{ rows: MembershipRow[]; total: number }> {
  const graceMs = getEnv().MEMBERSHIP_GRACE_DAYS * 86_400_000;
  const graceStart = new Date(now.getTime() - graceMs);
  const where: Record<StatusFilter, SQL | undefined> = {
    all: undefined,
    active: gt(memberships.renewsOn, now),
    grace: and(lte(memberships.renewsOn, now), gt(memberships.renewsOn, graceStart)),
    lapsed: lte(memberships.renewsOn, graceStart),
  };
  const rows = await db
    .select({
      userId: memberships.userId,
      email: user.email,
      name: user.name,
      plan: memberships.plan,
      expiresOn: memberships.renewsOn,
      orderId: memberships.orderId,
      autoRenew: membershipSubscriptions.status,
    })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .leftJoin(
      membershipSubscriptions,
      and(eq(membershipSubscriptions.userId, memberships.userId), inArray(membershipSubscriptions.status, ["active", "past_due"])),
    )
    .where(where[filter])
    .orderBy(asc(memberships.renewsOn))
    .limit(MEMBERSHIPS_LIST_LIMIT);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(memberships).where(where[filter]);
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      userId: r.userId,
      email: r.email,
      name: r.name,
      planName: MEMBERSHIP_PLANS[r.plan].shortName,
      status: membershipStanding(r.expiresOn, now),
      expiresOn: r.expiresOn,
      benefitsUntil: graceEndsAt(r.expiresOn),
      atDesk: r.orderId === null,
      autoRenew: r.autoRenew === "active" || r.autoRenew === "past_due" ? r.autoRenew : null,
    })),
  };
}
