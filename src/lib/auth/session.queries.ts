import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { parseCookies } from "better-auth/cookies";
import type { Database } from "@/db/client";
import { session, user } from "@/db/schema/auth";

/** What better-auth's own read of a session decides from: its cookies' names, its secret, and when a session is refreshed. */
export interface SessionRules {
  cookieName: string;
  /** The cookie better-auth sets for a sign-in without "remember me": such sessions are never refreshed. */
  dontRememberCookieName: string;
  secret: string;
  /** A session lasts this long from its last refresh… */
  expiresInSeconds: number;
  /** …and is refreshed once this long has passed since. */
  updateAgeSeconds: number;
}

export interface SessionHolder {
  id: string;
  email: string;
  name: string;
  role: string | null;
  emailVerified: boolean;
}

export interface SessionRead {
  holder: SessionHolder;
  token: string;
  /** The cookie's value as the browser holds it (the token and its signature), to be set again on a refresh. */
  cookieValue: string;
  /** An hour has passed since the session was last refreshed: better-auth's rule for moving its expiry on. */
  refreshDue: boolean;
}

/** The token the cookie carries, when its signature is the secret's (better-auth signs `token` as `token.base64(HMAC-SHA256)`). */
function signedToken(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/**
 * A signed-in member's session, read in one statement: a cookie whose signature is valid, for a session
 * that exists and has not expired. `undefined` for anything else, and for a session signed in without
 * "remember me": better-auth's own read (two statements and its endpoint's pipeline) then decides, as it
 * always did, and does what else it must (delete an expired session, clear a cookie it does not know).
 */
export async function readSession(db: Database, cookieHeader: string, rules: SessionRules, now = Date.now()): Promise<SessionRead | undefined> {
  const cookies = parseCookies(cookieHeader);
  const cookieValue = cookies.get(rules.cookieName);
  const token = cookieValue === undefined || cookies.has(rules.dontRememberCookieName) ? undefined : signedToken(cookieValue, rules.secret);
  if (token === undefined) return undefined;
  const [row] = await db
    .select({ expiresAt: session.expiresAt, id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: user.emailVerified })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  if (!row || row.expiresAt.getTime() <= now) return undefined;
  const { expiresAt, ...holder } = row;
  // better-auth's own rule (api/routes/session): refreshed once updateAge has passed since the last refresh.
  const refreshDue = expiresAt.getTime() - rules.expiresInSeconds * 1000 + rules.updateAgeSeconds * 1000 <= now;
  return { holder, token, cookieValue: cookieValue!, refreshDue };
}

/** Moves the session's expiry on, as better-auth's refresh does; false when it has gone or expired meanwhile. */
export async function refreshSession(db: Database, token: string, rules: SessionRules, now = Date.now()): Promise<boolean> {
  const refreshed = await db
    .update(session)
    .set({ expiresAt: new Date(now + rules.expiresInSeconds * 1000), updatedAt: new Date(now) })
    .where(and(eq(session.token, token), gt(session.expiresAt, new Date(now))))
    .returning({ id: session.id });
  return refreshed.length > 0;
}
