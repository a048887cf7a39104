import { describe, expect, it } from "vitest";
import { testDb } from "../../../test/db";
import { allocateReceiptNumber, formatReceiptNumber, receiptYear } from "./receipt-numbers.service";
import { formatLongDate } from "@/lib/time";

describe("receipt numbers", () => {
  it("count from 1 within each calendar year, as YYYY-NNNNNN", async () => {
    const db = testDb();
    expect(await allocateReceiptNumber(db, new Date("2031-03-01T12:00:00Z"))).toBe("2031-000001");
    expect(await allocateReceiptNumber(db, new Date("2031-07-01T12:00:00Z"))).toBe("2031-000002");
    expect(await allocateReceiptNumber(db, new Date("2032-01-01T12:00:00Z"))).toBe("2032-000001");
    expect(await allocateReceiptNumber(db, new Date("2031-12-01T12:00:00Z"))).toBe("2031-000003");
    expect(formatReceiptNumber(2027, 123)).toBe("2027-000123");
  });

  it("date a gift, and its year, in the association's zone (Central Time)", () => {
    // 11:30 PM on 31 December in San Antonio is already New Year's Day in UTC.
    const lateOnNewYearsEve = new Date("2033-01-01T05:30:00Z");
    expect(receiptYear(lateOnNewYearsEve)).toBe(2032);
    expect(formatLongDate(lateOnNewYearsEve)).toBe("December 31, 2032");
  });

  it("never hand out the same number twice, however many gifts arrive at once", async () => {
    const db = testDb();
    const at = new Date("2034-06-20T15:00:00Z");
    const numbers = await Promise.all(Array.from({ length: 25 }, () => db.transaction((tx) => allocateReceiptNumber(tx, at))));
    expect(new Set(numbers).size).toBe(25);
    expect([...numbers].sort()).toEqual(Array.from({ length: 25 }, (_, i) => formatReceiptNumber(2034, i + 1)));
  });

  it("give a number back when the gift's transaction rolls back (no gaps)", async () => {
    const db = testDb();
    const at = new Date("2035-02-02T15:00:00Z");
    await expect(
      db.transaction(async (tx) => {
        await allocateReceiptNumber(tx, at);
        throw new Error("the gift could not be saved");
      }),
    ).rejects.toThrow("the gift could not be saved");
    expect(await allocateReceiptNumber(db, at)).toBe("2035-000001");
  });
});
