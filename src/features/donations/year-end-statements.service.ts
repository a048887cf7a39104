import "server-only";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { donationStatements, donations } from "@/db/schema/donations";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { FormError } from "@/lib/form-state";
import * as clock from "@/lib/clock";
import { site } from "@/lib/site";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { yearBounds } from "./donations-desk.queries";
import { donationReference } from "./donations.schema";
import { yearEndStatementEmail, type StatementFacts } from "./emails/donation-emails";
import { receiptYear } from "./receipt-numbers.service";
import { receiptOrganization } from "@/lib/receipt-organization";
import { statementPdf } from "./statement-pdf";
import { FIRST_YEAR } from "./donations-desk.schema";

/** The gifts a statement lists: received (receipted) and not refunded, received within the year. */
function inStatement(year: number) {
  const { start, end } = yearBounds(year);
  return and(eq(donations.status, "paid"), gte(donations.paidAt, start), lt(donations.paidAt, end));
}

const emailKey = sql<string>`lower(${donations.donorEmail})`;

/**
 * One donor's statement for a calendar year: every gift received from that email address (in any
 * letter case) in the year and not refunded, oldest first, with the total. Null when there is none.
 * The name and address are those of the donor's latest gift that year.
 */
export async function statementFor(db: Database, email: string, year: number): Promise<StatementFacts | null> {
  const rows = await db
    .select()
    .from(donations)
    .where(and(inStatement(year), eq(emailKey, email.trim().toLowerCase())))
    .orderBy(asc(donations.paidAt), asc(donations.number));
  const latest = rows.at(-1);
  if (!latest) return null;
  return {
    year,
    donorName: latest.donorName,
    donorEmail: latest.donorEmail,
    gifts: rows.map((row) => ({ receiptNumber: row.receiptNumber!, reference: donationReference(row.number), receivedAt: row.paidAt!, totalCents: row.totalCents })),
    totalCents: rows.reduce((total, row) => total + row.totalCents, 0),
    organization: receiptOrganization(),
    issuedAt: clock.now(),
  };
}

export interface StatementDonor {
  emailKey: string;
  donorName: string;
  totalCents: number;
  giftCount: number;
  /** When this donor's statement for the year was emailed, if it was. */
  sentAt: Date | null;
}

/** Everyone who has a statement for the year, by email address, with whether it was sent. */
export async function statementDonors(db: Database, year: number): Promise<StatementDonor[]> {
  const rows = await db
    .select({
      emailKey,
      donorName: sql<string>`(array_agg(${donations.donorName} order by ${donations.paidAt} desc))[1]`,
      totalCents: sql<number>`sum(${donations.totalCents})::int`,
      giftCount: sql<number>`count(*)::int`,
    })
    .from(donations)
    .where(inStatement(year))
    .groupBy(emailKey)
    .orderBy(emailKey);
  const sent = await db.select({ emailKey: donationStatements.emailKey, sentAt: donationStatements.sentAt }).from(donationStatements).where(eq(donationStatements.year, year));
  const sentAt = new Map(sent.map((row) => [row.emailKey, row.sentAt]));
  return rows.map((row) => ({ ...row, sentAt: sentAt.get(row.emailKey) ?? null }));
}

/** The latest year whose statements may be sent: the last finished calendar year. */
export const latestStatementYear = () => receiptYear(clock.now()) - 1;

export const statementYearNotOver = (year: number) => `${year} is not over yet: its statements can be sent from January 1, ${year + 1}.`;

export interface StatementRun {
  year: number;
  donors: number;
  sent: number;
  /** Donors whose statement for the year had already been sent (by an earlier run or another server). */
  alreadySent: number;
}

/**
 * Emails every donor of a finished calendar year their statement, with the PDF attached, through the
 * outbox. Each donor's statement is claimed by inserting (year, email) into `donation_statements` in
 * the transaction that queues the email, so a second press, or a run on another server at the same
 * time, skips the donors already done: one statement per donor per year. The run is audited.
 */
export async function sendYearEndStatements(db: Database, actor: Actor, year: number): Promise<StatementRun> {
  if (year < FIRST_YEAR) throw new FormError(`Choose a year from ${FIRST_YEAR} on.`, "year");
  if (year > latestStatementYear()) throw new FormError(statementYearNotOver(year), "year");
  const donors = await statementDonors(db, year);
  let sent = 0;
  for (const donor of donors.filter((d) => !d.sentAt)) {
    const facts = await statementFor(db, donor.emailKey, year);
    if (!facts) continue; // refunded since the list was read
    const pdf = await statementPdf(facts);
    const claimed = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(donationStatements)
        .values({ year, emailKey: donor.emailKey, donorName: facts.donorName, totalCents: facts.totalCents, giftCount: facts.gifts.length, sentAt: facts.issuedAt, sentBy: actor.email })
        .onConflictDoNothing()
        .returning({ year: donationStatements.year });
      if (!claim) return false;
      await enqueueEmail(tx, {
        kind: "donation-year-end-statement",
        to: facts.donorEmail,
        replyTo: site.email,
        ...yearEndStatementEmail(facts),
        attachments: [{ filename: statementFileName(year), contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" }],
      });
      return true;
    });
    if (claimed) sent++;
  }
  const run = { year, donors: donors.length, sent, alreadySent: donors.length - sent };
  await recordAudit(db, actor, { action: "donation.statements-sent", recordType: "donation-statements", recordId: String(year), after: run });
  if (sent > 0) void kickEmailDelivery();
  return run;
}

export const statementFileName = (year: number) => `giving-statement-${year}.pdf`;

export interface GivingYear {
  year: number;
  totalCents: number;
  gifts: StatementFacts["gifts"];
}

/** A member's giving by year (gifts from their account's email address, received and not refunded), newest year first. */
export async function givingByYear(db: Database, email: string): Promise<GivingYear[]> {
  const rows = await db
    .select()
    .from(donations)
    .where(and(eq(donations.status, "paid"), eq(emailKey, email.trim().toLowerCase())))
    .orderBy(asc(donations.paidAt), asc(donations.number));
  const years = new Map<number, GivingYear>();
  for (const row of rows) {
    const year = receiptYear(row.paidAt!);
    const entry = years.get(year) ?? { year, totalCents: 0, gifts: [] };
    entry.totalCents += row.totalCents;
    entry.gifts.push({ receiptNumber: row.receiptNumber!, reference: donationReference(row.number), receivedAt: row.paidAt!, totalCents: row.totalCents });
    years.set(year, entry);
  }
  return [...years.values()].sort((a, b) => b.year - a.year);
}
