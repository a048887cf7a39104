/**
 * Bringing newsletter subscribers in from a CSV file (the subscriber list's import; the runner is
 * lib/csv-import). The file is the subscribers export: one address a row, with the date its owner
 * consented ("Confirmed"). An address with a consent date joins the list at once with that date and
 * the list's source as its consent record (`imported`), and is never emailed. An address without one is
 * refused, unless staff ticked "send a confirmation email": it then waits for confirmation like a footer
 * sign-up, and gets the same confirmation email (newsletter.service), sent once the import commits.
 * An address staff unsubscribed (the audit log says so) is not added back. Imports never remove anyone.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { auditLog } from "@/db/schema/staff";
import { recordAudits, type AuditEntry } from "@/lib/audit.service";
import { readRowEmail, readInstant } from "@/lib/csv-import/cells";
import type { ColumnSpec } from "@/lib/csv-import/columns";
import { PLAN_CHANGED, type ImportDefinition, type ImportRow, type Tx } from "@/lib/csv-import/csv-import.service";
import { changeDetail, firstOccurrences, type PlannedRow } from "@/lib/csv-import/plan";
import { enqueueEmails } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { FormError } from "@/lib/form-state";
import { hashOpaqueToken, newOpaqueToken } from "@/lib/opaque-token";
import { formatSpreadsheetDateTime } from "@/lib/time";
import { SUBSCRIBER_CSV_COLUMNS } from "./newsletter-desk.queries";
import { CONFIRM_LINK_DAYS, confirmLinkExpiry, confirmationMessage } from "./newsletter.service";

export type SubscriberColumn = "email" | "status" | "signedUp" | "consentedAt" | "consent";

const [EMAIL, STATUS, SIGNED_UP, CONFIRMED, CONSENT] = SUBSCRIBER_CSV_COLUMNS;

/** The subscribers export's columns (newsletter-desk.queries.ts), read back. */
export const SUBSCRIBER_COLUMNS: readonly ColumnSpec<SubscriberColumn>[] = [
  { key: "email", header: EMAIL, aliases: ["E-mail", "Email address", "E-mail address"], required: true, hint: "The subscriber's address." },
  { key: "status", header: STATUS, hint: "Read for your eyes only: the consent date decides." },
  { key: "signedUp", header: SIGNED_UP, aliases: ["Signed up", "Subscribed", "Subscribed at", "Opt-in time", "Optin time"], hint: "When they asked (optional)." },
  {
    key: "consentedAt",
    header: CONFIRMED,
    aliases: ["Confirmed", "Confirmed at", "Consent date", "Consented", "Confirm time"],
    hint: "When they agreed to receive the newsletter, as 2027-03-01 09:00 or 3/1/2027 (Central Time unless it says its offset). Needed unless you send a confirmation email.",
  },
  { key: "consent", header: CONSENT, aliases: ["Consent note", "How they consented"], hint: "How they agreed, kept with the source you give (optional)." },
];

export interface SubscribersImportOptions {
  /** Where the list comes from (the earlier system, a sheet): the consent record says so. */
  source: string;
  /** Addresses without a consent date get the confirmation email instead of being refused. */
  sendConfirmation: boolean;
}

export function readSubscriberOptions(stored: unknown): SubscribersImportOptions {
  const value = (stored ?? {}) as Partial<SubscribersImportOptions>;
  return { source: typeof value.source === "string" ? value.source : "", sendConfirmation: value.sendConfirmation === true };
}

interface SubscriberRow {
  row: number;
  email: string;
  consentedAt: Date | null;
  signedUpAt: Date | null;
  consent: string | null;
}

function readRow({ row, cells }: ImportRow<SubscriberColumn>, now: Date): SubscriberRow | PlannedRow {
  const reasons: string[] = [];
  const email = readRowEmail(cells.email, reasons);
  const when = (label: string, text: string | undefined) => {
    if (!text) return null;
    const instant = readInstant(text);
    if (!instant) reasons.push(`${label} “${text.slice(0, 40)}” is not a date: write it as 2027-03-01 09:00 or 3/1/2027.`);
    else if (instant > now) reasons.push(`${label} ${text.slice(0, 40)} is in the future.`);
    return instant;
  };
  const consentedAt = when("The consent date", cells.consentedAt);
  const signedUpAt = when("The sign-up date", cells.signedUp);
  const consent = cells.consent ? cells.consent.replace(/\s+/g, " ").slice(0, 300) : null;
  if (reasons.length > 0 || !email) return { row, key: email ?? cells.email?.slice(0, 80) ?? "", outcome: "refused", details: reasons };
  return { row, email, consentedAt, signedUpAt, consent };
}

const shown = (instant: Date) => `${formatSpreadsheetDateTime(instant)} Central Time`;

export interface SubscribersWrite {
  /** New addresses with their consent, and sign-ups waiting for confirmation that the file's consent confirms. */
  confirmed: { email: string; consentedAt: Date; signedUpAt: Date; note: string; waiting: boolean }[];
  /** New addresses that get the confirmation email. */
  asked: { email: string }[];
}

async function currentRows(db: Database | Tx, emails: string[], forUpdate: boolean) {
  if (emails.length === 0) return { subscribers: new Map<string, { confirmedAt: Date | null; subscribedAt: Date }>(), removed: new Map<string, Date>() };
  const query = db
    .select({ email: newsletterSubscribers.email, confirmedAt: newsletterSubscribers.confirmedAt, subscribedAt: newsletterSubscribers.subscribedAt })
    .from(newsletterSubscribers)
    .where(inArray(newsletterSubscribers.email, emails));
  const rows = forUpdate ? await query.orderBy(newsletterSubscribers.email).for("update") : await query;
  const removals = await db
    .select({ email: auditLog.recordId, at: sql<Date>`max(${auditLog.at})`.mapWith((value: string | Date) => new Date(value)) })
    .from(auditLog)
    .where(and(eq(auditLog.recordType, "newsletter-subscriber"), eq(auditLog.action, "newsletter.subscriber-removed"), inArray(auditLog.recordId, emails)))
    .groupBy(auditLog.recordId);
  return { subscribers: new Map(rows.map((row) => [row.email, row])), removed: new Map(removals.map((row) => [row.email, row.at])) };
}

const noteOf = (options: SubscribersImportOptions, row: SubscriberRow) => (row.consent ? `${options.source}: ${row.consent}` : options.source);

function planRow(row: SubscriberRow, current: Awaited<ReturnType<typeof currentRows>>, options: SubscribersImportOptions, write: SubscribersWrite): PlannedRow {
  const { email } = row;
  const existing = current.subscribers.get(email);
  if (existing?.confirmedAt) return { row: row.row, key: email, outcome: "unchanged", details: [`Subscribed since ${shown(existing.confirmedAt)}.`] };
  if (existing) {
    if (!row.consentedAt) return { row: row.row, key: email, outcome: "unchanged", details: [`Waiting for confirmation of the link sent ${shown(existing.subscribedAt)}.`] };
    write.confirmed.push({ email, consentedAt: row.consentedAt, signedUpAt: existing.subscribedAt, note: noteOf(options, row), waiting: true });
    return { row: row.row, key: email, outcome: "change", details: [changeDetail("Status", "Waiting for confirmation", `Subscribed: consented ${shown(row.consentedAt)}`)] };
  }
  const removedAt = current.removed.get(email);
  if (removedAt) return { row: row.row, key: email, outcome: "refused", details: [`Staff unsubscribed this address at their request on ${shown(removedAt)} (audit log): an import does not add it back.`] };
  if (row.consentedAt) {
    write.confirmed.push({ email, consentedAt: row.consentedAt, signedUpAt: row.signedUpAt ?? row.consentedAt, note: noteOf(options, row), waiting: false });
    return { row: row.row, key: email, outcome: "create", details: [`Subscribed: consented ${shown(row.consentedAt)} (${noteOf(options, row)}).`, "No confirmation email."] };
  }
  if (!options.sendConfirmation) {
    return { row: row.row, key: email, outcome: "refused", details: ["No consent date (Confirmed): add the date they agreed, or tick “Send a confirmation email” to ask them."] };
  }
  write.asked.push({ email });
  return { row: row.row, key: email, outcome: "create", details: [`Waiting for confirmation: the confirmation email is sent when you confirm; its link works for ${CONFIRM_LINK_DAYS} days.`] };
}

async function applySubscribers(tx: Tx, write: SubscribersWrite, context: { now: Date; actor: { id: string | null; email: string }; importId: number; options: SubscribersImportOptions }): Promise<void> {
  const { now, actor } = context;
  const param = <T>(values: T[]) => sql.param(values);
  if (write.confirmed.length > 0) {
    const rows = write.confirmed;
    // A sign-up waiting for its link becomes this consent (as a paper sheet's does); a confirmed address is never touched.
    const written = await tx.execute(sql`
      insert into ${newsletterSubscribers} (email, subscribed_at, confirmed_at, confirm_token_hash, confirm_expires_at, consent_source, consent_note, recorded_by)
      select v.email, v.signed_up_at, v.consented_at, null, null, 'imported', v.note, ${actor.email}
      from unnest(${param(rows.map((r) => r.email))}::text[], ${param(rows.map((r) => r.signedUpAt.toISOString()))}::timestamptz[],
                  ${param(rows.map((r) => r.consentedAt.toISOString()))}::timestamptz[], ${param(rows.map((r) => r.note))}::text[]) as v(email, signed_up_at, consented_at, note)
      on conflict (email) do update set confirmed_at = excluded.confirmed_at, confirm_token_hash = null, confirm_expires_at = null,
        consent_source = excluded.consent_source, consent_note = excluded.consent_note, recorded_by = excluded.recorded_by
      where ${newsletterSubscribers.confirmedAt} is null`);
    if (written.rowCount !== rows.length) throw new FormError(PLAN_CHANGED);
  }
  const asked = write.asked.map(({ email }) => ({ email, token: newOpaqueToken() }));
  if (asked.length > 0) {
    const written = await tx.execute(sql`
      insert into ${newsletterSubscribers} (email, subscribed_at, confirm_token_hash, confirm_expires_at, consent_source, consent_note, recorded_by)
      select v.email, ${now.toISOString()}::timestamptz, v.token_hash, ${confirmLinkExpiry(now).toISOString()}::timestamptz, 'email', ${context.options.source}, ${actor.email}
      from unnest(${param(asked.map((a) => a.email))}::text[], ${param(asked.map((a) => hashOpaqueToken(a.token)))}::text[]) as v(email, token_hash)
      on conflict (email) do nothing`);
    if (written.rowCount !== asked.length) throw new FormError(PLAN_CHANGED);
    await enqueueEmails(
      tx,
      asked.map(({ email, token }) => confirmationMessage(email, token)),
    );
  }
  const entries: AuditEntry[] = [
    ...write.confirmed.map((row) => ({
      action: "newsletter.subscriber-added",
      recordType: "newsletter-subscriber",
      recordId: row.email,
      before: row.waiting ? { status: "waiting for confirmation" } : null,
      after: { status: "subscribed", consent: "imported list", source: row.note, consentedAt: row.consentedAt.toISOString(), import: context.importId },
    })),
    ...asked.map(({ email }) => ({
      action: "newsletter.subscriber-added",
      recordType: "newsletter-subscriber",
      recordId: email,
      before: null,
      after: { status: "waiting for confirmation", confirmation: "emailed", source: context.options.source, import: context.importId },
    })),
  ];
  await recordAudits(tx, actor, entries);
}

export const subscribersImport: ImportDefinition<SubscriberColumn, SubscribersImportOptions, SubscribersWrite> = {
  kind: "subscribers",
  columns: SUBSCRIBER_COLUMNS,
  readOptions: readSubscriberOptions,
  async plan(db, rows, { now, options, forUpdate }) {
    const planned: PlannedRow[] = [];
    const read: SubscriberRow[] = [];
    for (const row of rows) {
      const result = readRow(row, now);
      if ("outcome" in result) planned.push(result);
      else read.push(result);
    }
    const { kept, refused } = firstOccurrences(read, (row) => row.email, "email address");
    planned.push(...refused);
    const current = await currentRows(db, kept.map((row) => row.email), forUpdate);
    const write: SubscribersWrite = { confirmed: [], asked: [] };
    for (const row of kept) planned.push(planRow(row, current, options, write));
    return { rows: planned, write };
  },
  apply: (tx, write, context) => applySubscribers(tx, write, context),
  afterCommit(write) {
    if (write.asked.length > 0) void kickEmailDelivery();
  },
};
