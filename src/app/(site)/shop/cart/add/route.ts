import { getDb } from "@/db/client";
import { addToCartSchema } from "@/features/cart/cart.schema";
import { addToCart } from "@/features/cart/cart.service";
import { cartOwnerForWrite } from "@/features/cart/cart-session";
import { withCartNotice } from "@/features/cart/cart-notice-params";
import { safeNextPath } from "@/features/members/safe-next";
import { siteUrl } from "@/lib/env";

/**
 * Add to Cart without JavaScript: a plain form post that adds the item and sends the browser back
 * (303) to the page it came from, whose ?cart= parameter shows the confirmation.
 */
export async function POST(request: Request): Promise<Response> {
  // Another site's form must not replace this browser's cart cookie (SameSite=Lax keeps the cookie
  // off cross-site posts, so the post would look like a new visitor). Browsers send Origin on posts.
  if (!sameOrigin(request)) return new Response("Cross-site request refused.", { status: 403 });
  const form = await request.formData().catch(() => undefined);
  const fields = form ? Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) : {};
  const back = safeNextPath(fields.returnTo, "/shop");
  const parsed = addToCartSchema.safeParse(fields);
  if (!parsed.success) return seeOther(withCartNotice(back, "invalid", undefined));
  const { variantId, quantity } = parsed.data;
  const result = await addToCart(getDb(), await cartOwnerForWrite(), variantId, quantity);
  return seeOther(withCartNotice(back, result.outcome, variantId));
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
