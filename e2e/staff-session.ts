/**
 * A browser context signed in as someone holding a staff role, for the staff area's specs. The
 * account and its session are written straight into the e2e database and the browser gets the
 * session cookie signed as better-auth signs it: no sign-up request, so no per-address limit is
 * spent and the specs stay fast. Signing up itself is tested in auth.spec.ts.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Browser, BrowserContext } from "@playwright/test";
import { E2E_AUTH_SECRET } from "./auth-secret";
import { test } from "./fixtures";
import { uniqueMemberEmail, type E2eSite } from "./member";
import { query, type Role } from "./staff-db";

const SESSION_COOKIE = "better-auth.session_token";
const DAY_MS = 24 * 60 * 60 * 1000;

/** better-call's signed cookie: `value.base64(HMAC-SHA256(secret, value))`, URI-encoded. */
function signedCookieValue(value: string): string {
  const signature = createHmac("sha256", E2E_AUTH_SECRET).update(value).digest("base64");
  return encodeURIComponent(`${value}.${signature}`);
}

/** A confirmed account holding `role` (null: a plain member) with one live session; returns the session token. */
export async function createSignedInAccount(email: string, role: Role | null, databaseUrl?: string): Promise<string> {
  const userId = randomUUID();
  const token = randomBytes(24).toString("base64url");
  await query(`insert into "user" (id, name, email, email_verified, role) values ($1, '', $2, true, $3)`, [userId, email, role], databaseUrl);
  await query(`insert into session (id, token, user_id, expires_at, updated_at) values ($1, $2, $3, $4, now())`, [
    randomUUID(),
    token,
    userId,
    new Date(Date.now() + DAY_MS),
  ], databaseUrl);
  return token;
}

/** A browser context signed in as a new account holding `role` (null: a plain member), on the project's site or `site`. */
export async function signedInAs(browser: Browser, role: Role | null, site?: E2eSite): Promise<{ context: BrowserContext; email: string }> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const baseURL = site?.url ?? test.info().project.use.baseURL;
  if (!baseURL) throw new Error("signedInAs needs use.baseURL in the Playwright config");
  const email = uniqueMemberEmail(role ?? "member");
  const token = await createSignedInAccount(email, role, site?.databaseUrl);
  // The project's device (desktop or phone), as the `page` fixture would have it.
  const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  await context.addCookies([sessionCookie(token, baseURL)]);
  return { context, email };
}

/** The session cookie better-auth would have set for `token` on `baseURL`. */
export function sessionCookie(token: string, baseURL: string) {
  return { name: SESSION_COOKIE, value: signedCookieValue(token), url: baseURL, httpOnly: true, sameSite: "Lax" as const };
}
