import "server-only";
import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import { DateTime } from "luxon";
import { memberships, orderLines, orders } from "@/db/schema/orders";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { ASSOCIATION_TIME_ZONE } from "@/lib/time";
import { membershipStanding, type PaidPlan } from "./membership-plans.service";

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
  // Memberships run in the association's calendar: a year from 3 March ends on 3 March.
  const renewsOn = DateTime.fromJSDate(from, { zone: ASSOCIATION_TIME_ZONE })
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

/**
 * Takes back the year a refunded membership order paid for (ADR 0021): the expiry moves back a term,
 * and the plan becomes that of the member's latest membership order still paid (or stays, for time
 * recorded at the desk). When no paid time is left after that, the membership ends (the member is on
 * Basic, with no grace: the money went back).
 * Returns what was taken back, or null when the order bought no membership. Locks the member's row.
 */
export async function withdrawMembershipTerm(
  tx: DbOrTransaction,
  input: { userId: string; refundedOrderId: string; at: Date },
): Promise<{ ended: boolean; plan: PaidPlan; renewsOn: Date } | null> {
  const [bought] = await tx
    .select({ plan: orderLines.membershipPlan })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, input.refundedOrderId), isNotNull(orderLines.membershipPlan)));
  const [current] = await tx.select().from(memberships).where(eq(memberships.userId, input.userId)).for("update");
  if (!bought || !current) return null;
  const renewsOn = DateTime.fromJSDate(current.renewsOn, { zone: ASSOCIATION_TIME_ZONE }).minus({ months: MEMBERSHIP_TERM_MONTHS }).toJSDate();
  const [stillPaid] = await tx
    .select({ orderId: orders.id, plan: orderLines.membershipPlan })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.userId, input.userId), eq(orders.status, "paid"), ne(orders.id, input.refundedOrderId), isNotNull(orderLines.membershipPlan)))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  if (renewsOn <= input.at) {
    await tx.delete(memberships).where(eq(memberships.userId, input.userId));
    return { ended: true, plan: current.plan, renewsOn };
  }
  // Time recorded at the desk has no order: the plan then stays as it is.
  const plan = stillPaid?.plan ?? current.plan;
  await tx.update(memberships).set({ renewsOn, plan, orderId: stillPaid?.orderId ?? null }).where(eq(memberships.userId, input.userId));
  return { ended: false, plan, renewsOn };
}
