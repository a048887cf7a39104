import "server-only";
import { receiptOrganization } from "@/lib/receipt-organization";
import { MEMBERSHIP_PLANS, type PaidPlan } from "./membership-plans.service";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { omit } from "@/lib/omit";
import { benefitValues } from "./membership-benefits";
import { membershipReceiptEmail, type DeskReceipt } from "./emails/membership-emails";
import { extendMembership, type MembershipTerm } from "./membership-term.service";

/**
 * A membership paid for by an order (checkout, Stripe's webhook, the desk marking it paid): the term
 * is extended by the one renewal rule (`extendMembership`) and the membership receipt is queued, both
 * in the caller's transaction, which records the payment.
 */
export async function recordMembershipPayment(
  tx: DbOrTransaction,
  payment: { userId: string; orderId: string; to: string; memberName: string; orderNumber: string; plan: PaidPlan; paidCents: number; paidAt: Date },
): Promise<MembershipTerm> {
  const term = await extendMembership(tx, { userId: payment.userId, plan: payment.plan, orderId: payment.orderId, at: payment.paidAt });
  await queueMembershipReceipt(tx, { ...omit(payment, "userId", "orderId"), expiresOn: term.renewsOn });
  return term;
}

/**
 * The receipt for dues paid at the desk (the memberships desk's renewal, a grant from a member's page):
 * the same email as for an order, with the desk's receipt number, how it was paid and the months bought.
 * Queued in the caller's transaction, which records the payment and extends the term.
 */
export async function queueDeskMembershipReceipt(
  tx: DbOrTransaction,
  facts: { to: string; memberName: string; plan: PaidPlan; paidCents: number; paidAt: Date; expiresOn: Date; desk: DeskReceipt },
): Promise<void> {
  await queueMembershipReceipt(tx, facts);
}

/**
 * Queues the membership receipt (IRS Publication 1771) in the transaction that records the payment,
 * with the benefits' value as staff have set it at that moment.
 */
async function queueMembershipReceipt(
  tx: DbOrTransaction,
  facts: { to: string; memberName: string; orderNumber?: string; desk?: DeskReceipt; plan: PaidPlan; paidCents: number; paidAt: Date; expiresOn: Date },
): Promise<void> {
  const values = await benefitValues(tx);
  // The value staff set is a year's; a desk grant of other than 12 months states its share of it.
  const months = facts.desk?.months ?? 12;
  const benefitValueCents = Math.round((values[facts.plan] * months) / 12);
  await enqueueEmail(tx, {
    kind: "membership-receipt",
    to: facts.to,
    ...membershipReceiptEmail({
      orderNumber: facts.orderNumber,
      desk: facts.desk,
      memberName: facts.memberName,
      memberEmail: facts.to,
      planName: MEMBERSHIP_PLANS[facts.plan].shortName,
      paidCents: facts.paidCents,
      paidAt: facts.paidAt,
      expiresOn: facts.expiresOn,
      benefits: MEMBERSHIP_PLANS[facts.plan].benefits,
      benefitValueCents,
      organization: receiptOrganization(),
    }),
  });
}
