import { z } from "zod";
import { singleLineText } from "@/lib/text-fields";

export const subscribeSchema = z.object({
  email: singleLineText({ message: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }))
    .transform((email) => email.toLowerCase()),
});

export type SubscribeInput = z.output<typeof subscribeSchema>;

/** What every address hears after signing up, subscribed already or not: the mailbox alone learns which. */
export function signUpAnswer(email: string): string {
  return `Almost there: check ${email} for an email from us and follow it to confirm. We send no newsletter until the address is confirmed.`;
}

export const CONFIRM_LINK_LAPSED =
  "This confirmation link has expired or has already been used. If you are not subscribed yet, sign up again with the newsletter form at the bottom of any page.";
export const UNSUBSCRIBE_LINK_UNKNOWN = "We do not recognize this unsubscribe link. Use the link in the newsletter itself, or contact us.";

/** The token of a confirmation or unsubscribe link, as the page's form posts it back. */
export const tokenSchema = z.object({
  token: z.string({ message: "This link is incomplete. Open it again from the email." }).trim().max(200, "This link is not one of ours."),
});
