// @module-tag second-clock: member pricing at checkout follows the date.
/**
 * Checkout with hostile input, through the same wrapper and service the checkout action uses: every
 * bad value is answered next to its field, and no order is stored.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { orders } from "@/db/schema/orders";
import { formAction } from "@/lib/action";
import { idleState } from "@/lib/form-state";
import { fillCart, newVisitor } from "../../../test/checkout";
import { variantId } from "../../../test/shop";
import { getCart, getCartCount } from "../cart/cart.queries";
import { checkoutSchema } from "./checkout.schema";
import { placeOrder } from "./orders.service";

async function checkoutWith(fields: Record<string, string>) {
  const { owner } = newVisitor();
  await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
  const form = new FormData();
  const base = {
    idempotencyKey: randomUUID(),
    expectedSubtotalCents: String((await getCart(getDb(), owner)).subtotalCents),
    name: "Jordan Rivera",
    email: "jordan.rivera@example.com",
    phone: "(210) 555-0142",
    fulfilment: "pickup",
    pickupLocationId: "1",
  };
  for (const [key, value] of Object.entries({ ...base, ...fields })) form.set(key, value);
  const checkout = formAction(checkoutSchema, (input) => placeOrder(getDb(), owner, input, "pay_later"));
  const ordersBefore = (await getDb().select({ id: orders.id }).from(orders)).length;
  const state = await checkout(idleState, form);
  const ordersAfter = (await getDb().select({ id: orders.id }).from(orders)).length;
  return { state, newOrders: ordersAfter - ordersBefore, cartCount: await getCartCount(getDb(), owner) };
}

describe("checkout with hostile input", () => {
  it("answers a pickup location id too large for the database like an unknown location", async () => {
    const { state, newOrders, cartCount } = await checkoutWith({ pickupLocationId: "2147483648" });
    expect(state).toMatchObject({ status: "error", fieldErrors: { pickupLocationId: "Choose where you will pick up your order." } });
    expect(newOrders).toBe(0);
    expect(cartCount).toBe(1);
  });

  it("refuses a NUL byte in a text field with a message next to that field", async () => {
    const { state, newOrders } = await checkoutWith({ name: "Jordan\u0000Rivera" });
    expect(state.status).toBe("error");
    if (state.status !== "error") return;
    expect(state.fieldErrors.name).toMatch(/characters we can't accept/);
    expect(state.formError).toBeUndefined();
    expect(newOrders).toBe(0);
  });

  it("refuses line breaks and other control characters in single-line address fields", async () => {
    const shipping = { fulfilment: "shipping", shipCity: "San Antonio", shipRegion: "TX", shipPostalCode: "78205" };
    for (const shipLine1 of ["12 Alamo Plaza\r\nBcc: x@example.com", "12 Alamo\u0007 Plaza"]) {
      const { state, newOrders } = await checkoutWith({ ...shipping, shipLine1 });
      expect(state.status).toBe("error");
      if (state.status !== "error") return;
      expect(state.fieldErrors.shipLine1).toMatch(/characters we can't accept/);
      expect(newOrders).toBe(0);
    }
  });

  it("still places an ordinary order", async () => {
    const { state, newOrders } = await checkoutWith({});
    expect(state.status).toBe("success");
    expect(newOrders).toBe(1);
  });
});
