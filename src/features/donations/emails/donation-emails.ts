import { escapeHtml } from "@/lib/email/escape-html";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import { TRIBUTE_LABELS, type TributeKind } from "../donation-fields";
import { formatGiftDate } from "../receipt-numbers";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** IRS Publication 1771: a written acknowledgment says whether anything was given in return. */
export const NO_GOODS_OR_SERVICES = "No goods or services were provided in exchange for this contribution.";

export interface Organization {
  legalName: string;
  ein: string;
}

export interface MailingAddress {
  street: string;
  city: string;
  region: string;
  postalCode: string;
}

const signature = `${site.name} · ${site.email} · ${site.phone}`;

function html(paragraphs: string[]): string {
  return [
    '<div style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1b2433;max-width:36rem">',
    ...paragraphs,
    `<p style="color:#555">${escapeHtml(signature)}</p>`,
    "</div>",
  ].join("\n");
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

function link(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#4b5320;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

function table(rows: [string, string][]): string {
  const cells = rows
    .map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
    .join("");
  return `<table style="border-collapse:collapse;margin:12px 0">${cells}</table>`;
}

const lines = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`);

function greeting(name: string): string {
  return `Dear ${name},`;
}

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
    ["Date of contribution", formatGiftDate(facts.receivedAt)],
    ["Amount", amountLine(facts)],
    ["Gift", `${KIND_LABELS[facts.kind]} (${facts.reference})`],
    ...(facts.tribute ? [[TRIBUTE_LABELS[facts.tribute.kind], facts.tribute.name] as [string, string]] : []),
    ["Donor", `${facts.donorName} <${facts.donorEmail}>`],
    ["Received by", organization.legalName],
    ["EIN", organization.ein],
  ];
  const status = `${organization.legalName} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code (EIN ${organization.ein}). Your gift is tax-deductible to the extent allowed by law.`;
  const manage = facts.manageLink
    ? [
        "Your monthly gift: update the card or cancel the gift on Stripe's secure page (no account needed):",
        facts.manageLink,
      ]
    : [];
  const text = [
    greeting(facts.donorName),
    "",
    `Thank you for your gift to the ${site.name}. This e-mail is your receipt.`,
    "",
    "DONATION RECEIPT",
    ...lines(rows),
    "",
    NO_GOODS_OR_SERVICES,
    "",
    status,
    "Please keep this receipt for your tax records.",
    ...(manage.length > 0 ? ["", ...manage] : []),
    "",
    signature,
  ].join("\n");
  return {
    subject: `Your donation receipt ${facts.receiptNumber} — ${site.shortName}`,
    text,
    html: html([
      p(greeting(facts.donorName)),
      p(`Thank you for your gift to the ${site.name}. This e-mail is your receipt.`),
      '<h1 style="font-size:20px;margin:16px 0 4px">Donation receipt</h1>',
      table(rows),
      `<p><strong>${escapeHtml(NO_GOODS_OR_SERVICES)}</strong></p>`,
      p(status),
      p("Please keep this receipt for your tax records."),
      ...(facts.manageLink
        ? [p("Your monthly gift: update the card or cancel the gift on Stripe's secure page (no account needed)."), link(facts.manageLink, "Manage or cancel my monthly gift")]
        : []),
    ]),
  };
}

/** A refunded gift: its receipt no longer counts. */
export function receiptVoidEmail(facts: { receiptNumber: string; donorName: string; totalCents: number; receivedAt: Date; refundedAt: Date }): EmailContent {
  const main = `We refunded your gift of ${formatCents(facts.totalCents)} made on ${formatGiftDate(facts.receivedAt)}. The refund was made on ${formatGiftDate(facts.refundedAt)} and goes back to the card you paid with; your bank may take 5 to 10 business days to show it.`;
  const voided = `Receipt ${facts.receiptNumber} is VOID: please do not use it for a tax deduction.`;
  const text = [greeting(facts.donorName), "", main, "", voided, "", `Questions? Reply to this e-mail or call us at ${site.phone}.`, "", signature].join("\n");
  return {
    subject: `Receipt ${facts.receiptNumber} is void: your gift was refunded`,
    text,
    html: html([p(greeting(facts.donorName)), p(main), `<p><strong>${escapeHtml(voided)}</strong></p>`, p(`Questions? Reply to this e-mail or call us at ${site.phone}.`)]),
  };
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
  const address = addressLines(facts.organization, facts.address);
  const intro = `Thank you for pledging a gift of ${formatCents(facts.totalCents)} to the ${site.name}. Your pledge reference is ${facts.reference}.`;
  const check = `By check: make it payable to ${facts.organization.legalName}, write ${facts.reference} on the memo line, and mail it to:`;
  const desk = `At our office: bring a check or cash to the address above (call ${facts.phone} first, ${facts.phoneHours}).`;
  const after = "When we receive your gift, we e-mail you a receipt for your tax records.";
  const text = [greeting(facts.donorName), "", intro, "", check, "", ...address.map((line) => `  ${line}`), "", desk, "", after, "", signature].join("\n");
  return {
    subject: `Your pledge ${facts.reference}: how to give`,
    text,
    html: html([
      p(greeting(facts.donorName)),
      p(intro),
      p(check),
      `<p style="padding:8px 12px;background:#f4efe4;border-radius:6px">${address.map(escapeHtml).join("<br>")}</p>`,
      p(desk),
      p(after),
    ]),
  };
}

/** A monthly charge failed: nothing was taken this time; the donor can update the card. */
export function paymentFailedEmail(facts: { donorName: string; totalCents: number; manageLink: string }): EmailContent {
  const main = `We could not charge your card for your monthly gift of ${formatCents(facts.totalCents)}: the payment was declined, and nothing was taken this time.`;
  const next = "To keep your monthly gift going, update your card on Stripe's secure page (no account needed). You can also cancel the gift there.";
  const text = [greeting(facts.donorName), "", main, "", next, facts.manageLink, "", `Questions? Reply to this e-mail or call us at ${site.phone}.`, "", signature].join("\n");
  return {
    subject: "Your monthly gift could not be charged",
    text,
    html: html([p(greeting(facts.donorName)), p(main), p(next), link(facts.manageLink, "Update my card"), p(`Questions? Reply to this e-mail or call us at ${site.phone}.`)]),
  };
}

/** The subscription ended (cancelled by the donor in the portal, by staff, or after failed payments). */
export function monthlyGiftEndedEmail(facts: { donorName: string; totalCents: number }): EmailContent {
  const main = `Your monthly gift of ${formatCents(facts.totalCents)} to the ${site.name} has ended. No further payments will be taken.`;
  const thanks = "Thank you for the support you gave. If you did not mean to end it, you can start a new monthly gift on our donate page at any time.";
  const text = [greeting(facts.donorName), "", main, "", thanks, "", signature].join("\n");
  return { subject: "Your monthly gift has ended", text, html: html([p(greeting(facts.donorName)), p(main), p(thanks)]) };
}

/** To the person the donor asked us to tell: who gave, in whose honor or memory. Never the amount. */
export function tributeEmail(facts: { donorName: string; tribute: { kind: TributeKind; name: string; notifyName: string | null } }): EmailContent {
  const phrase = `${TRIBUTE_LABELS[facts.tribute.kind].toLowerCase()} ${facts.tribute.name}`;
  const hello = facts.tribute.notifyName ? `Dear ${facts.tribute.notifyName},` : "Hello,";
  const main = `${facts.donorName} has made a gift to the ${site.name} ${phrase}, and asked us to let you know.`;
  const about = `${site.name} is a veteran-led nonprofit: the gift supports training, fitness and community programs for service members, veterans and their families.`;
  const text = [hello, "", main, "", about, "", signature].join("\n");
  return { subject: `A gift ${phrase}`, text, html: html([p(hello), p(main), p(about)]) };
}
