import { createHash, randomBytes } from "node:crypto";

/** The visitor cart cookie: an opaque random token; the database only keeps its SHA-256. */
export const CART_COOKIE = "vva_cart";
export const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 90;

export function newCartToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashCartToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token we issued has this shape; anything else in the cookie is ignored (never looked up). */
export function isCartToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Reads one cookie from a Cookie header (better-auth hooks get headers, not Next's cookie store). */
export function cookieFromHeader(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}
