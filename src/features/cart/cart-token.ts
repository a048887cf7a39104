import { hashOpaqueToken, isOpaqueToken, newOpaqueToken } from "@/lib/opaque-token";

/** The visitor cart cookie: an opaque random token; the database only keeps its SHA-256. */
export const CART_COOKIE = "vva_cart";
export const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 90;

export const newCartToken = newOpaqueToken;
export const hashCartToken = hashOpaqueToken;
export const isCartToken = isOpaqueToken;

/** Reads one cookie from a Cookie header (better-auth hooks get headers, not Next's cookie store). */
export function cookieFromHeader(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}
