import { composeEmail, signature, type EmailBlock } from "@/lib/email/compose";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import type { Organization } from "@/lib/receipt-organization";
import { TRIBUTE_LABELS, type TributeKind } from "../donation-fields";
import { formatLongDate } from "@/lib/time";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** IRS Publication 1771: a written acknowledgment says whether anything was given in return. */
export const NO_GOODS_OR_SERVICES = "No goods or services were provided in exchange for this contribution.";


export interface MailingAddress {
  street: string;
  city: string;
  region: string;
  postalCode: string;
}

const greeting = (name: string) => `Dear ${name},`;

const questions = () => `Questions? Reply to this email or call us at ${site.phone}.`;

function addressLines(organization: Organization, address: MailingAddress): string[] {
  return [organization.legalName, address.street, `${address.city}, ${address.region} ${address.postalCode}`];
}

export interface ReceiptFacts {
  receiptNumber: string;
  reference: string;
  donorName: string;
  donorEmail: string;
  /** The whole contribution (what was paid); `feeCents` of it covered the card fee at the donor's choice. */
  totalCents: number;
  feeCents: number;
  receivedAt: Date;
  kind: "one-time card" | "monthly card" | "check or cash";
  tribute: { kind: TributeKind; name: string } | null;
  /** A monthly gift's "manage or cancel" link (a token of its own in every receipt). */
  manageLink: string | null;
  organization: Organization;
}

function amountLine(facts: Pick<ReceiptFacts, "totalCents" | "feeCents">): string {
  const total = formatCents(facts.totalCents);
  if (facts.feeCents === 0) return total;
  return `${total} (your gift of ${formatCents(facts.totalCents - facts.feeCents)} plus ${formatCents(facts.feeCents)} you added to cover the card processing fee)`;
}

const KIND_LABELS: Record<ReceiptFacts["kind"], string> = {
  "one-time card": "One-time gift, paid by card",
  "monthly card": "Monthly gift, this month's card payment",
  "check or cash": "Gift by check or cash",
};

/** The written acknowledgment a 501(c)(3) donor keeps for their taxes (IRS Publication 1771). */
export function receiptEmail(facts: ReceiptFacts): EmailContent {
  const { organization } = facts;
  const rows: [string, string][] = [
    ["Receipt number", facts.receiptNumber],
    ["Date of contribution", formatLongDate(facts.receivedAt)],
    ["Amount", amountLine(facts)],
    ["Gift", `${KIND_LABELS[facts.kind]} (${facts.reference})`],
    ...(facts.tribute ? [[TRIBUTE_LABELS[facts.tribute.kind], facts.tribute.name] as [string, string]] : []),
    ["Donor", `${facts.donorName} <${facts.donorEmail}>`],
    ["Received by", organization.legalName],
    ["EIN", organization.ein],
  ];
  const status = `${organization.legalName} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code (EIN ${organization.ein}). Your gift is tax-deductible to the extent allowed by law.`;
  const manage: EmailBlock[] = facts.manageLink
    ? ["Your monthly gift: update the card or cancel the gift on Stripe's secure page (no account needed).", { button: "Manage or cancel my monthly gift", href: facts.manageLink, showAddress: true }]
    : [];
  return composeEmail(`Your donation receipt ${facts.receiptNumber} — ${site.shortName}`, [
    greeting(facts.donorName),
    `Thank you for your gift to the ${site.name}. This email is your receipt.`,
    { lines: ["DONATION RECEIPT", ...rows.map(([label, value]) => `${label}: ${value}`)] },
    NO_GOODS_OR_SERVICES,
    { lines: [status, "Please keep this receipt for your tax records."] },
    ...manage,
    signature(),
  ]);
}

/** A refunded gift: its receipt no longer counts. */
export function receiptVoidEmail(facts: { receiptNumber: string; donorName: string; totalCents: number; receivedAt: Date; refundedAt: Date }): EmailContent {
  return composeEmail(`Receipt ${facts.receiptNumber} is void: your gift was refunded`, [
    greeting(facts.donorName),
    `We refunded your gift of ${formatCents(facts.totalCents)} made on ${formatLongDate(facts.receivedAt)}. The refund was made on ${formatLongDate(facts.refundedAt)} and goes back to the card you paid with; your bank may take 5 to 10 business days to show it.`,
    `Receipt ${facts.receiptNumber} is VOID: please do not use it for a tax deduction.`,
    questions(),
    signature(),
  ]);
}

/** Without card payments on the site: how to give the pledged gift. */
export function pledgeEmail(facts: {
  donorName: string;
  reference: string;
  totalCents: number;
  organization: Organization;
  address: MailingAddress;
  phone: string;
  phoneHours: string;
}): EmailContent {
  return composeEmail(`Your pledge ${facts.reference}: how to give`, [
    greeting(facts.donorName),
    `Thank you for pledging a gift of ${formatCents(facts.totalCents)} to the ${site.name}. Your pledge reference is ${facts.reference}.`,
    `By check: make it payable to ${facts.organization.legalName}, write ${facts.reference} on the memo line, and mail it to:`,
    { lines: addressLines(facts.organization, facts.address) },
    `At our office: bring a check or cash to the address above (call ${facts.phone} first, ${facts.phoneHours}).`,
    "When we receive your gift, we email you a receipt for your tax records.",
    signature(),
  ]);
}

/** A monthly charge failed: nothing was taken this time; the donor can update the card. */
export function paymentFailedEmail(facts: { donorName: string; totalCents: number; manageLink: string }): EmailContent {
  return composeEmail("Your monthly gift could not be charged", [
    greeting(facts.donorName),
    `We could not charge your card for your monthly gift of ${formatCents(facts.totalCents)}: the payment was declined, and nothing was taken this time.`,
    "To keep your monthly gift going, update your card on Stripe's secure page (no account needed). You can also cancel the gift there.",
    { button: "Update my card", href: facts.manageLink, showAddress: true },
    questions(),
    signature(),
  ]);
}

/** The subscription ended (cancelled by the donor in the portal, by staff, or after failed payments). */
export function monthlyGiftEndedEmail(facts: { donorName: string; totalCents: number }): EmailContent {
  return composeEmail("Your monthly gift has ended", [
    greeting(facts.donorName),
    `Your monthly gift of ${formatCents(facts.totalCents)} to the ${site.name} has ended. No further payments will be taken.`,
    "Thank you for the support you gave. If you did not mean to end it, you can start a new monthly gift on our donate page at any time.",
    signature(),
  ]);
}

/** To the person the donor asked us to tell: who gave, in whose honor or memory. Never the amount. */
export function tributeEmail(facts: { donorName: string; tribute: { kind: TributeKind; name: string; notifyName: string | null } }): EmailContent {
  const phrase = `${TRIBUTE_LABELS[facts.tribute.kind].toLowerCase()} ${facts.tribute.name}`;
  return composeEmail(`A gift ${phrase}`, [
    facts.tribute.notifyName ? `Dear ${facts.tribute.notifyName},` : "Hello,",
    `${facts.donorName} has made a gift to the ${site.name} ${phrase}, and asked us to let you know.`,
    `${site.name} is a veteran-led nonprofit: the gift supports training, fitness and community programs for service members, veterans and their families.`,
    signature(),
  ]);
}

/** IRS Publication 1771, for a statement of several gifts. */
export const NO_GOODS_OR_SERVICES_STATEMENT = "No goods or services were provided in exchange for these contributions.";

export interface StatementGift {
  receiptNumber: string;
  reference: string;
  receivedAt: Date;
  totalCents: number;
}

/** One donor's gifts in one calendar year: what a year-end statement (email or PDF) is made from. */
export interface StatementFacts {
  year: number;
  donorName: string;
  donorEmail: string;
  /** Received and not refunded, oldest first. */
  gifts: StatementGift[];
  totalCents: number;
  organization: Organization;
  /** The day the statement was made. */
  issuedAt: Date;
}

/** The 501(c)(3) sentence under every statement. */
export function exemptStatus(organization: Organization): string {
  return `${organization.legalName} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code (EIN ${organization.ein}). Your gifts are tax-deductible to the extent allowed by law.`;
}

/** A gift's line: "March 3, 2027 · receipt 2027-000012 · $50.00". */
export const statementGiftLine = (gift: StatementGift) => `${formatLongDate(gift.receivedAt)} · receipt ${gift.receiptNumber} · ${formatCents(gift.totalCents)}`;

/** The year-end statement email; the PDF (same facts) is attached by the caller. */
export function yearEndStatementEmail(facts: StatementFacts): EmailContent {
  const { organization } = facts;
  const count = facts.gifts.length === 1 ? "1 gift" : `${facts.gifts.length} gifts`;
  return composeEmail(`Your ${facts.year} giving statement — ${site.shortName}`, [
    greeting(facts.donorName),
    `Thank you for supporting the ${site.name} in ${facts.year}. This is your year-end giving statement: the gifts we received from you in ${facts.year} (${count}), for your tax records. A PDF copy is attached.`,
    {
      lines: [
        `YEAR-END GIVING STATEMENT ${facts.year}`,
        `Donor: ${facts.donorName} <${facts.donorEmail}>`,
        `Received by: ${organization.legalName}`,
        `EIN: ${organization.ein}`,
        `Statement date: ${formatLongDate(facts.issuedAt)}`,
      ],
    },
    { lines: ["Gifts (date · receipt number · amount):", ...facts.gifts.map(statementGiftLine)] },
    `Total of your gifts in ${facts.year}: ${formatCents(facts.totalCents)}`,
    NO_GOODS_OR_SERVICES_STATEMENT,
    { lines: [exemptStatus(organization), "Refunded gifts are not included. Each gift also had its own receipt; please keep this statement with them."] },
    "Signed-in members can download this statement again as a PDF from the Giving tab of their profile.",
    questions(),
    signature(),
  ]);
}
