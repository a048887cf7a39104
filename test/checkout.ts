/** Checkout helpers for tests: a cart with items and a valid checkout input for it. */
import { randomUUID } from "node:crypto";
import { getDb } from "@/db/client";
import type { CartOwner } from "@/features/cart/cart-owner";
import { addToCart } from "@/features/cart/cart.service";
import { hashCartToken, newCartToken } from "@/features/cart/cart-token";
import { getPricedCart } from "@/features/cart/priced-cart";
import { checkoutSchema, type CheckoutInput } from "@/features/orders/checkout.schema";

export function newVisitor(): { owner: CartOwner; token: string } {
  const token = newCartToken();
  return { owner: { kind: "visitor", tokenHash: hashCartToken(token) }, token };
}

export async function fillCart(owner: CartOwner, items: [variantId: number, quantity: number][]): Promise<void> {
  for (const [id, quantity] of items) {
    const result = await addToCart(getDb(), owner, id, quantity);
    if (result.outcome !== "added") throw new Error(`Could not add variant ${id}: ${result.outcome}`);
  }
}

/** A checkout input parsed by the real schema, with the cart's current subtotal after discounts as "seen". */
export async function checkoutInput(owner: CartOwner, fields: Record<string, string> = {}): Promise<CheckoutInput> {
  const { pricing } = await getPricedCart(getDb(), owner);
  return checkoutSchema.parse({
    idempotencyKey: randomUUID(),
    expectedSubtotalCents: String(pricing.subtotalCents),
    name: "Jordan Rivera",
    email: "jordan.rivera@example.com",
    phone: "(210) 555-0142",
    fulfilment: "pickup",
    pickupLocationId: "1",
    ...fields,
  });
}
