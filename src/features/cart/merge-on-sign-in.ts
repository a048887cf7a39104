import "server-only";
import type { Database } from "@/db/client";
import { log } from "@/lib/log";
import { CART_COOKIE, cookieFromHeader, hashCartToken, isCartToken } from "./cart-token";
import { mergeVisitorCart } from "./cart.service";

/**
 * Called by better-auth after every new session (email sign-in, sign-up, Google): the visitor cart
 * named by the request's cart cookie moves into the member's cart. A failure is logged and leaves the
 * visitor cart untouched (the merge is one transaction), so signing in never loses anything.
 */
export async function mergeCartOnSignIn(db: Database, userId: string, cookieHeader: string | null | undefined): Promise<void> {
  const token = cookieFromHeader(cookieHeader, CART_COOKIE);
  if (!isCartToken(token)) return;
  try {
    await mergeVisitorCart(db, hashCartToken(token), userId);
  } catch (error) {
    log.error({ event: "cart.merge-on-sign-in-failed", userId, err: error }, "merging the visitor cart on sign-in failed");
  }
}
