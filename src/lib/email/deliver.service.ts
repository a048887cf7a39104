import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { isEmailKind, type EmailKind } from "./kinds";
import { MessageRefused, type MailTransport } from "./transport";

/** Wait before attempt n+1 after n failures: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h (≈ 44 h in all). */
const RETRY_DELAYS_MS = [1, 5, 30, 120, 360, 720, 1440].map((minutes) => minutes * 60_000);
/**
 * The eighth failure gives up: the row is marked failed and kept for staff to look at. A message the
 * server refused for good (SMTP 5xx) is marked failed at its first attempt.
 */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export interface DeliveryOptions {
  /** The clock: rows with nextAttemptAt <= now are due. Default: the current time. */
  now?: Date;
  /** Most messages handled by one call. Default 20. */
  batchSize?: number;
  /** Senders other than the transport's own, by message kind (newsletters: NEWSLETTER_FROM). */
  senders?: Readonly<Partial<Record<EmailKind, string>>>;
}

export interface DeliveryResult {
  sent: number;
  /** Failed this time, scheduled again. */
  retried: number;
  /** Refused for good, or failed for the last time. */
  failed: number;
  /** Past their expiresAt before they could be sent: marked expired, never sent. */
  expired: number;
}

/** Delay after the given number of failed attempts (1-based). */
export function retryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index] ?? 0;
}

/**
 * Marks every pending message whose expiresAt has passed as expired, so mail that piled up while SMTP
 * was off (or kept failing) never delivers a lapsed link. Rows another pass is sending right now are
 * skipped rather than waited for; the send filter below keeps them from being picked up again.
 */
export async function expireStaleEmails(db: Database, now: Date = new Date()): Promise<number> {
  const stale = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.expiresAt, now)))
    .for("update", { skipLocked: true });
  const expired = await db
    .update(emailOutbox)
    .set({ status: "expired" })
    .where(sql`${emailOutbox.id} in ${stale}`)
    .returning({ id: emailOutbox.id });
  return expired.length;
}

/**
 * Expires stale messages, then sends due pending messages, one transaction per message: the row is locked with
 * `FOR UPDATE SKIP LOCKED` while it is sent, so concurrent callers (several app servers) each take
 * different rows, and its outcome commits as soon as the server has answered. A crash between the
 * server accepting a message and the commit means that one message is sent again later (at least once).
 */
export async function deliverDueEmails(db: Database, transport: MailTransport, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const batchSize = options.batchSize ?? 20;
  const clock = () => options.now ?? new Date();
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, expired: await expireStaleEmails(db, clock()) };
  for (let i = 0; i < batchSize; i++) {
    const outcome = await deliverOne(db, transport, clock(), options.senders ?? {});
    if (!outcome) break;
    result[outcome]++;
  }
  return result;
}

async function deliverOne(db: Database, transport: MailTransport, now: Date, senders: Readonly<Partial<Record<EmailKind, string>>>): Promise<"sent" | "retried" | "failed" | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          lte(emailOutbox.nextAttemptAt, now),
          or(isNull(emailOutbox.expiresAt), gt(emailOutbox.expiresAt, now)),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return undefined;

    try {
      const from = isEmailKind(row.kind) ? senders[row.kind] : undefined;
      await transport.send({
        ...(from ? { from } : {}),
        to: row.toAddress,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments: row.attachments,
        headers: row.headers,
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const gaveUp = error instanceof MessageRefused || attempts >= MAX_ATTEMPTS;
      await tx
        .update(emailOutbox)
        .set({
          attempts,
          lastError: describe(error),
          status: gaveUp ? "failed" : "pending",
          nextAttemptAt: gaveUp ? row.nextAttemptAt : new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(emailOutbox.id, row.id));
      return gaveUp ? "failed" : "retried";
    }

    await tx
      .update(emailOutbox)
      .set({ status: "sent", sentAt: now, attempts: row.attempts + 1, lastError: null })
      .where(eq(emailOutbox.id, row.id));
    return "sent";
  });
}

function describe(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, 2000);
}
