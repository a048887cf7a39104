import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { siteUrl } from "@/lib/env";
import { getCurrentMember } from "@/lib/auth/session";
import type { CartOwner } from "./cart-owner";
import { getCartCount } from "./cart.queries";
import { CART_COOKIE, CART_COOKIE_MAX_AGE, hashCartToken, isCartToken, newCartToken } from "./cart-token";

/** The visitor's cart token from the cookie, if it is one we could have issued. */
export async function readCartToken(): Promise<string | undefined> {
  const value = (await cookies()).get(CART_COOKIE)?.value;
  return isCartToken(value) ? value : undefined;
}

/** The hash of the visitor's cart token, as a guest's order keeps it to know its buyer again; undefined without one. */
export async function readCartTokenHash(): Promise<string | undefined> {
  const token = await readCartToken();
  return token && hashCartToken(token);
}

/** Whose cart this request sees: the member's when signed in, else the cookie's; null for neither. */
export const getCartOwner = cache(async (): Promise<CartOwner | null> => {
  const member = await getCurrentMember();
  if (member) return { kind: "member", userId: member.id };
  const token = await readCartToken();
  return token ? { kind: "visitor", tokenHash: hashCartToken(token) } : null;
});

/**
 * For writes: the member, or the visitor's cookie — issuing one on the first add. httpOnly (scripts
 * never need it), SameSite=Lax (not sent on cross-site posts), Secure when the site is served over https.
 */
export async function cartOwnerForWrite(): Promise<CartOwner> {
  const owner = await getCartOwner();
  if (owner) return owner;
  const token = newCartToken();
  (await cookies()).set(CART_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: siteUrl().startsWith("https://"),
    path: "/",
    maxAge: CART_COOKIE_MAX_AGE,
  });
  return { kind: "visitor", tokenHash: hashCartToken(token) };
}

/** The header badge's number, read on the server for every page. */
export const getCurrentCartCount = cache(async (): Promise<number> => getCartCount(getDb(), await getCartOwner()));
