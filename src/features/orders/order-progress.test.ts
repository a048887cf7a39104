import { describe, expect, it } from "vitest";
import { handOverStage, orderHeadline, orderSteps, trackingLink, type OrderMilestones } from "./order-progress";

const placedAt = new Date("2027-03-01T15:00:00Z");
const base: OrderMilestones = {
  status: "awaiting_payment", fulfilment: "shipping", placedAt,
  paidAt: null, shippedAt: null, pickedUpAt: null, cancelledAt: null, refundedAt: null,
};
const at = (hours: number) => new Date(placedAt.getTime() + hours * 3_600_000);

describe("where an order stands, for its buyer", () => {
  it("a shipped order: placed, paid, shipped, in that order; 'shipped' after Paid; the heading says it is on its way", () => {
    const shipped: OrderMilestones = { ...base, status: "paid", paidAt: at(1), shippedAt: at(30) };
    expect(orderSteps(shipped).map((s) => s.label)).toEqual(["Placed", "Paid", "Shipped"]);
    expect(orderSteps(shipped).map((s) => s.at)).toEqual([placedAt, at(1), at(30)]);
    expect(handOverStage(shipped)).toBe("shipped");
    expect(orderHeadline(shipped)).toBe("Your order is on its way");
  });

  it("every other state: unpaid, paid to ship or to pick up, picked up, canceled, refunded after shipping", () => {
    expect(handOverStage(base)).toBeNull();
    expect(orderHeadline(base)).toBe("Thank you for your order");
    expect(handOverStage({ ...base, status: "paid", paidAt: at(1) })).toBe("being prepared for shipping");
    expect(handOverStage({ ...base, status: "paid", fulfilment: "pickup", paidAt: at(1) })).toBe("ready for pickup");
    expect(handOverStage({ ...base, status: "paid", fulfilment: "none", paidAt: at(1) })).toBeNull();
    const pickedUp: OrderMilestones = { ...base, status: "paid", fulfilment: "pickup", paidAt: at(1), pickedUpAt: at(2) };
    expect(handOverStage(pickedUp)).toBe("picked up");
    expect(orderHeadline(pickedUp)).toBe("Your order was picked up");
    const cancelled: OrderMilestones = { ...base, status: "cancelled", cancelledAt: at(5) };
    expect(orderSteps(cancelled).map((s) => s.label)).toEqual(["Placed", "Canceled"]);
    expect(handOverStage(cancelled)).toBeNull();
    expect(orderHeadline(cancelled)).toBe("Your order was canceled");
    const refunded: OrderMilestones = { ...base, status: "refunded", paidAt: at(1), shippedAt: at(3), refundedAt: at(48) };
    expect(orderSteps(refunded).map((s) => s.label)).toEqual(["Placed", "Paid", "Shipped", "Refunded"]);
    expect(handOverStage(refunded)).toBeNull();
    expect(orderHeadline(refunded)).toBe("Your order was refunded");
  });
});

describe("the carrier's tracking page", () => {
  it.each([
    ["1Z999AA10123456784", "UPS", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
    ["1z 999 aa1 0123 4567 84", "UPS", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
    ["9400 1000 0000 0000 0000 00", "USPS", "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000"],
    ["123456789012", "FedEx", "https://www.fedex.com/fedextrack/?trknbr=123456789012"],
  ])("%s is %s", (number, carrier, href) => {
    expect(trackingLink(number)).toEqual({ carrier, href });
  });

  it.each(["ABC-123", "1Z12", "12345", "1Z999AA10123456784X", "9400100000", "123456789012345678901234567890"])("%s has no certain carrier: no link", (number) => {
    expect(trackingLink(number)).toBeNull();
  });
});
