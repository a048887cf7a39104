import "server-only";
import { receiptOrganization } from "@/features/donations/receipts.service";
import { MEMBERSHIP_PLANS } from "@/features/memberships/membership-plans";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { benefitValues } from "./membership-benefits";
import { PLAN_BENEFITS } from "./plan-benefits";
import { membershipReceiptEmail } from "./emails/membership-emails";
import type { PaidPlan } from "./membership-standing.service";

/**
 * Queues the membership receipt (IRS Publication 1771) in the transaction that records the payment,
 * with the benefits' value as staff have set it at that moment.
 */
export async function queueMembershipReceipt(
  tx: DbOrTransaction,
  facts: { to: string; memberName: string; orderNumber: string; plan: PaidPlan; paidCents: number; paidAt: Date; expiresOn: Date },
): Promise<void> {
  const values = await benefitValues(tx);
  await enqueueEmail(tx, {
    kind: "membership-receipt",
    to: facts.to,
    ...membershipReceiptEmail({
      orderNumber: facts.orderNumber,
      memberName: facts.memberName,
      memberEmail: facts.to,
      planName: MEMBERSHIP_PLANS[facts.plan].shortName,
      paidCents: facts.paidCents,
      paidAt: facts.paidAt,
      expiresOn: facts.expiresOn,
      benefits: PLAN_BENEFITS[facts.plan],
      benefitValueCents: values[facts.plan],
      organization: receiptOrganization(),
    }),
  });
}
