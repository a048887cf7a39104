// @module-tag second-clock: member pricing at checkout follows the date.
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { checkoutInput, fillCart, newVisitor } from "../../../test/checkout";
import { variantId } from "../../../test/shop";
import { unpaidOrders } from "./orders-desk.queries";
import { placeOrder } from "./orders.service";

describe("the dashboard's unpaid orders", () => {
  it("counts pay-at-pickup and other unpaid orders apart, newest first", async () => {
    const placed = [];
    for (const fulfilment of ["pickup", "shipping", "pickup"] as const) {
      const { owner } = newVisitor();
      await fillCart(owner, [[await variantId("fitness-journal"), 1]]);
      const shipping: Record<string, string> = fulfilment === "shipping" ? { shipLine1: "1 Main St", shipCity: "Austin", shipRegion: "TX", shipPostalCode: "78701" } : {};
      placed.push(await placeOrder(getDb(), owner, await checkoutInput(owner, { fulfilment, name: `Buyer ${placed.length}`, ...shipping }), "pay_later"));
    }
    const [awaitingPickup, awaitingPayment] = await Promise.all([unpaidOrders(getDb(), true), unpaidOrders(getDb(), false)]);
    expect(awaitingPickup.count).toBe(2);
    expect(awaitingPickup.latest.map((order) => order.contactName)).toEqual(["Buyer 2", "Buyer 0"]);
    expect(awaitingPayment.count).toBe(1);
    expect(awaitingPayment.latest.map((order) => order.contactName)).toEqual(["Buyer 1"]);
  });
});
