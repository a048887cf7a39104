import { site } from "@/lib/site";
import { escapeHtml } from "@/lib/email/escape-html";

/** The password-reset message: plain text first (it is what many mail clients show), and simple HTML. */
export function passwordResetEmail(link: string): { subject: string; text: string; html: string } {
  const subject = `Reset your ${site.shortName} password`;
  const text = [
    "Hello,",
    "",
    `Someone (hopefully you) asked to reset the password of your ${site.name} account.`,
    "Open this link to choose a new password. It works once and expires in one hour:",
    "",
    link,
    "",
    "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
    "",
    `${site.name} · ${site.email} · ${site.phone}`,
  ].join("\n");
  const html = `<p>Hello,</p>
<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(site.name)} account.
Choose a new password with the button below. The link works once and expires in one hour.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#4b5320;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Choose a new password</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>If you did not ask for this, you can ignore this e-mail; your password stays the same.</p>
<p style="color:#555">${escapeHtml(site.name)} · ${escapeHtml(site.email)} · ${escapeHtml(site.phone)}</p>`;
  return { subject, text, html };
}
