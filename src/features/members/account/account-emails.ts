import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { site } from "@/lib/site";

/** Sent to the new address: the change happens only when its owner presses Confirm. */
export function changeEmailConfirmEmail(link: string, currentAddress: string): ComposedEmail {
  return composeEmail(`Confirm your new email for ${site.shortName}`, [
    "Hello,",
    `Someone (hopefully you) asked to move the ${site.name} account of ${currentAddress} to this address. Open this link and press Confirm to make the change. It expires in 24 hours:`,
    { button: "Confirm my new email", href: link, showAddress: true },
    "If it was not you, ignore this email: nothing changes without the link.",
    signature(),
  ]);
}

/** Sent to the asked-for address when it already belongs to an account: the requester is not told. */
export function changeEmailTakenEmail(signInLink: string): ComposedEmail {
  return composeEmail(`This address already has a ${site.shortName} account`, [
    "Hello,",
    `Someone asked to move another ${site.name} account to this address, which already has its own account, so nothing was changed.`,
    { button: "Sign in", href: signInLink },
    "If it was not you, you need not do anything.",
    signature(),
  ]);
}

/** Sent to the old address once the change is confirmed. */
export function emailChangedEmail(newAddress: string, contactLink: string): ComposedEmail {
  return composeEmail(`Your ${site.shortName} email address was changed`, [
    "Hello,",
    `The ${site.name} account that used this address now uses ${newAddress}; the change was confirmed from that mailbox. This address no longer signs in.`,
    "If you did not ask for this, contact us at once and we will help you get your account back:",
    { button: "Contact us", href: contactLink },
    signature(),
  ]);
}

/** Sent when an account is deleted, to the address it had. */
export function accountDeletedEmail(): ComposedEmail {
  return composeEmail(`Your ${site.shortName} account was deleted`, [
    "Hello,",
    `Your ${site.name} account has been deleted, as you asked: your profile, settings, cart, sessions and newsletter subscription are gone and your event registrations are canceled.`,
    "Orders and gift receipts are kept, as the law requires, without your name, email address, phone number or postal address.",
    signature(),
  ]);
}
