import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { site } from "@/lib/site";

/** The password-reset message. */
export function passwordResetEmail(link: string): ComposedEmail {
  return composeEmail(`Reset your ${site.shortName} password`, [
    "Hello,",
    `Someone (hopefully you) asked to reset the password of your ${site.name} account. Open this link to choose a new password. It works once and expires in one hour:`,
    { button: "Choose a new password", href: link, showAddress: true },
    "If you did not ask for this, you can ignore this email; your password stays the same.",
    signature(),
  ]);
}
