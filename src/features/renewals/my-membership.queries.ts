import "server-only";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { memberships } from "@/db/schema/orders";
import { graceEndsAt, membershipStanding, MEMBERSHIP_PLANS } from "@/features/memberships/membership-plans.service";
import { getMembershipUpgrade } from "@/features/orders/orders.queries";
import * as clock from "@/lib/clock";
import { ASSOCIATION_TIME_ZONE } from "@/lib/time";

export interface Membership {
  plan: "Basic" | "Premium" | "Elite";
  /** Basic is always active; a paid plan's standing is derived from its expiry (ADR 0019). */
  status: "active" | "grace" | "lapsed";
  memberSince: Date;
  /** Basic: the next anniversary of joining. A paid plan: its expiry. */
  renewsOn: Date;
  /** A paid plan: when its benefits end if it is not renewed (the end of grace). */
  benefitsUntil?: Date;
  /** The paid plan the member last had (to renew it), also once it has lapsed. */
  paidPlanId?: "premium" | "elite";
  /** An upgrade ordered to pay at pickup: it counts once paid (ADR 0011). */
  pendingUpgrade?: { plan: string; orderNumber: string; orderId: string };
}

/** Every member is on the free Basic plan until paid upgrades arrive with the shop's checkout. */
export function membershipFor(createdAt: Date, now: Date = clock.now()): Membership {
  const joined = DateTime.fromJSDate(createdAt, { zone: ASSOCIATION_TIME_ZONE });
  let years = 1;
  // luxon clamps 29 February to the 28th in common years.
  while (joined.plus({ years }).toMillis() <= now.getTime()) years++;
  return { plan: "Basic", status: "active", memberSince: createdAt, renewsOn: joined.plus({ years }).toJSDate() };
}

/**
 * Basic for everyone without a paid plan; a paid plan (even lapsed, so the tab can say so and offer to
 * renew it) with its standing derived from its expiry: active, in grace, or lapsed (ADR 0019).
 */
export async function getMembership(db: Database, userId: string, now = clock.now()): Promise<Membership | null> {
  const [row] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
  if (!row) return null;
  const basic = membershipFor(row.createdAt, now);
  const upgrade = await getMembershipUpgrade(db, userId, now);
  const [paid] = await db.select().from(memberships).where(eq(memberships.userId, userId));
  return {
    ...basic,
    ...(paid && {
      plan: MEMBERSHIP_PLANS[paid.plan].shortName,
      status: membershipStanding(paid.renewsOn, now),
      renewsOn: paid.renewsOn,
      benefitsUntil: graceEndsAt(paid.renewsOn),
      paidPlanId: paid.plan,
    }),
    ...(upgrade.pending && { pendingUpgrade: upgrade.pending }),
  };
}
