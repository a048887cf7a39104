import { site } from "@/lib/site";
import { escapeHtml } from "@/lib/email/escape-html";

const footer = `${site.name} · ${site.email} · ${site.phone}`;

function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#4b5320;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

/** Sent after a sign-up: the link opens a page whose button confirms the address and signs the member in. */
export function confirmEmailEmail(link: string): { subject: string; text: string; html: string } {
  const subject = `Confirm your e-mail for ${site.shortName}`;
  const text = [
    "Hello,",
    "",
    `Someone (hopefully you) created a ${site.name} account with this address.`,
    "Open this link to confirm it and sign in. It expires in 24 hours:",
    "",
    link,
    "",
    "If it was not you, ignore this e-mail: nothing happens without the link.",
    "",
    footer,
  ].join("\n");
  const html = `<p>Hello,</p>
<p>Someone (hopefully you) created a ${escapeHtml(site.name)} account with this address. Confirm it with the button below; the link expires in 24 hours.</p>
${button(link, "Confirm my e-mail")}
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>If it was not you, ignore this e-mail: nothing happens without the link.</p>
<p style="color:#555">${escapeHtml(footer)}</p>`;
  return { subject, text, html };
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountEmail(signInLink: string, resetLink: string): { subject: string; text: string; html: string } {
  const subject = `You already have a ${site.shortName} account`;
  const text = [
    "Hello,",
    "",
    `Someone (hopefully you) tried to create a ${site.name} account with this address, which already has one.`,
    "",
    `Sign in: ${signInLink}`,
    `Forgot your password? Choose a new one: ${resetLink}`,
    "",
    "If it was not you, ignore this e-mail: your account has not changed.",
    "",
    footer,
  ].join("\n");
  const html = `<p>Hello,</p>
<p>Someone (hopefully you) tried to create a ${escapeHtml(site.name)} account with this address, which already has one.</p>
${button(signInLink, "Sign in")}
<p>Forgot your password? <a href="${escapeHtml(resetLink)}">Choose a new one</a>.</p>
<p>If it was not you, ignore this e-mail: your account has not changed.</p>
<p style="color:#555">${escapeHtml(footer)}</p>`;
  return { subject, text, html };
}
