import { describe, expect, it } from "vitest";
import { csvText } from "./csv";
import { decodeCsvBytes, parseCsv, withoutFormulaGuard, type CsvParse } from "./csv-parse";

const LIMITS = { maxRows: 100, maxCellLength: 50, maxCells: 10 };
const parse = (text: string, limits = LIMITS) => parseCsv(text, limits);

function read(result: CsvParse) {
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe("parseCsv (RFC 4180)", () => {
  it("reads a header and records, with CRLF, LF or CR line ends and no line end at the close", () => {
    for (const eol of ["\r\n", "\n", "\r"]) {
      const { header, records } = read(parse(["Email,Name", "a@example.com,Ann", "b@example.com,Bob"].join(eol)));
      expect(header, JSON.stringify(eol)).toEqual(["Email", "Name"]);
      expect(records, JSON.stringify(eol)).toEqual([
        { row: 2, cells: ["a@example.com", "Ann"] },
        { row: 3, cells: ["b@example.com", "Bob"] },
      ]);
    }
  });

  it("reads quoted cells with commas, doubled quotes and line breaks, numbering rows as a spreadsheet does", () => {
    const { records } = read(parse('Name,Note\r\n"Doe, Jane","She said ""hi""\r\nand left"\r\nBob,""\r\n'));
    expect(records).toEqual([
      { row: 2, cells: ["Doe, Jane", 'She said "hi"\r\nand left'] },
      { row: 3, cells: ["Bob", ""] },
    ]);
  });

  it("drops a byte-order mark, trims header names, and skips blank rows but counts them", () => {
    const { header, records } = read(parse("\uFEFF Email ,Name\r\n\r\n,\r\na@example.com,Ann\r\n"));
    expect(header).toEqual(["Email", "Name"]);
    expect(records).toEqual([{ row: 4, cells: ["a@example.com", "Ann"] }]);
  });

  it("keeps what csv.ts writes as it was, formula guards aside", () => {
    const rows = [["=1+2", "plain", 'a "quoted", value'], ["-5", "@home", "line\r\nbreak"]];
    const { header, records } = read(parse(csvText(["A", "B", "C"], rows)));
    expect(header).toEqual(["A", "B", "C"]);
    expect(records.map((record) => record.cells.map(withoutFormulaGuard))).toEqual(rows);
  });

  it("refuses one record with a stray quote, text after a closing quote, a control character or too long a cell, and reads the rest", () => {
    const { records } = read(parse(`A,B\nab"c,d\n"x"y,z\nok\u0000,1\n${"x".repeat(51)},2\n"${"y".repeat(60)}",3\nfine,4\n`));
    expect(records.map((record) => [record.row, record.error?.split(" ").slice(0, 4).join(" ") ?? record.cells.join("|")])).toEqual([
      [2, "A cell holds a"],
      [3, "A cell has text"],
      [4, "A cell holds a"],
      [5, "A cell is longer"],
      [6, "A cell is longer"],
      [7, "fine|4"],
    ]);
    expect(records[2]!.error).toContain("control character");
    expect(records.every((record) => !record.error || record.cells.length === 0)).toBe(true);
  });

  it("refuses the whole file when a quote is never closed, when it has too many rows, or no header", () => {
    const unclosed = parse('A,B\n1,2\n"open,3\n4,5\n');
    expect(unclosed).toEqual({ ok: false, message: expect.stringMatching(/^Row 3: a quoted cell is never closed/) });
    const many = parse(`A\n${"x\n".repeat(101)}`);
    expect(many).toEqual({ ok: false, message: "The file has more than 100 rows. Split it into files of at most 100 rows and import them one after another." });
    expect(parse("")).toEqual({ ok: false, message: "The file is empty. Its first row must name the columns." });
    expect(parse("\r\n\r\n")).toMatchObject({ ok: false });
  });

  it("bounds hostile input: a row of a million commas, a cell of megabytes, deep quoting", () => {
    const commas = read(parse(`A\n${",".repeat(1_000_000)}x\n`));
    expect(commas.records[0]).toMatchObject({ row: 2, error: "The row has more than 10 cells.", cells: [] });
    const huge = read(parse(`A\n"${"q".repeat(3_000_000)}"\nnext\n`));
    expect(huge.records).toEqual([
      { row: 2, cells: [], error: "A cell is longer than 50 characters." },
      { row: 3, cells: ["next"] },
    ]);
    const quotes = read(parse(`A\n"${'""'.repeat(100_000)}"\n`));
    expect(quotes.records[0]?.error).toBe("A cell is longer than 50 characters.");
  });
});

describe("decodeCsvBytes", () => {
  it("reads UTF-8 and refuses other encodings and binary files with words a volunteer can act on", () => {
    expect(decodeCsvBytes(new TextEncoder().encode("Name\r\nJosé\r\n"))).toEqual({ ok: true, text: "Name\r\nJosé\r\n" });
    expect(decodeCsvBytes(Uint8Array.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0x73, 0xe9]))).toEqual({ ok: false, message: expect.stringContaining("not UTF-8") });
    expect(decodeCsvBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toEqual({ ok: false, message: expect.stringContaining("binary data") });
  });
});
