import { addToCartFromForm } from "@/features/cart/add-to-cart";
import { withCartNotice } from "@/features/cart/cart-notice-params";
import { addToCartMessage } from "@/features/cart/cart.messages";
import { safeNextPath } from "@/lib/auth/safe-next";
import { idleState } from "@/lib/form-state";
import { plainPage } from "@/lib/plain-page";
import { sameOrigin } from "@/lib/same-origin";

/**
 * Add to Cart without JavaScript: a plain form post that adds the item and sends the browser back
 * (303) to the page it came from, whose ?cart= parameter shows the confirmation. A post naming no item
 * that can be bought (no size chosen, an unknown or tampered id) is refused with a 422 and a page that
 * says so and links back.
 */
export async function POST(request: Request): Promise<Response> {
  // Another site's form must not replace this browser's cart cookie (SameSite=Lax keeps the cookie
  // off cross-site posts, so the post would look like a new visitor). Browsers send Origin on posts.
  if (!sameOrigin(request)) return new Response("Cross-site request refused.", { status: 403 });
  const form = (await request.formData().catch(() => undefined)) ?? new FormData();
  const returnTo = form.get("returnTo");
  const back = safeNextPath(typeof returnTo === "string" ? returnTo : undefined, "/shop");
  const state = await addToCartFromForm(idleState, form);
  if (state.status !== "success" || state.data.outcome === "invalid") return notAdded(back);
  return seeOther(withCartNotice(back, state.data.outcome, state.data.variantId));
}

function notAdded(back: string): Response {
  const page = plainPage({ title: "Not added to your cart", message: addToCartMessage("invalid", undefined), link: { href: back, label: "Go back and choose again" } });
  return new Response(page, { status: 422, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}
