import { and, asc, eq, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "@/db/schema/newsletter";
import * as clock from "@/lib/clock";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { FormError } from "@/lib/form-state";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/opaque-token";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { newsletterIssueEmail } from "./emails/newsletter-emails";
import type { IssueInput, IssueUpdateInput } from "./newsletter-desk.schema";
import { unsubscribeUrl } from "./newsletter.service";

/** The outbox kind of every newsletter email; delivery sends it from NEWSLETTER_FROM. */
export const NEWSLETTER_KIND = "newsletter";

/**
 * How many recipients' messages one pass of the batch job puts in the outbox (the job runs once a
 * minute, and once at once when staff press Send): a large list goes out at this pace instead of
 * filling the outbox at once, so receipts and password resets never wait behind it, and the mail
 * server is not asked for thousands of messages in a burst.
 */
export const NEWSLETTER_BATCH_SIZE = 100;

export const ISSUE_SENT = "This newsletter has already been sent: it can no longer be changed or sent again.";
export const ISSUE_GONE = "This newsletter no longer exists.";
export const NO_SUBSCRIBERS = "Nobody has confirmed a subscription yet: there is no one to send it to.";

export async function createIssue(db: Database, actor: Actor, input: IssueInput, now: Date = clock.now()): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterIssues)
      .values({ subject: input.subject, body: input.body, createdById: actor.id, createdByEmail: actor.email, createdAt: now, updatedAt: now })
      .returning({ id: newsletterIssues.id });
    const id = row!.id;
    await recordAudit(tx, actor, { action: "newsletter.create", recordType: "newsletter_issue", recordId: String(id), after: input });
    return { id };
  });
}

/** Changes a draft; an issue that was sent stays exactly as its readers received it. */
export async function updateIssue(db: Database, actor: Actor, input: IssueUpdateInput, now: Date = clock.now()): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ subject: newsletterIssues.subject, body: newsletterIssues.body, sentAt: newsletterIssues.sentAt })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, input.id))
      .for("update");
    if (!before) throw new FormError(ISSUE_GONE);
    if (before.sentAt) throw new FormError(ISSUE_SENT);
    const after = { subject: input.subject, body: input.body };
    await tx.update(newsletterIssues).set({ ...after, updatedAt: now }).where(eq(newsletterIssues.id, input.id));
    await recordAudit(tx, actor, {
      action: "newsletter.update",
      recordType: "newsletter_issue",
      recordId: String(input.id),
      before: { subject: before.subject, body: before.body },
      after,
    });
    return { id: input.id };
  });
}

/**
 * The issue, exactly as a subscriber would get it (same sender, parts and headers), to the staff
 * member alone, with "[Test]" before the subject. Its unsubscribe link is well-formed but belongs to
 * nobody, so pressing it there unsubscribes no one.
 */
export async function sendTestIssue(db: Database, actor: Actor, id: number): Promise<{ to: string }> {
  const [issue] = await db.select({ subject: newsletterIssues.subject, body: newsletterIssues.body }).from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!issue) throw new FormError(ISSUE_GONE);
  const { headers, ...content } = newsletterIssueEmail(issue, unsubscribeUrl(newOpaqueToken()), { test: true });
  await enqueueEmail(db, { kind: NEWSLETTER_KIND, to: actor.email, ...content, headers });
  void kickEmailDelivery();
  return { to: actor.email };
}

/**
 * Sends the issue to every confirmed subscriber: one delivery row per address, written with the issue's
 * sent mark in one transaction, so pressing Send twice (or on two servers) addresses it once. The
 * messages themselves are put in the outbox by queueNewsletterBatch, a batch at a time.
 */
export async function sendIssue(db: Database, actor: Actor, id: number, now: Date = clock.now()): Promise<{ recipients: number }> {
  const recipients = await db.transaction(async (tx) => {
    const [issue] = await tx.select({ sentAt: newsletterIssues.sentAt }).from(newsletterIssues).where(eq(newsletterIssues.id, id)).for("update");
    if (!issue) throw new FormError(ISSUE_GONE);
    if (issue.sentAt) throw new FormError(ISSUE_SENT);
    const { rows: inserted } = await tx.execute<{ id: number }>(sql`
      insert into ${newsletterDeliveries} (issue_id, email)
      select ${id}, ${newsletterSubscribers.email} from ${newsletterSubscribers} where ${isNotNull(newsletterSubscribers.confirmedAt)}
      on conflict do nothing
      returning ${newsletterDeliveries.id}`);
    if (inserted.length === 0) throw new FormError(NO_SUBSCRIBERS);
    await tx
      .update(newsletterIssues)
      .set({ sentAt: now, sentById: actor.id, sentByEmail: actor.email, recipientCount: inserted.length, updatedAt: now })
      .where(eq(newsletterIssues.id, id));
    await recordAudit(tx, actor, { action: "newsletter.send", recordType: "newsletter_issue", recordId: String(id), after: { recipients: inserted.length } });
    return inserted.length;
  });
  return { recipients };
}

/**
 * Puts up to `batchSize` waiting recipients' messages in the outbox, each with an unsubscribe link of
 * its own, in one transaction: a delivery row is locked while its message is written (`FOR UPDATE SKIP
 * LOCKED`) and marked queued in the same commit, so several servers (or a pass after a crash or a
 * restart) never queue one recipient twice. A recipient who unsubscribed meanwhile is skipped.
 * Answers how many messages it queued.
 */
export async function queueNewsletterBatch(db: Database, options: { batchSize?: number; now?: Date } = {}): Promise<number> {
  const now = options.now ?? clock.now();
  const queued = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: newsletterDeliveries.id, issueId: newsletterDeliveries.issueId, email: newsletterDeliveries.email })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.status, "pending"))
      .orderBy(asc(newsletterDeliveries.id))
      .limit(options.batchSize ?? NEWSLETTER_BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;

    const issueIds = [...new Set(due.map((d) => d.issueId))];
    const issues = new Map(
      (await tx.select({ id: newsletterIssues.id, subject: newsletterIssues.subject, body: newsletterIssues.body }).from(newsletterIssues).where(inArray(newsletterIssues.id, issueIds))).map(
        (issue) => [issue.id, issue],
      ),
    );
    const stillSubscribed = new Set(
      (
        await tx
          .select({ email: newsletterSubscribers.email })
          .from(newsletterSubscribers)
          .where(and(inArray(newsletterSubscribers.email, due.map((d) => d.email)), isNotNull(newsletterSubscribers.confirmedAt)))
      ).map((row) => row.email),
    );

    let count = 0;
    for (const delivery of due) {
      const issue = issues.get(delivery.issueId);
      if (!issue || !stillSubscribed.has(delivery.email)) {
        await tx.update(newsletterDeliveries).set({ status: "skipped" }).where(eq(newsletterDeliveries.id, delivery.id));
        continue;
      }
      const token = newOpaqueToken();
      const { headers, ...content } = newsletterIssueEmail(issue, unsubscribeUrl(token));
      const outboxId = await enqueueEmail(tx, { kind: NEWSLETTER_KIND, to: delivery.email, ...content, headers });
      await tx
        .update(newsletterDeliveries)
        .set({ status: "queued", outboxId, unsubscribeTokenHash: hashOpaqueToken(token), queuedAt: now })
        .where(eq(newsletterDeliveries.id, delivery.id));
      count++;
    }
    return count;
  });
  await markQueuedIssues(db, now);
  if (queued > 0) void kickEmailDelivery();
  return queued;
}

/** Issues with no recipient left waiting for the batch job get their queuedAt. */
async function markQueuedIssues(db: Database, now: Date): Promise<void> {
  await db
    .update(newsletterIssues)
    .set({ queuedAt: now })
    .where(
      and(
        isNotNull(newsletterIssues.sentAt),
        isNull(newsletterIssues.queuedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newsletterDeliveries)
            .where(and(eq(newsletterDeliveries.issueId, newsletterIssues.id), eq(newsletterDeliveries.status, "pending"))),
        ),
      ),
    );
}
