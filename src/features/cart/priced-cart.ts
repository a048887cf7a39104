import "server-only";
import type { DbOrTransaction } from "@/lib/email/outbox";
import * as clock from "@/lib/clock";
import { priceForBuyer, type PricedLines } from "@/features/pricing/pricing.service";
import type { CartOwner } from "./cart-owner";
import { getCart, type CartLineView, type CartView } from "./cart.queries";

export type PricedCartLine = CartLineView & { kind: "product" | "dues" };
export type PricedCart = CartView & { pricing: PricedLines<PricedCartLine> };

/** The owner's cart priced for them (a guest gets list prices): what cart, checkout and the order show and charge. */
export async function getPricedCart(db: DbOrTransaction, owner: CartOwner | null, at: Date = clock.now()): Promise<PricedCart> {
  const cart = await getCart(db, owner);
  const userId = owner?.kind === "member" ? owner.userId : null;
  const lines = cart.lines.map((l): PricedCartLine => ({ ...l, kind: l.plan ? "dues" : "product" }));
  return { ...cart, pricing: await priceForBuyer(db, userId, lines, at) };
}
