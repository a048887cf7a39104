import "server-only";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { addToCartSchema, type AddToCartOutcome } from "./cart.schema";
import { addToCart } from "./cart.service";
import { cartOwnerForWrite } from "./cart-session";

/**
 * Add to Cart through the one action wrapper, for the enhanced button (cart.actions.ts) and the
 * no-JavaScript route (/shop/cart/add) alike: the same parse, the same refusal of bad input.
 */
export const addToCartFromForm = formAction(addToCartSchema, async ({ variantId, quantity }): Promise<{ outcome: AddToCartOutcome; variantId: number }> => {
  const result = await addToCart(getDb(), await cartOwnerForWrite(), variantId, quantity);
  return { outcome: result.outcome, variantId };
});
