import { describe, expect, it } from "vitest";
import { readChoice, readDay, readEmail, readInstant } from "./cells";
import { matchHeader, headerKey } from "./columns";

describe("reading an import's cells", () => {
  it("reads a day as the exports write it and as a US spreadsheet re-saves it, and nothing that is not a real day", () => {
    expect(readDay("2027-06-30")).toBe("2027-06-30");
    expect(readDay(" 6/3/2027 ")).toBe("2027-06-03");
    expect(readDay("2028-02-29")).toBe("2028-02-29");
    for (const text of ["2027-02-29", "13/1/2027", "2027-06-31", "30/06/2027", "2027-06-30 10:00", "June 30, 2027", "", "1850-01-01"]) expect(readDay(text), text).toBeNull();
  });

  it("reads an instant in Central Time unless it names its offset, across daylight saving", () => {
    expect(readInstant("2027-01-15 10:00")).toEqual(new Date("2027-01-15T16:00:00Z"));
    expect(readInstant("2027-07-15 10:00")).toEqual(new Date("2027-07-15T15:00:00Z"));
    expect(readInstant("7/15/2027 10:00 PM")).toEqual(new Date("2027-07-16T03:00:00Z"));
    expect(readInstant("7/15/2027 12:05 am")).toEqual(new Date("2027-07-15T05:05:00Z"));
    expect(readInstant("2027-07-15")).toEqual(new Date("2027-07-15T05:00:00Z"));
    expect(readInstant("2027-07-15T10:00:30Z")).toEqual(new Date("2027-07-15T10:00:30Z"));
    expect(readInstant("2027-07-15 10:00:00-0400")).toEqual(new Date("2027-07-15T14:00:00Z"));
    for (const text of ["2027-07-15 25:00", "2027-07-15 13:00 PM", "2027-07-15 10:60", "2027-07-15 soon", "yesterday"]) expect(readInstant(text), text).toBeNull();
  });

  it("reads addresses lower-cased, and choices by label or value whatever the case and punctuation", () => {
    expect(readEmail(" Jo.Smith@Example.ORG ")).toBe("jo.smith@example.org");
    expect(readEmail("not an address")).toBeNull();
    expect(readEmail(`${"a".repeat(250)}@x.org`)).toBeNull();
    const choices = { "reserve-guard": ["Reserve/Guard", "reserve-guard"], veteran: ["Veteran"] } as const;
    expect(readChoice("RESERVE / GUARD", choices)).toBe("reserve-guard");
    expect(readChoice("reserve-guard", choices)).toBe("reserve-guard");
    expect(readChoice("Marine", choices)).toBeNull();
  });
});

describe("matching a file's first row to an import's columns", () => {
  const columns = [
    { key: "email", header: "Email", aliases: ["E-mail address"], required: true, hint: "" },
    { key: "consent", header: "Confirmed (Central Time)", aliases: ["Consent date"], hint: "" },
  ] as const;

  it("matches names loosely, in any order, and lists the columns it does not know", () => {
    expect(headerKey("Confirmed (Central Time)")).toBe("confirmed");
    expect(matchHeader(["Notes", "consent date", " E-MAIL ADDRESS", ""], columns)).toEqual({ ok: true, index: { consent: 1, email: 2 }, ignored: ["Notes"] });
  });

  it("says which column is missing or named twice", () => {
    expect(matchHeader(["Name"], columns)).toEqual({ ok: false, message: "The file has no “Email” column. Its first row must name the columns: Email, Confirmed (Central Time) (it names “Name”)." });
    expect(matchHeader(["Email", "e-mail address"], columns)).toEqual({ ok: false, message: "The first row names the column “Email” twice (“Email” and “e-mail address”). Keep one of them." });
  });
});
