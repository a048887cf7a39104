import { site } from "@/lib/site";

const signature = `${site.name} · ${site.email} · ${site.phone}`;

/**
 * To the sender, right after the contact form stored their message. It repeats none of what was typed:
 * the form takes any address, so a stranger's text must not reach someone else's mailbox from us.
 */
export function acknowledgementEmail(): { subject: string; text: string } {
  const text = [
    "Hello,",
    "",
    `Thank you for writing to the ${site.name}. Your message has reached our team.`,
    "",
    `${site.responsePromise} Our reply will come to this e-mail address; you can also reach us at ${site.email}`,
    `or ${site.phone} (${site.phoneHours}).`,
    "",
    "If you did not send us a message, you can ignore this e-mail.",
    "",
    signature,
  ].join("\n");
  return { subject: `We received your message — ${site.shortName}`, text };
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
export function newMessageStaffEmail(message: NewMessageSummary): { subject: string; text: string } {
  const text = [
    `A new message arrived through the contact form (${message.categoryLabel}).`,
    "",
    `From: ${message.name} <${message.email}>`,
    `Subject: ${message.subject}`,
    "",
    `The contact page promises an answer within 24 hours: please reply by ${message.replyBy}.`,
    "Read and answer it in the staff area (the reply is e-mailed from there and kept with the message):",
    "",
    message.link,
  ].join("\n");
  return { subject: `New message: ${message.subject}`, text };
}

/** A staff member's reply, with the sender's message quoted below it. */
export function replyEmail(reply: { body: string; subject: string; name: string; originalMessage: string; sentAt: string }): { subject: string; text: string } {
  const quoted = reply.originalMessage
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const text = [
    reply.body,
    "",
    "—",
    signature,
    "",
    `On ${reply.sentAt}, ${reply.name} wrote:`,
    quoted,
  ].join("\n");
  const subject = /^re:/i.test(reply.subject) ? reply.subject : `Re: ${reply.subject}`;
  return { subject, text };
}
