import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { parseCookies } from "better-auth/cookies";
import type { Database } from "@/db/client";
import { session, user } from "@/db/schema/auth";

/** What better-auth's own read of a session decides from: its cookie's name, its secret, and when a session is refreshed. */
export interface SessionRules {
  cookieName: string;
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
 * A signed-in member's session read in one statement, for a session that better-auth would only read:
 * a valid signature, a session that exists, has not expired and is not due for its refresh.
 * `undefined` otherwise: better-auth's own read (two statements and its endpoint's pipeline) then decides,
 * as it always did, and does what else it must: refresh the session and its cookie, delete an expired one,
 * clear a cookie it does not know.
 */
export async function readSessionHolder(db: Database, cookieHeader: string, rules: SessionRules, now = Date.now()): Promise<SessionHolder | undefined> {
  const value = parseCookies(cookieHeader).get(rules.cookieName);
  const token = value === undefined ? undefined : signedToken(value, rules.secret);
  if (token === undefined) return undefined;
  const [row] = await db
    .select({ expiresAt: session.expiresAt, id: user.id, email: user.email, name: user.name, role: user.role, emailVerified: user.emailVerified })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  if (!row) return undefined;
  const expiresAt = row.expiresAt.getTime();
  // better-auth's own rule (api/routes/session): refreshed once updateAge has passed since the last refresh.
  const refreshDue = expiresAt - rules.expiresInSeconds * 1000 + rules.updateAgeSeconds * 1000 <= now;
  if (expiresAt <= now || refreshDue) return undefined;
  const { expiresAt: _, ...holder } = row;
  return holder;
}
