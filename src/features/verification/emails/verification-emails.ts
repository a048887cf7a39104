import { composeEmail, signature, type ComposedEmail } from "@/lib/email/compose";
import { site } from "@/lib/site";

/** Sent when staff approve a member's service status; `validThrough` is already written out ("June 20, 2028"). */
export function verificationApprovedEmail(input: { status: string; validThrough: string; profileLink: string }): ComposedEmail {
  return composeEmail(`Your service status is verified: ${input.status}`, [
    "Hello,",
    `Thank you for your service. We verified your status as ${input.status}. The verification is valid through ${input.validThrough}.`,
    "Until then, the service discount is applied automatically at checkout in our shop and on membership dues, at the rate the association sets. Where member pricing also applies, you get the better of the two, not both.",
    "We deleted the document you sent us; we keep only our decision and its date.",
    { button: "See it in your profile", href: input.profileLink },
    signature(),
  ]);
}

/** Sent when staff turn a request down, with their reason. */
export function verificationRejectedEmail(input: { status: string; reason: string; profileLink: string }): ComposedEmail {
  return composeEmail(`We could not verify your service status (${input.status})`, [
    "Hello,",
    `We looked at the document you sent to verify your status as ${input.status}, and could not verify it. The reason:`,
    { quote: input.reason.split("\n") },
    "We deleted the document. You are welcome to ask again from your profile with another document.",
    { button: "Ask again from your profile", href: input.profileLink },
    `Questions? Write to ${site.email} or call ${site.phone}.`,
    signature(),
  ]);
}
