import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { site } from "@/lib/site";

/** Sent after a sign-up: the link opens a page whose button confirms the address and signs the member in. */
export function confirmEmailEmail(link: string): ComposedEmail {
  return composeEmail(`Confirm your email for ${site.shortName}`, [
    "Hello,",
    `Someone (hopefully you) created a ${site.name} account with this address. Open this link to confirm it and sign in. It expires in 24 hours:`,
    { button: "Confirm my email", href: link, showAddress: true },
    "If it was not you, ignore this email: nothing happens without the link.",
    signature(),
  ]);
}

/**
 * Sent instead of a second account when someone signs up with an address that already has one; the
 * sign-up form and API answer exactly as for a new address, so only this mailbox learns it.
 * `confirmLink`: the account was made by a sign-up whose address was never confirmed, so its password
 * does not sign in yet; the link confirms it and signs in.
 */
export function existingAccountEmail(links: { signIn: string; reset: string; confirm?: string }): ComposedEmail {
  return composeEmail(`You already have a ${site.shortName} account`, [
    "Hello,",
    `Someone (hopefully you) tried to create a ${site.name} account with this address, which already has one. No second account was made.`,
    ...(links.confirm
      ? [
          "The address of that account was never confirmed. If it was you, open this link to confirm it and sign in. It expires in 24 hours:",
          { button: "Confirm my email", href: links.confirm, showAddress: true },
          "The password is the one chosen when the account was first made. Forgot it? Choose a new one:",
          { button: "Choose a new password", href: links.reset },
        ]
      : [
          "If it was you, sign in with your password, or choose a new one if you have forgotten it:",
          { button: "Sign in", href: links.signIn },
          { button: "Forgot your password? Choose a new one", href: links.reset },
        ]),
    "If it was not you, ignore this email: your account has not changed.",
    signature(),
  ]);
}

/** Sent once to every new account, by form or by Google. */
export function welcomeEmail(name: string, siteLink: string, confirmed: boolean): ComposedEmail {
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  return composeEmail(`Welcome to ${site.shortName}`, [
    greeting,
    ...(confirmed
      ? [
          `Welcome to the ${site.name}. Your account is ready: you can browse the calendar, register for events and shop straight away.`,
          "Your email address is confirmed, so gifts and guest orders made with it show in your profile.",
          { button: "Open my profile", href: `${siteLink}/profile` },
        ]
      : [
          `Welcome to the ${site.name}. Your account is made.`,
          "We have sent a separate email with a link to confirm your address. Open it to sign in for the first time: it confirms the address and signs you in. After that your password signs you in, and gifts and guest orders made with this address show in your profile.",
        ]),
    signature(),
  ]);
}

/** A sign-in link, asked for on the sign-in page (e.g. while the account is locked against guessing). */
export function signInLinkEmail(link: string, minutes: number, confirmed: boolean): ComposedEmail {
  return composeEmail(`Your ${site.shortName} sign-in link`, [
    "Hello,",
    `Someone (hopefully you) asked for a link to sign in to your ${site.name} account without the password. Open this link and press Sign in. It works once and expires in ${minutes} minutes:`,
    { button: "Sign in", href: link, showAddress: true },
    "Signing in with it also lifts the pause on password attempts that too many wrong passwords put on your account.",
    ...(confirmed
      ? []
      : [
          "Your address was never confirmed: signing in with this link confirms it. Since anyone could have set the password or linked a Google account before that, both are removed then; choose a new password afterwards with \"Forgot password?\" on the sign-in page.",
        ]),
    "If you did not ask for this, ignore this email: nothing happens without the link. Someone may be guessing your password; a long, unusual one keeps them out.",
    signature(),
  ]);
}
