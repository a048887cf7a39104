/**
 * What an import will do, row by row, before anything is written: each row of the file is created,
 * changed (which fields, from what to what), left unchanged, or refused (why). The preview shows it; the
 * confirmation plans again, inside its transaction, and writes only when that plan is the one shown.
 */
import { createHash } from "node:crypto";

export const OUTCOMES = ["create", "change", "unchanged", "refused"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface PlannedRow {
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row: number;
  /** What the row is about: an email address, a product and size. */
  key: string;
  outcome: Outcome;
  /** For create: the values; change: "Field: before → after"; unchanged: a note, if any; refused: the reasons. */
  details: string[];
}

export type OutcomeCounts = Record<Outcome, number>;

export function countOutcomes(rows: readonly PlannedRow[]): OutcomeCounts {
  const counts: OutcomeCounts = { create: 0, change: 0, unchanged: 0, refused: 0 };
  for (const row of rows) counts[row.outcome]++;
  return counts;
}

/**
 * A fingerprint of the plan: every row's outcome and details, which name every value written. The
 * preview's Confirm button carries it; a confirmation whose fresh plan differs (the data changed in
 * between) writes nothing and shows the new plan instead.
 */
export function planDigest(rows: readonly PlannedRow[]): string {
  const hash = createHash("sha256");
  for (const row of rows) hash.update(JSON.stringify([row.row, row.key, row.outcome, row.details])).update("\n");
  return hash.digest("hex");
}

/** The planned rows in file order. */
export function byRow(rows: PlannedRow[]): PlannedRow[] {
  return rows.sort((a, b) => a.row - b.row);
}

/** "Name: Ann → Anne"; a value left empty is shown as “(none)”. */
export function changeDetail(field: string, before: string | null | undefined, after: string | null | undefined): string {
  const shown = (value: string | null | undefined) => (value === null || value === undefined || value === "" ? "(none)" : value);
  return `${field}: ${shown(before)} → ${shown(after)}`;
}

/**
 * Rows of the same record further down the file are refused (the first one is planned): a record
 * changed twice by one file would depend on the order of its rows.
 */
export function firstOccurrences<R extends { row: number }>(rows: R[], keyOf: (row: R) => string, label: string): { kept: R[]; refused: PlannedRow[] } {
  const seen = new Map<string, number>();
  const kept: R[] = [];
  const refused: PlannedRow[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const first = seen.get(key);
    if (first !== undefined) {
      refused.push({ row: row.row, key, outcome: "refused", details: [`The same ${label} as row ${first}: each appears once in a file.`] });
      continue;
    }
    seen.set(key, row.row);
    kept.push(row);
  }
  return { kept, refused };
}
