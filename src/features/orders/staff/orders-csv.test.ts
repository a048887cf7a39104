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

  const order = {
    id: "x", number: "VVA-1009", placedAt: new Date("2026-11-01T15:00:00Z"), contactName: "=cmd", email: "a@example.com", phone: "+1 210 555 0142",
    totalCents: 4998, status: "paid", statusLabel: "Paid", paymentMethod: "pay_later", fulfilment: "pickup", pickupLocation: "Liberty Range",
    paidAt: new Date("2026-07-04T01:30:00Z"), pickedUpAt: null, shippedAt: null, trackingNumber: null, cancelledAt: null,
  } as const;

  it("has a header row and one row per item, with size and quantity, and times in Central Time as every screen shows them", () => {
    const items = new Map([["x", [{ name: "Veteran Strong T-Shirt", size: "L", quantity: 2 }, { name: "Water Bottle", size: null, quantity: 1 }]]]);
    const [header, shirt, bottle, end] = ordersCsv([order], items).split("\r\n");
    expect(header).toBe(
      "Order,Placed (Central Time),Name,Email,Phone,Status,Payment,Delivery,Pickup location,Item,Size,Quantity,Order total," +
        "Paid (Central Time),Picked up (Central Time),Shipped (Central Time),Tracking number,Canceled (Central Time)",
    );
    // 15:00 UTC on Nov 1, 2026 is 09:00 in Chicago (CST from that morning); 01:30 UTC on July 4 is 20:30 on July 3 (CDT).
    expect(shirt).toBe("VVA-1009,2026-11-01 09:00,'=cmd,a@example.com,'+1 210 555 0142,Paid,Pay at pickup / invoice,pickup,Liberty Range,Veteran Strong T-Shirt,L,2,49.98,2026-07-03 20:30,,,,");
    expect(bottle).toBe("VVA-1009,2026-11-01 09:00,'=cmd,a@example.com,'+1 210 555 0142,Paid,Pay at pickup / invoice,pickup,Liberty Range,Water Bottle,,1,49.98,2026-07-03 20:30,,,,");
    expect(end).toBe("");
  });

  it("an order without items still has its row", () => {
    const [, row] = ordersCsv([order], new Map()).split("\r\n");
    expect(row).toBe("VVA-1009,2026-11-01 09:00,'=cmd,a@example.com,'+1 210 555 0142,Paid,Pay at pickup / invoice,pickup,Liberty Range,,,,49.98,2026-07-03 20:30,,,,");
  });
});
