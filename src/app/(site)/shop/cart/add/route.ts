import { addToCartFromForm } from "@/features/cart/add-to-cart";
import { withCartNotice } from "@/features/cart/cart-notice-params";
import { safeNextPath } from "@/features/members/safe-next";
import { siteUrl } from "@/lib/env";
import { idleState } from "@/lib/form-state";

/**
 * Add to Cart without JavaScript: a plain form post that adds the item and sends the browser back
 * (303) to the page it came from, whose ?cart= parameter shows the confirmation.
 */
export async function POST(request: Request): Promise<Response> {
  // Another site's form must not replace this browser's cart cookie (SameSite=Lax keeps the cookie
  // off cross-site posts, so the post would look like a new visitor). Browsers send Origin on posts.
  if (!sameOrigin(request)) return new Response("Cross-site request refused.", { status: 403 });
  const form = (await request.formData().catch(() => undefined)) ?? new FormData();
  const returnTo = form.get("returnTo");
  const back = safeNextPath(typeof returnTo === "string" ? returnTo : undefined, "/shop");
  const state = await addToCartFromForm(idleState, form);
  if (state.status !== "success") return seeOther(withCartNotice(back, "invalid", undefined));
  return seeOther(withCartNotice(back, state.data.outcome, state.data.variantId));
}

function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === null;
  try {
    const host = new URL(origin).host;
    return host === new URL(siteUrl()).host || host === (request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  } catch {
    return false;
  }
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}
