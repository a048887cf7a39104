import { describe, expect, it } from "vitest";
import { csvCell } from "@/lib/csv";
import { ordersCsv } from "./orders-csv";

describe("CSV export", () => {
  it.each([
    ["=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""],
    ["+1 555", "'+1 555"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["Rivera, Jordan", "\"Rivera, Jordan\""],
    ["two\nlines", "\"two\nlines\""],
    ["plain", "plain"],
    [null, ""],
  ])("%j becomes %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("has a header row and one row per order", () => {
    const csv = ordersCsv([
      {
        id: "x", number: "VVA-1009", placedAt: new Date("2026-11-01T15:00:00Z"), contactName: "=cmd", email: "a@example.com", phone: "+1 210 555 0142",
        totalCents: 4998, status: "paid", statusLabel: "Paid", paymentMethod: "pay_later", fulfilment: "pickup", pickupLocation: "Liberty Range",
        paidAt: null, pickedUpAt: null, shippedAt: null, trackingNumber: null, cancelledAt: null,
      },
    ]);
    const [header, row, end] = csv.split("\r\n");
    expect(header).toMatch(/^Order,Placed \(UTC\),Name,/);
    expect(row).toBe("VVA-1009,2026-11-01T15:00:00.000Z,'=cmd,a@example.com,'+1 210 555 0142,Paid,Pay at pickup / invoice,pickup,Liberty Range,49.98,,,,,");
    expect(end).toBe("");
  });
});
