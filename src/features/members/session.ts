import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getAuth } from "@/lib/auth";

export interface CurrentMember {
  id: string;
  email: string;
  /** The member's name, or null when they have not given one (the header then says "Member"). */
  displayName: string | null;
}

/**
 * The signed-in member for this request, or null. Without a session cookie it answers at once,
 * without a database round trip; with one, better-auth validates it. Cached per request.
 */
export const getCurrentMember = cache(async (): Promise<CurrentMember | null> => {
  const requestHeaders = await headers();
  if (!getSessionCookie(requestHeaders)) return null;
  const session = await getAuth().api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const name = session.user.name.trim();
  return { id: session.user.id, email: session.user.email, displayName: name || null };
});

/** For pages and actions that need a member: sends visitors to /login and back to `nextPath` after. */
export async function requireMember(nextPath: string): Promise<CurrentMember> {
  const member = await getCurrentMember();
  if (!member) redirect(`/login?next=${encodeURIComponent(nextPath)}`);
  return member;
}
