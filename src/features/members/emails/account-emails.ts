import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { site } from "@/lib/site";

/** Sent after a sign-up: the link opens a page whose button confirms the address and signs the member in. */
export function confirmEmailEmail(link: string): ComposedEmail {
  return composeEmail(`Confirm your e-mail for ${site.shortName}`, [
    "Hello,",
    `Someone (hopefully you) created a ${site.name} account with this address. Open this link to confirm it and sign in. It expires in 24 hours:`,
    { button: "Confirm my e-mail", href: link, showAddress: true },
    "If it was not you, ignore this e-mail: nothing happens without the link.",
    signature(),
  ]);
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountEmail(signInLink: string, resetLink: string): ComposedEmail {
  return composeEmail(`You already have a ${site.shortName} account`, [
    "Hello,",
    `Someone (hopefully you) tried to create a ${site.name} account with this address, which already has one.`,
    { button: "Sign in", href: signInLink },
    { button: "Forgot your password? Choose a new one", href: resetLink },
    "If it was not you, ignore this e-mail: your account has not changed.",
    signature(),
  ]);
}

/** Sent once to every new account, by form or by Google. */
export function welcomeEmail(name: string, siteLink: string, confirmed: boolean): ComposedEmail {
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  return composeEmail(`Welcome to ${site.shortName}`, [
    greeting,
    `Welcome to the ${site.name}. Your account is ready: you can browse the calendar, register for events and shop straight away.`,
    confirmed
      ? "Your e-mail address is confirmed, so gifts and guest orders made with it show in your profile."
      : "We have sent a separate e-mail with a link to confirm your address. Until you confirm it, gifts and guest orders made with this address do not show in your profile.",
    { button: "Open my profile", href: `${siteLink}/profile` },
    signature(),
  ]);
}
