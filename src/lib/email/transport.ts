import nodemailer from "nodemailer";
import type { OutboxAttachment } from "@/db/schema/email";

/** One message as it leaves the outbox. The sender address belongs to the transport unless `from` names another. */
export interface OutgoingEmail {
  /** A sender other than the transport's own (newsletters go from NEWSLETTER_FROM). */
  from?: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments: OutboxAttachment[];
  headers?: Record<string, string>;
}

/**
 * The mail server refused the message for good (an SMTP 5xx reply such as 550 "no such user", RFC 5321):
 * sending it again would only be refused again, so the outbox marks it failed at once.
 */
export class MessageRefused extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = "Refused for good";
  }
}

/**
 * What deliverDueEmails needs from a mail server: send resolves once the server accepted the message,
 * and rejects with a MessageRefused when the server refused it for good (any other error is retried).
 */
export interface MailTransport {
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * Sends over SMTP with nodemailer. The url is smtp:// (STARTTLS when offered) or smtps:// (TLS), with
 * credentials in it when the server needs them. Timeouts are far shorter than nodemailer's defaults
 * (minutes) because the outbox row stays locked while a message is being sent.
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from ?? from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          ...(a.encoding ? { encoding: a.encoding } : {}),
          ...(a.cid ? { cid: a.cid } : {}),
        })),
        ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
      }).catch((error: unknown) => {
        throw refusedForGood(error) ? new MessageRefused((error as Error).message, { cause: error }) : error;
      });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Nodemailer marks an error `permanent` from the reply's class (5xx but 503). A refused login (EAUTH) is
 * the site's own setting, not this message's fault: it is retried, so mail flows again once it is fixed.
 */
function refusedForGood(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { permanent, code } = error as Error & { permanent?: boolean; code?: string };
  return permanent === true && code !== "EAUTH" && code !== "ENOAUTH";
}
