import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { getAuth, type Auth } from "@/lib/auth/auth";
import { readSession, refreshSession, type SessionRead, type SessionRules } from "@/lib/auth/session.queries";
import { isStaffRole, roleAllows, type Permission, type StaffRole } from "@/lib/access-control";

export interface CurrentMember {
  id: string;
  email: string;
  /** The member's name, or null when they have not given one (the header then says "Member"). */
  displayName: string | null;
  /** A staff role, or null for a member. */
  role: StaffRole | null;
  /** Whether the member confirmed the address by the emailed link; what trusts the address waits for it. */
  emailVerified: boolean;
}

export interface StaffMember extends CurrentMember {
  role: StaffRole;
}

/**
 * The signed-in member for this request, or null. Without a session cookie it answers at once,
 * without a database round trip; with one, better-auth validates it. Cached per request.
 */
export const getCurrentMember = cache(async (): Promise<CurrentMember | null> => memberFromHeaders(await headers()));

type CookieAttributes = Parameters<Awaited<ReturnType<typeof cookies>>["set"]>[2];
/** The rules, and the session cookie's attributes as better-auth sets it (for as long as a session lasts). */
type AuthSessionRules = SessionRules & { cookieAttributes: CookieAttributes };
const rulesOfAuth = new WeakMap<Auth, Promise<AuthSessionRules>>();

/** The session rules of better-auth's instance, as it applies them: its cookies, secret, lifetime and refresh age. */
function sessionRules(auth: Auth): Promise<AuthSessionRules> {
  let rules = rulesOfAuth.get(auth);
  if (!rules) {
    rules = auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      cookieAttributes: { ...context.authCookies.sessionToken.attributes, maxAge: context.sessionConfig.expiresIn } as CookieAttributes,
      dontRememberCookieName: context.authCookies.dontRememberToken.name,
      secret: context.secret,
      expiresInSeconds: context.sessionConfig.expiresIn,
      updateAgeSeconds: context.sessionConfig.updateAge,
    }));
    rulesOfAuth.set(auth, rules);
  }
  return rules;
}

/**
 * A session's refresh, as better-auth and its Next.js plugin make it: the expiry moved on, and the cookie
 * set again for as long, where the answer can still set cookies (an action, a route handler). A page's
 * render cannot, and the refresh is then the database's alone, as it was with better-auth; a client-side
 * navigation (RSC without an action) is not refreshed at all. False when the session has gone meanwhile.
 */
async function refreshed(read: SessionRead, requestHeaders: Headers, rules: AuthSessionRules): Promise<boolean> {
  if (requestHeaders.get("rsc") === "1" && !requestHeaders.has("next-action")) return true;
  if (!(await refreshSession(getDb(), read.token, rules))) return false;
  try {
    (await cookies()).set(rules.cookieName, read.cookieValue, rules.cookieAttributes);
  } catch {
    // A page's render: cookies are read-only there.
  }
  return true;
}

/**
 * The signed-in member of a request's headers (a route handler passes its request's), or null. A session
 * is read in one statement (session.queries.ts), and refreshed in one more when due; better-auth reads
 * any other cookie (no valid signature, an unknown or expired session, a sign-in without "remember me").
 */
export async function memberFromHeaders(requestHeaders: Headers): Promise<CurrentMember | null> {
  if (!getSessionCookie(requestHeaders)) return null;
  const auth = getAuth();
  const rules = await sessionRules(auth);
  const read = await readSession(getDb(), requestHeaders.get("cookie") ?? "", rules);
  const holder =
    read && (!read.refreshDue || (await refreshed(read, requestHeaders, rules))) ? read.holder : (await auth.api.getSession({ headers: requestHeaders }))?.user;
  if (!holder) return null;
  const name = holder.name.trim();
  const granted: unknown = (holder as { role?: unknown }).role; // the admin plugin's field
  const role = isStaffRole(granted) ? granted : null;
  return { id: holder.id, email: holder.email, displayName: name || null, role, emailVerified: holder.emailVerified };
}

/** For pages and actions that need a member: sends visitors to /login and back to `nextPath` after. */
export async function requireMember(nextPath: string): Promise<CurrentMember> {
  const member = await getCurrentMember();
  if (!member) redirect(`/login?next=${encodeURIComponent(nextPath)}`);
  return member;
}

/**
 * For every staff page and staff action: a visitor goes to /login (and back after), a signed-in
 * member or a role without this permission gets the 404 page, so the staff area never shows it exists.
 */
export async function requireStaff(permission: Permission, nextPath: string): Promise<StaffMember> {
  const member = await requireMember(nextPath);
  if (!member.role || !roleAllows(member.role, permission)) notFound();
  return { ...member, role: member.role };
}

/**
 * The same check for a staff route handler (a download): the staff member, or the answer to send
 * instead — a redirect to sign in for a visitor, a plain 404 for anyone without the permission.
 */
export async function staffOrRefusal(permission: Permission, nextPath: string): Promise<StaffMember | Response> {
  const member = await getCurrentMember();
  if (!member) return new Response(null, { status: 307, headers: { location: `/login?next=${encodeURIComponent(nextPath)}`, "cache-control": "no-store" } });
  if (!member.role || !roleAllows(member.role, permission)) return routeNotFound();
  return { ...member, role: member.role };
}

export function routeNotFound(): Response {
  return new Response("Not found", { status: 404, headers: { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" } });
}
