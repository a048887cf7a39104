import "server-only";
import { membershipBenefitValues } from "@/db/schema/memberships";
import type { DbOrTransaction } from "@/lib/email/outbox";
import type { PaidPlan } from "./membership-plans.service";

/** Staff's starting estimate of the benefits' value (ADR 0019); they change it at /admin/memberships. */
export const DEFAULT_BENEFIT_VALUE_CENTS: Record<PaidPlan, number> = { premium: 2500, elite: 5000 };

export async function benefitValues(db: DbOrTransaction): Promise<Record<PaidPlan, number>> {
  const rows = await db.select().from(membershipBenefitValues);
  const values = { ...DEFAULT_BENEFIT_VALUE_CENTS };
  for (const row of rows) values[row.plan] = row.valueCents;
  return values;
}

/** IRS Publication 1771: the deductible part of a payment is what exceeds the benefits' value, never below 0. */
export function giftPartCents(paidCents: number, benefitValueCents: number): number {
  return Math.max(0, paidCents - benefitValueCents);
}
