import "server-only";
import type { DbOrTransaction } from "@/lib/email/outbox";
import * as clock from "@/lib/clock";
import type { CartOwner } from "../cart/cart-owner";
import type { CartLineView, CartView } from "../cart/cart.queries";
import { priceForBuyer, type PricedLines } from "./pricing.service";

export type PricedCartLine = CartLineView & { kind: "product" | "dues" };
export type PricedCart = CartView & { pricing: PricedLines<PricedCartLine> };

/** The cart priced for its owner (a guest gets list prices): what cart, checkout and the order show and charge. */
export async function priceCart(db: DbOrTransaction, owner: CartOwner | null, cart: CartView, at: Date = clock.now()): Promise<PricedCart> {
  const userId = owner?.kind === "member" ? owner.userId : null;
  const lines = cart.lines.map((l): PricedCartLine => ({ ...l, kind: l.plan ? "dues" : "product" }));
  return { ...cart, pricing: await priceForBuyer(db, userId, lines, at) };
}
