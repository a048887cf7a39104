import { composeEmail, signature, type ComposedEmail, type EmailBlock } from "@/lib/email/compose";
import { site } from "@/lib/site";

/**
 * To the sender, right after the contact form stored their message. It repeats none of what was typed:
 * the form takes any address, so a stranger's text must not reach someone else's mailbox from us.
 */
export function acknowledgementEmail(): ComposedEmail {
  return composeEmail(`We received your message — ${site.shortName}`, [
    "Hello,",
    `Thank you for writing to the ${site.name}. Your message has reached our team.`,
    `${site.responsePromise} Our reply will come to this email address; you can also reach us at ${site.email} or ${site.phone} (${site.phoneHours}).`,
    "If you did not send us a message, you can ignore this email.",
    signature(),
  ]);
}

export interface NewMessageSummary {
  name: string;
  email: string;
  subject: string;
  categoryLabel: string;
  /** When to have answered by, as the contact page promises. */
  replyBy: string;
  link: string;
}

/** To staff: a new message is waiting in the inbox. Reply from the staff area, so the reply is kept in the thread. */
export function newMessageStaffEmail(message: NewMessageSummary): ComposedEmail {
  return composeEmail(`New message: ${message.subject}`, [
    `A new message arrived through the contact form (${message.categoryLabel}).`,
    { lines: [`From: ${message.name} <${message.email}>`, `Subject: ${message.subject}`] },
    `The contact page promises an answer within 24 hours: please reply by ${message.replyBy}. Read and answer it in the staff area (the reply is emailed from there and kept with the message):`,
    { button: "Open the message", href: message.link },
  ]);
}

/** A staff member's reply, with the sender's message quoted below it. */
export function replyEmail(reply: { body: string; subject: string; name: string; originalMessage: string; sentAt: string }): ComposedEmail {
  const paragraphs: EmailBlock[] = reply.body.split(/\r?\n(?:\s*\r?\n)+/).filter((paragraph) => paragraph.trim() !== "");
  const subject = /^re:/i.test(reply.subject) ? reply.subject : `Re: ${reply.subject}`;
  return composeEmail(subject, [
    ...paragraphs,
    { rule: true },
    signature(),
    `On ${reply.sentAt}, ${reply.name} wrote:`,
    { quote: reply.originalMessage.split(/\r?\n/) },
  ]);
}
