import { site } from "@/lib/site";
import { escapeHtml } from "@/lib/email/escape-html";

/** Sent instead of a reset link when the account asking for one is disabled: no link, whom to contact. */
export function accountDisabledEmail(): { subject: string; text: string; html: string } {
  const subject = `Your ${site.shortName} account is disabled`;
  const lines = [
    "Hello,",
    "",
    `Someone (hopefully you) asked to reset the password of the ${site.name} account with this address.`,
    "This account has been disabled, so its password cannot be reset and it cannot sign in.",
    `If you think this is a mistake, please contact us at ${site.email} or ${site.phone}.`,
  ];
  const text = [...lines, "", `${site.name} · ${site.email} · ${site.phone}`].join("\n");
  const html = lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join("\n");
  return { subject, text, html };
}
