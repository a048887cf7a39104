import "server-only";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { memberships } from "@/db/schema/orders";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { membershipStanding, type PaidPlan } from "./membership-standing";

/** Memberships run in the association's calendar: a year from 3 March ends on 3 March. */
const MEMBER_TIME_ZONE = "America/Chicago";

export const MEMBERSHIP_TERM_MONTHS = 12;

export interface MembershipTerm {
  plan: PaidPlan;
  startedAt: Date;
  /** The new expiry. */
  renewsOn: Date;
  previous: { plan: PaidPlan; startedAt: Date; renewsOn: Date; orderId: string | null } | null;
}

/**
 * The one renewal rule, for a paid order, a Stripe renewal invoice and the desk (ADR 0019): the term is
 * added to the later of `at` and the current expiry, so renewing early loses no paid time and renewing
 * in grace or after lapsing starts at `at`. The plan bought takes effect at once, also mid-term: an
 * upgrade gets the new plan's benefits for the time already paid too, a downgrade ends the higher
 * plan's benefits now; either way the paid time carries over. "Member since" is kept unless the
 * membership had lapsed. Locks the member's row: call it inside the transaction that records payment.
 */
export async function extendMembership(
  tx: DbOrTransaction,
  input: { userId: string; plan: PaidPlan; at: Date; orderId?: string | null; months?: number },
): Promise<MembershipTerm> {
  const [current] = await tx.select().from(memberships).where(eq(memberships.userId, input.userId)).for("update");
  const from = current && current.renewsOn > input.at ? current.renewsOn : input.at;
  const renewsOn = DateTime.fromJSDate(from, { zone: MEMBER_TIME_ZONE })
    .plus({ months: input.months ?? MEMBERSHIP_TERM_MONTHS })
    .toJSDate();
  const startedAt = current && membershipStanding(current.renewsOn, input.at) !== "lapsed" ? current.startedAt : input.at;
  const values = { plan: input.plan, orderId: input.orderId ?? null, startedAt, renewsOn };
  await tx
    .insert(memberships)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: memberships.userId, set: values });
  return {
    plan: input.plan,
    startedAt,
    renewsOn,
    previous: current ? { plan: current.plan, startedAt: current.startedAt, renewsOn: current.renewsOn, orderId: current.orderId } : null,
  };
}
