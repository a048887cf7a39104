import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import { formatLongDate } from "@/lib/time";
import { giftPartCents } from "../membership-benefits";

/** A payment recorded at the desk: its own receipt number (no order), how it was paid, and the months it bought. */
export interface DeskReceipt {
  number: string;
  methodLabel: string;
  months: number;
}

export interface MembershipReceiptFacts {
  /** The order that paid the dues, or, for a payment taken at the desk, `desk` instead. */
  orderNumber?: string;
  desk?: DeskReceipt;
  memberName: string;
  memberEmail: string;
  planName: string;
  paidCents: number;
  paidAt: Date;
  expiresOn: Date;
  benefits: readonly string[];
  benefitValueCents: number;
  organization: { legalName: string; ein: string };
}

/**
 * The receipt for membership dues (IRS Publication 1771, ADR 0019): the benefits received, staff's
 * good-faith estimate of their value, and the part that is a gift (what was paid less that value,
 * never below zero), from the organization named by its legal name and EIN.
 */
export function membershipReceiptEmail(facts: MembershipReceiptFacts): ComposedEmail {
  const gift = giftPartCents(facts.paidCents, facts.benefitValueCents);
  const giftLine =
    gift > 0
      ? `Of your payment of ${formatCents(facts.paidCents)}, ${formatCents(gift)} is a gift: the part that may be tax-deductible is the amount paid less the value of the benefits.`
      : `The value of the benefits is not less than what you paid, so no part of this payment is a gift.`;
  const reference = facts.desk ? `receipt ${facts.desk.number}` : `order ${facts.orderNumber}`;
  const term = facts.desk && facts.desk.months !== 12 ? `${facts.desk.months} ${facts.desk.months === 1 ? "month" : "months"}` : "one year";
  return composeEmail(`Your ${facts.planName} membership receipt (${reference})`, [
    `Dear ${facts.memberName},`,
    `Thank you for your ${facts.planName} membership of the ${site.name}. It now runs until ${formatLongDate(facts.expiresOn)}. This email is your receipt.`,
    {
      lines: [
        "MEMBERSHIP RECEIPT",
        facts.desk ? `Receipt: ${facts.desk.number}` : `Order: ${facts.orderNumber}`,
        `Date paid: ${formatLongDate(facts.paidAt)}`,
        `Membership: ${facts.planName}, ${term}`,
        `Amount paid: ${formatCents(facts.paidCents)}`,
        ...(facts.desk ? [`Paid by: ${facts.desk.methodLabel}, at the desk`] : []),
        `Member: ${facts.memberName} <${facts.memberEmail}>`,
        `Received by: ${facts.organization.legalName}`,
        `EIN: ${facts.organization.ein}`,
      ],
    },
    { lines: [`In return for your dues you receive these benefits for ${term === "one year" ? "the year" : term}:`, ...facts.benefits.map((b) => `- ${b}`)] },
    `Our good-faith estimate of the value of these benefits is ${formatCents(facts.benefitValueCents)}.`,
    giftLine,
    {
      lines: [
        `${facts.organization.legalName} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code (EIN ${facts.organization.ein}).`,
        "Please keep this receipt for your tax records.",
      ],
    },
    `Questions? Reply to this email or call us at ${site.phone}.`,
    signature(),
  ]);
}
