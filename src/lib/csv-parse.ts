/**
 * Reading CSV files staff upload (RFC 4180): the reverse of csv.ts. Cells separated by commas, records by
 * CRLF (a lone LF or CR too, as spreadsheets on other systems save them); a quoted cell may hold commas,
 * line breaks and doubled quotes. A UTF-8 byte-order mark is dropped. What cannot be read is said in
 * words a volunteer can act on: for the whole file (not text, a quote never closed, too many rows), or
 * for one record (a stray quote, a cell too long, a control character), which is then left out.
 */

/** One record of the file: its row as a spreadsheet numbers it (the header is row 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
  /** Why this record cannot be read; its cells are then not to be used. */
  error?: string;
}

export type CsvParse = { ok: true; header: string[]; records: CsvRecord[] } | { ok: false; message: string };

export interface CsvLimits {
  /** Records after the header; a file with more is refused whole. */
  maxRows: number;
  /** Characters in one cell. */
  maxCellLength: number;
  /** Cells in one record. */
  maxCells: number;
}

/** NUL and the other control characters a cell may not hold (tab and line breaks are the cell's own business). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The text of an uploaded file, read as UTF-8 (a spreadsheet's "CSV UTF-8"); anything else is refused. */
export function decodeCsvBytes(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  if (bytes.includes(0)) return { ok: false, message: "This is not a CSV file: it holds binary data. Save the sheet as “CSV UTF-8 (comma delimited)” and choose that file." };
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { ok: true, text };
  } catch {
    return { ok: false, message: "This file is not UTF-8 text. Save the sheet as “CSV UTF-8 (comma delimited)” and choose that file." };
  }
}

/**
 * A cell our exports wrote with a leading quote so that a spreadsheet would not run it as a formula
 * (csv.ts: `'=…`, `'+…`, `'-…`, `'@…`): the quote comes off, so an export imports back as it was.
 */
export function withoutFormulaGuard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * Reads `text` into a header and records. Blank rows are skipped but counted, so every record keeps the
 * row number a spreadsheet shows it under (line breaks inside a quoted cell do not start a new row).
 */
export function parseCsv(text: string, limits: CsvLimits): CsvParse {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let header: string[] | undefined;
  let row = 0;
  let i = 0;
  const length = source.length;

  while (i < length) {
    row++;
    const cells: string[] = [];
    let error: string | undefined;
    let cell = "";
    let endOfRecord = false;
    let cellStart = true;
    let quoted = false;

    while (i < length && !endOfRecord) {
      const char = source[i]!;
      if (cellStart && char === '"') {
        // A quoted cell: runs to the next quote not doubled.
        quoted = true;
        cellStart = false;
        i++;
        let closed = false;
        while (i < length) {
          const c = source[i]!;
          if (c === '"') {
            if (source[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          cell += c;
          i++;
          if (cell.length > limits.maxCellLength) break;
        }
        if (cell.length > limits.maxCellLength) {
          error ??= `A cell is longer than ${limits.maxCellLength.toLocaleString("en-US")} characters.`;
          // Skip to the end of this quoted cell (or the file) without keeping it.
          while (i < length) {
            if (source[i] === '"' && source[i + 1] !== '"') {
              i++;
              closed = true;
              break;
            }
            i += source[i] === '"' ? 2 : 1;
          }
          cell = "";
        }
        if (!closed) {
          return { ok: false, message: `Row ${row}: a quoted cell is never closed (a " is missing), so the rest of the file cannot be read. Check that row in the spreadsheet and save the file again.` };
        }
        continue;
      }
      if (char === ",") {
        cells.push(cell);
        cell = "";
        cellStart = true;
        quoted = false;
        i++;
        if (cells.length > limits.maxCells) error ??= `The row has more than ${limits.maxCells} cells.`;
        continue;
      }
      if (char === "\r" || char === "\n") {
        i += char === "\r" && source[i + 1] === "\n" ? 2 : 1;
        endOfRecord = true;
        continue;
      }
      if (quoted) {
        // Text after a quoted cell's closing quote: `"a"b`.
        error ??= "A cell has text after its closing quote. Put the whole cell in quotes, with any quote inside it doubled.";
      } else if (char === '"') {
        error ??= "A cell holds a quote but does not start with one. Put the whole cell in quotes, with the quote inside it doubled.";
      }
      cell += char;
      cellStart = false;
      i++;
      if (cell.length > limits.maxCellLength) {
        error ??= `A cell is longer than ${limits.maxCellLength.toLocaleString("en-US")} characters.`;
        cell = "";
      }
    }
    cells.push(cell);

    // A blank line, or a row of empty cells (",,,", as spreadsheets save rows they once used).
    if (!error && cells.every((value) => value.trim() === "")) continue;
    if (!error && cells.some((value) => CONTROL.test(value))) error = "A cell holds a control character (such as NUL) that no field accepts.";
    if (header === undefined) {
      if (error) return { ok: false, message: `The first row, which names the columns, cannot be read: ${error}` };
      header = cells.map((name) => name.trim());
      continue;
    }
    records.push(error ? { row, cells: [], error } : { row, cells });
    if (records.length > limits.maxRows) {
      return { ok: false, message: `The file has more than ${limits.maxRows.toLocaleString("en-US")} rows. Split it into files of at most ${limits.maxRows.toLocaleString("en-US")} rows and import them one after another.` };
    }
  }
  if (header === undefined) return { ok: false, message: "The file is empty. Its first row must name the columns." };
  return { ok: true, header, records };
}
