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

/** What deliverDueEmails needs from a mail server: send resolves once the server accepted the message. */
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
      });
    },
    close() {
      transporter.close();
    },
  };
}
