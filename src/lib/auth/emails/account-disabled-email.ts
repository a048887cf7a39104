import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { site } from "@/lib/site";

/** Sent instead of a reset link when the account asking for one is disabled: no link, whom to contact. */
export function accountDisabledEmail(): ComposedEmail {
  return composeEmail(`Your ${site.shortName} account is disabled`, [
    "Hello,",
    `Someone (hopefully you) asked to reset the password of the ${site.name} account with this address. This account has been disabled, so its password cannot be reset and it cannot sign in.`,
    `If you think this is a mistake, please contact us at ${site.email} or ${site.phone}.`,
    signature(),
  ]);
}
