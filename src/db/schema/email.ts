import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const outboxStatus = pgEnum("outbox_status", ["pending", "sent", "failed", "expired"]);

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (calendar files), or base64 when `encoding` says so (images). */
  content: string;
  encoding?: "base64";
  /** Content-ID of an image the HTML shows inline (`<img src="cid:…">`). */
  cid?: string;
}

/** Every outgoing email is written here first, then delivered (with retries) when SMTP is configured. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    /** What the message is for, e.g. "password-reset"; lets tests and staff find it. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    /** Where the recipient's answer should go, when not to the sender (EMAIL_FROM is often a no-reply address). */
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra header fields the message needs, by name (e.g. List-Unsubscribe on a newsletter). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** After this the message is useless (its link has lapsed): a pending row is marked expired, never sent late. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_attempts_non_negative", sql`${t.attempts} >= 0`),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
