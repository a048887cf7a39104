import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { membershipBenefitValues } from "@/db/schema/memberships";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { MEMBERSHIP_PLANS } from "./membership-plans.service";
import * as clock from "@/lib/clock";
import { FormError } from "@/lib/form-state";
import { benefitValues } from "./membership-benefits";
import { extendMembership } from "./membership-term.service";
import { MEMBER_ID, MEMBER_NOT_FOUND } from "@/lib/auth/member-id";
import type { BenefitValuesInput, DeskRenewalInput, GrantMembershipInput } from "./memberships-desk.schema";

export const NO_SUCH_MEMBER = "No account has this e-mail address. The member needs an account on the site first.";

/**
 * A year paid at the desk (the site without Stripe keys, or a member paying in person): the same
 * renewal rule as a paid order, recorded in the audit log in the same transaction.
 */
export async function recordDeskRenewal(db: Database, actor: Actor, input: DeskRenewalInput, now = clock.now()) {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(sql`lower(${user.email})`, input.email)).for("update");
    if (!account) throw new FormError(NO_SUCH_MEMBER, "email");
    const term = await extendMembership(tx, { userId: account.id, plan: input.plan, at: now });
    await recordAudit(tx, actor, {
      action: "membership.desk-renewal",
      recordType: "user",
      recordId: account.id,
      before: term.previous,
      after: { plan: term.plan, startedAt: term.startedAt, renewsOn: term.renewsOn },
    });
    return { email: account.email, planName: MEMBERSHIP_PLANS[term.plan].shortName, renewsOn: term.renewsOn };
  });
}

export interface MembershipGranted {
  planName: string;
  renewsOn: Date;
  /** True when the months were added to a membership still running (of either plan). */
  extended: boolean;
}

/**
 * Grants a paid plan for some months (paid at the desk) from the member's page, by the same renewal
 * rule as a paid order (`extendMembership`): the months are added to the later of now and the current
 * expiry, whatever the plan, so no paid time is lost; the plan given takes effect at once. Audited.
 */
export async function grantMembership(db: Database, actor: Actor, input: GrantMembershipInput, now = clock.now()): Promise<MembershipGranted> {
  if (!MEMBER_ID.test(input.memberId)) throw new FormError(MEMBER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.memberId)).for("update");
    if (!account) throw new FormError(MEMBER_NOT_FOUND);
    const term = await extendMembership(tx, { userId: account.id, plan: input.plan, at: now, months: input.months });
    const extended = Boolean(term.previous && term.previous.renewsOn > now);
    await recordAudit(tx, actor, {
      action: extended ? "membership.extend" : "membership.grant",
      recordType: "user",
      recordId: account.id,
      before: term.previous,
      after: { plan: input.plan, months: input.months, startedAt: term.startedAt, renewsOn: term.renewsOn },
    });
    return { planName: MEMBERSHIP_PLANS[input.plan].shortName, renewsOn: term.renewsOn, extended };
  });
}

/** Staff's good-faith estimate of each plan's benefits (IRS Publication 1771); receipts use it from now on. Audited. */
export async function setBenefitValues(db: Database, actor: Actor, input: BenefitValuesInput, now = clock.now()): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await benefitValues(tx);
    for (const plan of ["premium", "elite"] as const) {
      await tx
        .insert(membershipBenefitValues)
        .values({ plan, valueCents: input[plan], updatedAt: now })
        .onConflictDoUpdate({ target: membershipBenefitValues.plan, set: { valueCents: input[plan], updatedAt: now } });
    }
    await recordAudit(tx, actor, { action: "membership.benefit-values", recordType: "membership-plans", recordId: "benefit-values", before, after: input });
  });
}
