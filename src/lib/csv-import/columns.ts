/**
 * The columns of an import, and how a file's first row is matched to them: by name, ignoring case,
 * spaces, punctuation and a note in brackets ("Confirmed (Central Time)" is "confirmed"), so our own
 * exports and a hand-made sheet both read. Columns the import does not know are listed and left alone.
 */
import type { CsvRecord } from "@/lib/csv-parse";
import { withoutFormulaGuard } from "@/lib/csv-parse";

export interface ColumnSpec<K extends string = string> {
  key: K;
  /** The header our export writes, and the preview and the upload page name. */
  header: string;
  /** Other names a sheet may give it (matched the same loose way). */
  aliases?: readonly string[];
  required?: boolean;
  /** What the column holds, for the upload page. */
  hint: string;
}

/** "Confirmed (Central Time)" → "confirmed"; "E-mail address" → "emailaddress". */
export function headerKey(name: string): string {
  return name
    .replace(/\([^)]*\)/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export type HeaderMatch<K extends string> = { ok: true; index: Partial<Record<K, number>>; ignored: string[] } | { ok: false; message: string };

/** Which cell of each record holds each column, or why the file's first row does not name the columns. */
export function matchHeader<K extends string>(header: readonly string[], columns: readonly ColumnSpec<K>[]): HeaderMatch<K> {
  const byKey = new Map<string, ColumnSpec<K>>();
  for (const column of columns) for (const name of [column.header, ...(column.aliases ?? [])]) byKey.set(headerKey(name), column);
  const index: Partial<Record<K, number>> = {};
  const ignored: string[] = [];
  for (const [position, name] of header.entries()) {
    const column = byKey.get(headerKey(name));
    if (!column) {
      if (name !== "") ignored.push(name);
      continue;
    }
    if (index[column.key] !== undefined) return { ok: false, message: `The first row names the column “${column.header}” twice (“${header[index[column.key]!]}” and “${name}”). Keep one of them.` };
    index[column.key] = position;
  }
  const missing = columns.filter((column) => column.required && index[column.key] === undefined);
  if (missing.length > 0) {
    const found = header.filter(Boolean).slice(0, 12).map((name) => `“${name.slice(0, 40)}”`).join(", ");
    return {
      ok: false,
      message: `The file has no ${missing.map((column) => `“${column.header}”`).join(" or ")} column. Its first row must name the columns: ${columns.map((column) => column.header).join(", ")}${found ? ` (it names ${found})` : ""}.`,
    };
  }
  return { ok: true, index, ignored };
}

/** A record's cells by column: trimmed, an export's formula guard taken off; undefined when the file has no such column. */
export type ImportCells<K extends string> = Partial<Record<K, string>>;

export function cellsOf<K extends string>(record: CsvRecord, index: Partial<Record<K, number>>): ImportCells<K> {
  const cells: ImportCells<K> = {};
  for (const [key, position] of Object.entries(index) as [K, number][]) cells[key] = withoutFormulaGuard((record.cells[position] ?? "").trim());
  return cells;
}
