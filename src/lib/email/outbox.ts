import type { Database } from "@/db/client";
import { emailOutbox, type OutboxAttachment } from "@/db/schema/email";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { htmlFromText } from "./compose";
import type { EmailKind } from "./kinds";

/** The app's Drizzle handle or a transaction opened on it: enqueueing commits or rolls back with the caller's work. */
export type DbOrTransaction = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface NewEmail {
  /** What the message is for, e.g. "password-reset", "event-registration": one of lib/email/kinds.ts. */
  kind: EmailKind;
  to: string;
  /** Where the recipient's answer should go; default EMAIL_REPLY_TO (the sender, EMAIL_FROM, is a no-reply address). */
  replyTo?: string;
  subject: string;
  text: string;
  /** Default: the text's paragraphs as HTML (build both parts with composeEmail so they say the same). */
  html?: string;
  attachments?: OutboxAttachment[];
  /** Extra header fields by name, e.g. a newsletter's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** `link`: the one URL the reader must follow; logged when no SMTP server is configured, outside production only. */
  log?: { link?: string };
  /** When the message stops being worth sending (its link lapses); a message still pending then is marked expired. */
  expiresAt?: Date;
}

/** RFC 2606 reserves `.invalid`: no mail can be delivered there (a deleted account's orders and gifts carry such an address). */
export function isUndeliverableAddress(address: string): boolean {
  return /\.invalid>?\s*$/i.test(address);
}

/**
 * Writes a pending message to the outbox and returns its id. Nothing is sent here: the worker delivers
 * it when SMTP_URL is set (call kickEmailDelivery() after your transaction commits for prompt delivery).
 * Without SMTP the message stays pending and one log line names it (with its link outside production).
 * A message to an address that can never receive mail is not queued at all (null): it would only fail.
 */
export async function enqueueEmail(db: DbOrTransaction, email: NewEmail): Promise<number | null> {
  const [id] = await enqueueEmails(db, [email]);
  return id ?? null;
}

/** How many messages one INSERT writes (ten columns each, well inside PostgreSQL's 65,535 parameters). */
const ROWS_PER_INSERT = 1_000;

/**
 * Many messages at once (a CSV import's confirmation emails), with a few INSERTs instead of one per
 * message; each is what enqueueEmail writes. Returns their ids in order, null for an address that can
 * never receive mail.
 */
export async function enqueueEmails(db: DbOrTransaction, emails: readonly NewEmail[]): Promise<(number | null)[]> {
  const env = getEnv();
  const ids: (number | null)[] = emails.map(() => null);
  const deliverable: number[] = [];
  emails.forEach((email, i) => {
    if (!isUndeliverableAddress(email.to)) deliverable.push(i);
    else log.info({ event: "email.not-queued", kind: email.kind, to: email.to }, "email not queued: the address cannot receive mail");
  });
  for (let start = 0; start < deliverable.length; start += ROWS_PER_INSERT) {
    const chunk = deliverable.slice(start, start + ROWS_PER_INSERT);
    const rows = await db
      .insert(emailOutbox)
      .values(
        chunk.map((i) => {
          const email = emails[i]!;
          return {
            kind: email.kind,
            toAddress: email.to,
            replyTo: email.replyTo ?? env.EMAIL_REPLY_TO,
            subject: email.subject,
            textBody: email.text,
            htmlBody: email.html ?? htmlFromText(email.subject, email.text),
            attachments: email.attachments ?? [],
            headers: email.headers ?? {},
            expiresAt: email.expiresAt ?? null,
          };
        }),
      )
      .returning({ id: emailOutbox.id });
    if (rows.length !== chunk.length) throw new Error("Inserting into email_outbox returned fewer rows than it was given");
    chunk.forEach((i, n) => (ids[i] = rows[n]!.id));
  }
  if (!env.SMTP_URL) {
    for (const i of deliverable) {
      const email = emails[i]!;
      // Links carry secrets (reset tokens, claim tokens): a production log never holds them.
      const link = env.NODE_ENV !== "production" ? email.log?.link : undefined;
      log.info(
        { event: "email.not-sent", outboxId: ids[i], kind: email.kind, to: email.to, subject: email.subject, ...(link ? { link } : {}) },
        "email not sent: SMTP_URL is unset (kept in the outbox)",
      );
    }
  }
  return ids;
}
