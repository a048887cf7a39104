import { createHash, randomBytes } from "node:crypto";

/**
 * A secret handed to someone once (in a cookie or a link) whose SHA-256 alone is stored: a leaked
 * database row cannot be turned back into a working token.
 */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token we issued has this shape; anything else is ignored (never looked up). */
export function isOpaqueToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
