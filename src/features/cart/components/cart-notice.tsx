import { AddedToCart } from "./added-to-cart";
import { getDb } from "@/db/client";
import { addToCartMessage } from "../cart.messages";
import { readCartNotice } from "../cart-notice-params";
import { getVariantLabel } from "../cart.queries";

/**
 * The confirmation after a no-JavaScript Add to Cart: /shop/cart/add redirects back with
 * ?cart=<outcome>&variant=<id>, and the page shows this status message at the bottom of the screen.
 */
export async function CartNotice({ searchParams }: { searchParams: Record<string, string | string[] | undefined> }) {
  const notice = readCartNotice(searchParams);
  if (!notice) return null;
  const label = notice.variantId ? await getVariantLabel(getDb(), notice.variantId) : undefined;
  const ok = notice.outcome === "added";
  return (
    <div
      role="status"
      data-testid="cart-notice"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-xl"
    >
      <AddedToCart message={addToCartMessage(notice.outcome, label)} ok={ok} />
    </div>
  );
}
