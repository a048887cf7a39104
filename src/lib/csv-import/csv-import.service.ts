/**
 * The steps every CSV import takes, whatever it brings in (each kind's rules live in its feature):
 *
 * 1. Upload: the file is read (UTF-8, RFC 4180, its first row naming the columns, within the limits) and
 *    kept on the server under a random token; the browser gets the token only. Nothing else is written.
 * 2. Preview: the kind plans every row against the database as it is now: create, change (which
 *    fields), unchanged, or refused (why).
 * 3. Confirm: in one transaction, the kind plans again (locking what it will write); when that plan is
 *    the one the preview showed (its digest), the kind writes it with a few set-based statements, the
 *    audit log records the import, and the upload keeps the outcome. A plan that changed in between
 *    (someone signed up, an order took stock) writes nothing and the page shows the new preview.
 *
 * Re-running a file (or importing an export) plans every row "unchanged", so there is nothing to confirm.
 */
import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { csvImports, type CsvImportKind } from "@/db/schema/imports";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { decodeCsvBytes, parseCsv } from "@/lib/csv-parse";
import { FormError } from "@/lib/form-state";
import { hashOpaqueToken, isOpaqueToken, newOpaqueToken } from "@/lib/opaque-token";
import { cellsOf, matchHeader, type ColumnSpec, type ImportCells } from "./columns";
import { byRow, countOutcomes, planDigest, type OutcomeCounts, type PlannedRow } from "./plan";

/** The largest file an import takes: a 20,000-row members file is about 2 MB. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_LABEL = "5 MB";
/** Rows after the header. */
export const MAX_IMPORT_ROWS = 20_000;
const MAX_CELL_LENGTH = 5_000;
const MAX_CELLS = 200;
/** How long an upload waits for its confirmation, and how long a confirmed import's outcome stays to be read. */
const UPLOAD_HOURS = 12;
const RESULT_DAYS = 7;
/** The refused rows a confirmed import keeps to show (all are counted). */
const KEPT_REFUSALS = 1_000;

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface ImportRow<K extends string> {
  row: number;
  cells: ImportCells<K>;
}

export interface PlanContext<O> {
  options: O;
  now: Date;
  /** Planning inside the confirmation's transaction: lock the rows the plan will write. */
  forUpdate: boolean;
}

export interface ApplyContext<O> extends PlanContext<O> {
  actor: Actor;
  importId: number;
  fileName: string;
}

/** One kind of import: its columns, how it plans rows against the database, and how it writes a plan. */
export interface ImportDefinition<K extends string, O, W> {
  kind: CsvImportKind;
  columns: readonly ColumnSpec<K>[];
  /** The upload form's choices, read back from the stored upload. */
  readOptions(stored: unknown): O;
  plan(db: Database | Tx, rows: ImportRow<K>[], context: PlanContext<O>): Promise<{ rows: PlannedRow[]; write: W }>;
  /** Writes the plan, set-based; throws a FormError (rolling everything back) when the database disagrees with it. */
  apply(tx: Tx, write: W, context: ApplyContext<O>): Promise<void>;
  /** Work to start once the transaction has committed (kicking mail delivery). */
  afterCommit?(write: W): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a definition of any kind, as the runner sees it
type AnyDefinition = ImportDefinition<string, any, any>;

export const UPLOAD_EXPIRED = "This upload has expired or belongs to someone else. Upload the file again to see its preview.";

export interface ImportResult {
  appliedAt: string;
  counts: OutcomeCounts;
  /** The first refused rows, with why (all are counted). */
  refused: PlannedRow[];
}

export interface UploadSummary {
  id: number;
  fileName: string;
  sizeBytes: number;
  staffEmail: string;
  uploadedAt: Date;
  options: unknown;
}

export type ImportPreview =
  | { state: "planned"; upload: UploadSummary; rows: PlannedRow[]; counts: OutcomeCounts; digest: string; ignoredColumns: string[] }
  | { state: "applied"; upload: UploadSummary; result: ImportResult };

type ReadFile<K extends string> = { ok: true; rows: ImportRow<K>[]; unreadable: PlannedRow[]; ignored: string[] } | { ok: false; message: string };

/** The file's text as rows of cells by column, and the rows that could not be read (refused as they are). */
function readFile<K extends string>(columns: readonly ColumnSpec<K>[], text: string): ReadFile<K> {
  const parsed = parseCsv(text, { maxRows: MAX_IMPORT_ROWS, maxCellLength: MAX_CELL_LENGTH, maxCells: MAX_CELLS });
  if (!parsed.ok) return parsed;
  const header = matchHeader(parsed.header, columns);
  if (!header.ok) return header;
  const rows: ImportRow<K>[] = [];
  const unreadable: PlannedRow[] = [];
  for (const record of parsed.records) {
    if (record.error) unreadable.push({ row: record.row, key: "", outcome: "refused", details: [`This row cannot be read: ${record.error}`] });
    else rows.push({ row: record.row, cells: cellsOf(record, header.index) });
  }
  return { ok: true, rows, unreadable, ignored: header.ignored };
}

const sha256 = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

/** The file's own name, for the preview only: no folders, no control characters, not too long. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200) || "upload.csv";
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Why a file of `bytes` is refused: over MAX_IMPORT_BYTES. */
export function tooLargeMessage(bytes: number): string {
  return `This file is ${megabytes(bytes)}: an import takes at most ${MAX_IMPORT_LABEL} (${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows). Split it and import the parts one after another.`;
}

/**
 * Reads an uploaded file and keeps it for its preview; returns the token that names it. Refuses (a
 * FormError beside the file field) an empty file, one over the limits, one that is not UTF-8 CSV, or
 * one whose first row does not name the columns. Uploads past their time are cleared on the way.
 */
export async function storeUpload<O>(
  db: Database,
  definition: ImportDefinition<string, O, unknown>,
  staff: { id: string; email: string },
  file: { name: string; bytes: Uint8Array },
  options: O,
  now: Date,
): Promise<string> {
  if (file.bytes.length === 0) throw new FormError("Choose the CSV file to import.", "file");
  if (file.bytes.length > MAX_IMPORT_BYTES) throw new FormError(tooLargeMessage(file.bytes.length), "file");
  const decoded = decodeCsvBytes(file.bytes);
  if (!decoded.ok) throw new FormError(decoded.message, "file");
  const read = readFile(definition.columns, decoded.text);
  if (!read.ok) throw new FormError(read.message, "file");
  if (read.rows.length + read.unreadable.length === 0) throw new FormError("The file names its columns but has no rows to import.", "file");
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    await tx.delete(csvImports).where(lt(csvImports.expiresAt, now));
    await tx.insert(csvImports).values({
      tokenHash: hashOpaqueToken(token),
      kind: definition.kind,
      staffId: staff.id,
      staffEmail: staff.email,
      fileName: cleanFileName(file.name),
      fileSha256: sha256(file.bytes),
      sizeBytes: file.bytes.length,
      content: decoded.text,
      options: options as object,
      uploadedAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_HOURS * 60 * 60 * 1000),
    });
  });
  return token;
}

type Upload = typeof csvImports.$inferSelect;

function summaryOf(upload: Upload): UploadSummary {
  return { id: upload.id, fileName: upload.fileName, sizeBytes: upload.sizeBytes, staffEmail: upload.staffEmail, uploadedAt: upload.uploadedAt, options: upload.options };
}

/** The upload a token names, if it is this staff member's, of this kind, and not past its time. */
async function findUpload(db: Database | Tx, kind: CsvImportKind, staffId: string, token: unknown, now: Date, forUpdate: boolean): Promise<Upload | null> {
  if (!isOpaqueToken(token)) return null;
  const query = db
    .select()
    .from(csvImports)
    .where(and(eq(csvImports.tokenHash, hashOpaqueToken(token)), eq(csvImports.kind, kind)));
  const [upload] = forUpdate ? await query.for("update") : await query;
  if (!upload || upload.staffId !== staffId || upload.expiresAt <= now) return null;
  return upload;
}

async function planUpload(db: Database | Tx, definition: AnyDefinition, upload: Upload, now: Date, forUpdate: boolean) {
  const read = readFile(definition.columns, upload.content);
  // The file was read when it was uploaded; it reads the same way now.
  if (!read.ok) throw new FormError(read.message);
  const planned = await definition.plan(db, read.rows, { options: definition.readOptions(upload.options), now, forUpdate });
  const rows = byRow([...read.unreadable, ...planned.rows]);
  return { rows, write: planned.write as unknown, ignored: read.ignored };
}

/** What the preview page shows for a token: the plan of every row, or the outcome once confirmed; null when the token names no upload of this staff member's. */
export async function previewUpload(db: Database, definition: AnyDefinition, staffId: string, token: unknown, now: Date): Promise<ImportPreview | null> {
  const upload = await findUpload(db, definition.kind, staffId, token, now, false);
  if (!upload) return null;
  if (upload.appliedAt) return { state: "applied", upload: summaryOf(upload), result: upload.result as ImportResult };
  const { rows, ignored } = await planUpload(db, definition, upload, now, false);
  return { state: "planned", upload: summaryOf(upload), rows, counts: countOutcomes(rows), digest: planDigest(rows), ignoredColumns: ignored };
}

export const PLAN_CHANGED = "The data changed since this preview was made (someone else's change, a sign-up or an order). Nothing was imported: check the preview again below, then confirm.";
export const NOTHING_TO_IMPORT = "Nothing to import: every row is unchanged or refused.";

/**
 * Confirms an upload: plans again inside one transaction and, when the plan is the one previewed (its
 * digest), writes it. Once applied, confirming again (a double submit) returns the same outcome and
 * writes nothing more. Imports of one kind take turns.
 */
export async function confirmUpload(db: Database, definition: AnyDefinition, actor: { id: string; email: string }, token: unknown, digest: string, now: Date): Promise<ImportResult> {
  let written: unknown;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`csv-import.${definition.kind}`}))`);
    const upload = await findUpload(tx, definition.kind, actor.id, token, now, true);
    if (!upload) throw new FormError(UPLOAD_EXPIRED);
    if (upload.appliedAt) return upload.result as ImportResult;
    if (sha256(upload.content) !== upload.fileSha256) throw new FormError("The uploaded file was damaged while it waited. Upload it again.");
    const { rows, write } = await planUpload(tx, definition, upload, now, true);
    if (planDigest(rows) !== digest) throw new FormError(PLAN_CHANGED);
    const counts = countOutcomes(rows);
    if (counts.create + counts.change === 0) throw new FormError(NOTHING_TO_IMPORT);
    await definition.apply(tx, write, { options: definition.readOptions(upload.options), now, forUpdate: true, actor, importId: upload.id, fileName: upload.fileName });
    const outcome: ImportResult = { appliedAt: now.toISOString(), counts, refused: rows.filter((row) => row.outcome === "refused").slice(0, KEPT_REFUSALS) };
    await tx
      .update(csvImports)
      .set({ appliedAt: now, result: outcome, content: "", expiresAt: new Date(now.getTime() + RESULT_DAYS * 24 * 60 * 60 * 1000) })
      .where(eq(csvImports.id, upload.id));
    await recordAudit(tx, actor, {
      action: `import.${definition.kind}`,
      recordType: "csv-import",
      recordId: String(upload.id),
      after: { file: upload.fileName, sha256: upload.fileSha256, rows: rows.length, ...counts },
    });
    written = write;
    return outcome;
  });
  if (written !== undefined) definition.afterCommit?.(written);
  return result;
}
