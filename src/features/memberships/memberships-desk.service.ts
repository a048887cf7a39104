import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { membershipBenefitValues } from "@/db/schema/memberships";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { MEMBERSHIP_PLANS } from "@/features/memberships/membership-plans";
import * as clock from "@/lib/clock";
import { FormError } from "@/lib/form-state";
import { benefitValues } from "./membership-benefits";
import { extendMembership } from "./membership-term.service";
import type { BenefitValuesInput, DeskRenewalInput } from "./memberships-desk.schema";

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
