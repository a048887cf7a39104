import "server-only";
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { likeContaining } from "@/lib/like-containing";
import type { OutboxFilter, OutboxStatus } from "./email-log-desk.schema";
import { carriesSecret, redactLinks } from "./redact";

export const OUTBOX_PAGE_SIZE = 50;

export interface OutboxRow {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export interface OutboxMessage extends OutboxRow {
  replyTo: string | null;
  /** The text body with links' secrets removed, or null when the whole body is withheld (a reset link). */
  body: string | null;
  attachments: string[];
  nextAttemptAt: Date;
  expiresAt: Date | null;
}

const rowColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

/** The outbox, newest first, filtered by status and recipient; the total counts the whole filter. */
export async function listOutbox(db: Database, filter: OutboxFilter): Promise<{ total: number; messages: OutboxRow[] }> {
  const where = and(...[filter.status ? eq(emailOutbox.status, filter.status) : undefined, filter.q ? ilike(emailOutbox.toAddress, likeContaining(filter.q)) : undefined].filter((c): c is SQL => c !== undefined));
  const [[total], messages] = await Promise.all([
    db.select({ count: count() }).from(emailOutbox).where(where),
    db
      .select(rowColumns)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((filter.page - 1) * OUTBOX_PAGE_SIZE),
  ]);
  return { total: total?.count ?? 0, messages };
}

/** One message as staff may read it (see redact.ts); null when there is no such message. */
export async function getOutboxMessage(db: Database, id: number): Promise<OutboxMessage | null> {
  const [row] = await db
    .select({ ...rowColumns, replyTo: emailOutbox.replyTo, textBody: emailOutbox.textBody, attachments: emailOutbox.attachments, nextAttemptAt: emailOutbox.nextAttemptAt, expiresAt: emailOutbox.expiresAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  if (!row) return null;
  const { textBody, attachments, ...rest } = row;
  return {
    ...rest,
    body: carriesSecret(row.kind) ? null : redactLinks(textBody),
    attachments: attachments.map((file) => file.filename),
  };
}
