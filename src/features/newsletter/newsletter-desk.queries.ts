import "server-only";
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "@/db/schema/newsletter";
import * as clock from "@/lib/clock";
import { csvText } from "@/lib/csv";
import { spreadsheetCell } from "@/lib/time";

/** What became of an issue's messages: sent (the mail server took them), failed, still waiting, skipped (unsubscribed meanwhile). */
export interface IssueStats {
  sent: number;
  failed: number;
  waiting: number;
  skipped: number;
}

export interface IssueSummary {
  id: number;
  subject: string;
  createdAt: Date;
  createdByEmail: string;
  sentAt: Date | null;
  sentByEmail: string | null;
  recipientCount: number | null;
  /** When the last recipient's message went into the outbox; null while the batch job is still at it. */
  queuedAt: Date | null;
  stats: IssueStats;
}

export interface IssueDetail extends IssueSummary {
  body: string;
  updatedAt: Date;
}

const NO_STATS: IssueStats = { sent: 0, failed: 0, waiting: 0, skipped: 0 };

async function statsFor(db: Database, issueIds: number[]): Promise<Map<number, IssueStats>> {
  if (issueIds.length === 0) return new Map();
  const n = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const rows = await db
    .select({
      issueId: newsletterDeliveries.issueId,
      sent: n(sql`${emailOutbox.status} = 'sent'`),
      failed: n(sql`${emailOutbox.status} in ('failed', 'expired')`),
      waiting: n(sql`${newsletterDeliveries.status} = 'pending' or ${emailOutbox.status} = 'pending'`),
      skipped: n(sql`${newsletterDeliveries.status} = 'skipped'`),
    })
    .from(newsletterDeliveries)
    .leftJoin(emailOutbox, eq(emailOutbox.id, newsletterDeliveries.outboxId))
    .where(inArray(newsletterDeliveries.issueId, issueIds))
    .groupBy(newsletterDeliveries.issueId);
  return new Map(rows.map(({ issueId, ...stats }) => [issueId, stats]));
}

const summaryColumns = {
  id: newsletterIssues.id,
  subject: newsletterIssues.subject,
  createdAt: newsletterIssues.createdAt,
  createdByEmail: newsletterIssues.createdByEmail,
  sentAt: newsletterIssues.sentAt,
  sentByEmail: newsletterIssues.sentByEmail,
  recipientCount: newsletterIssues.recipientCount,
  queuedAt: newsletterIssues.queuedAt,
};

/** Drafts first (newest first), then sent issues, newest first. */
export async function listIssues(db: Database): Promise<IssueSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(newsletterIssues)
    .orderBy(sql`${newsletterIssues.sentAt} is not null`, desc(sql`coalesce(${newsletterIssues.sentAt}, ${newsletterIssues.createdAt})`), desc(newsletterIssues.id))
    .limit(200);
  const stats = await statsFor(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, stats: stats.get(row.id) ?? NO_STATS }));
}

export async function getIssue(db: Database, id: number): Promise<IssueDetail | null> {
  const [row] = await db
    .select({ ...summaryColumns, body: newsletterIssues.body, updatedAt: newsletterIssues.updatedAt })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, id));
  if (!row) return null;
  const stats = await statsFor(db, [id]);
  return { ...row, stats: stats.get(id) ?? NO_STATS };
}

// ---------------------------------------------------------------- subscribers

/** Confirmed, or waiting for confirmation with a link that still works (lapsed sign-ups are left out). */
const current = (now: Date) =>
  or(isNotNull(newsletterSubscribers.confirmedAt), and(isNull(newsletterSubscribers.confirmedAt), gt(newsletterSubscribers.confirmExpiresAt, now)));

export async function subscriberCounts(db: Database, now: Date = clock.now()): Promise<{ confirmed: number; pending: number }> {
  const [row] = await db
    .select({
      confirmed: sql<number>`count(*) filter (where ${newsletterSubscribers.confirmedAt} is not null)`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${newsletterSubscribers.confirmedAt} is null)`.mapWith(Number),
    })
    .from(newsletterSubscribers)
    .where(current(now));
  return { confirmed: row?.confirmed ?? 0, pending: row?.pending ?? 0 };
}

export interface SubscriberRow {
  email: string;
  status: "confirmed" | "pending";
  subscribedAt: Date;
  confirmedAt: Date | null;
  consentSource: "email" | "paper-sheet" | "imported";
  /** A paper sign-up's sheet, or an imported list's source. */
  consentNote: string | null;
  /** Who entered a paper sign-up, or imported the address. */
  recordedBy: string | null;
}

/** How the subscriber consented, in a few words: the emailed link, or which paper sheet and who entered it. */
export function consentOf(row: Pick<SubscriberRow, "status" | "consentSource" | "consentNote" | "recordedBy">): string {
  if (row.consentSource === "paper-sheet") return `Paper sign-up sheet (${row.consentNote ?? "not described"}), entered by ${row.recordedBy ?? "staff"}`;
  if (row.consentSource === "imported") return `Imported list (${row.consentNote ?? "not described"}), imported by ${row.recordedBy ?? "staff"}`;
  return row.status === "confirmed" ? "Confirmed the emailed link" : "Emailed link not confirmed yet";
}

export const SUBSCRIBERS_PAGE_SIZE = 50;

/** Newest first, a page at a time. */
export async function listSubscribers(db: Database, page: number, now: Date = clock.now()): Promise<{ subscribers: SubscriberRow[]; total: number; pageCount: number; page: number }> {
  const [totalRow] = await db.select({ n: count() }).from(newsletterSubscribers).where(current(now));
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  const shown = Math.min(Math.max(1, page), pageCount);
  const rows = await selectSubscribers(db, now).limit(SUBSCRIBERS_PAGE_SIZE).offset((shown - 1) * SUBSCRIBERS_PAGE_SIZE);
  return { subscribers: rows.map(toRow), total, pageCount, page: shown };
}

function selectSubscribers(db: Database, now: Date) {
  return db
    .select({
      email: newsletterSubscribers.email,
      subscribedAt: newsletterSubscribers.subscribedAt,
      confirmedAt: newsletterSubscribers.confirmedAt,
      consentSource: newsletterSubscribers.consentSource,
      consentNote: newsletterSubscribers.consentNote,
      recordedBy: newsletterSubscribers.recordedBy,
    })
    .from(newsletterSubscribers)
    .where(current(now))
    .orderBy(desc(sql`coalesce(${newsletterSubscribers.confirmedAt}, ${newsletterSubscribers.subscribedAt})`), desc(newsletterSubscribers.id))
    .$dynamic();
}

const toRow = (row: Omit<SubscriberRow, "status">): SubscriberRow => ({
  ...row,
  status: row.confirmedAt ? "confirmed" : "pending",
});

export const SUBSCRIBER_CSV_COLUMNS = ["Email", "Status", "Signed up (Central Time)", "Confirmed (Central Time)", "Consent"] as const;

/** Every current subscriber and pending sign-up as CSV (CRLF line ends, a header row, formula-safe cells). */
export async function subscribersCsv(db: Database, now: Date = clock.now()): Promise<string> {
  const rows = (await selectSubscribers(db, now)).map(toRow);
  return csvText(
    SUBSCRIBER_CSV_COLUMNS,
    rows.map((row) => [row.email, row.status === "confirmed" ? "Confirmed" : "Waiting for confirmation", spreadsheetCell(row.subscribedAt), spreadsheetCell(row.confirmedAt), consentOf(row)]),
  );
}
