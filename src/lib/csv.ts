export type CsvValue = string | number | null | undefined;

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab or
 * carriage return) would run as a formula, so it is prefixed with a quote; then quoted if it must be.
 */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file's text: a header row, then the rows, each line ending in CRLF. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
