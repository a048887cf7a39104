import { escapeHtml } from "@/lib/email/escape-html";
import { site } from "@/lib/site";
import { blocksToHtml, blocksToText, parseNewsletter } from "../newsletter-format";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const postalAddress = `${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`;

/** A plain frame for the HTML part: the association's name on top, `footer` in small print. */
function frame(title: string, bodyHtml: string, footerHtml: string): string {
  return [
    "<!DOCTYPE html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f5f1e8">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#14213d">',
    `<p style="margin:0 0 24px;font-weight:bold;font-size:18px">${escapeHtml(site.name)}</p>`,
    bodyHtml,
    `<div style="margin-top:32px;padding-top:16px;border-top:1px solid #c9c2b2;font-size:13px;color:#3d4a5c">${footerHtml}</div>`,
    "</div></body></html>",
  ].join("\n");
}

const paragraphs = (lines: string[]) => lines.map((line) => `<p style="margin:0 0 16px">${line}</p>`).join("\n");
const link = (href: string, text = href) => `<a href="${escapeHtml(href)}" style="color:#1f3a5f;text-decoration:underline">${escapeHtml(text)}</a>`;

/** To an address someone typed into the footer form or ticked "Marketing emails" for: nothing is sent until its owner confirms. */
export function confirmationEmail(confirmUrl: string, days: number): EmailContent {
  const subject = `Confirm your newsletter subscription — ${site.shortName}`;
  const text = [
    "Hello,",
    "",
    `Someone, hopefully you, asked to receive the ${site.name} newsletter at this address.`,
    "To start receiving it, open this link and press Confirm on the page it opens:",
    "",
    confirmUrl,
    "",
    `The link works for ${days} days. If you did not ask for the newsletter, ignore this email: without your`,
    "confirmation we send you nothing more and forget the address.",
    "",
    `${site.name} · ${postalAddress}`,
  ].join("\n");
  const html = frame(
    subject,
    paragraphs([
      "Hello,",
      `Someone, hopefully you, asked to receive the ${escapeHtml(site.name)} newsletter at this address. To start receiving it, open this link and press Confirm on the page it opens:`,
      link(confirmUrl, "Confirm my subscription"),
      `The link works for ${days} days. If you did not ask for the newsletter, ignore this email: without your confirmation we send you nothing more and forget the address.`,
    ]),
    `${escapeHtml(site.name)} · ${escapeHtml(postalAddress)}`,
  );
  return { subject, text, html };
}

/**
 * To an address that is already confirmed when someone asks again: the form gave the same answer as for
 * any other address, and only the mailbox's owner learns that nothing needed doing.
 */
export function alreadySubscribedEmail(): EmailContent {
  const subject = `You're already subscribed — ${site.shortName}`;
  const text = [
    "Hello,",
    "",
    `Someone, hopefully you, asked to receive the ${site.name} newsletter at this address.`,
    "This address is already subscribed, so nothing has changed and there is nothing for you to do.",
    "",
    "Every newsletter ends with a link to unsubscribe in one click, whenever you like.",
    "",
    `${site.name} · ${postalAddress}`,
  ].join("\n");
  const html = frame(
    subject,
    paragraphs([
      "Hello,",
      `Someone, hopefully you, asked to receive the ${escapeHtml(site.name)} newsletter at this address. This address is already subscribed, so nothing has changed and there is nothing for you to do.`,
      "Every newsletter ends with a link to unsubscribe in one click, whenever you like.",
    ]),
    `${escapeHtml(site.name)} · ${escapeHtml(postalAddress)}`,
  );
  return { subject, text, html };
}

export interface NewsletterEmail extends EmailContent {
  headers: Record<string, string>;
}

/**
 * One newsletter issue for one reader, with the headers that let a mail client offer "Unsubscribe" and
 * do it with one POST (RFC 8058): the link carries the reader's own token, so no cookie is needed.
 */
export function newsletterIssueEmail(issue: { subject: string; body: string }, unsubscribeUrl: string, options: { test?: boolean } = {}): NewsletterEmail {
  const blocks = parseNewsletter(issue.body);
  const subject = options.test ? `[Test] ${issue.subject}` : issue.subject;
  const why = "You receive this because you subscribed to our newsletter and confirmed your address.";
  const text = [
    blocksToText(blocks),
    "",
    why,
    "Unsubscribe in one click:",
    "",
    unsubscribeUrl,
    "",
    `${site.name} · ${postalAddress}`,
  ].join("\n");
  const html = frame(
    issue.subject,
    blocksToHtml(blocks),
    [
      `<p style="margin:0 0 8px">${escapeHtml(why)} Unsubscribe in one click: ${link(unsubscribeUrl, "Unsubscribe")}</p>`,
      `<p style="margin:0">${escapeHtml(site.name)} · ${escapeHtml(postalAddress)}</p>`,
    ].join("\n"),
  );
  return {
    subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
