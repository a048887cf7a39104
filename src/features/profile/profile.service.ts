import "server-only";
import { isAPIError } from "better-auth/api";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { session, user } from "@/db/schema/auth";
import { memberProfiles, memberSettings } from "@/db/schema/members";
import { FormError } from "@/lib/form-state";
import type { Auth } from "@/lib/auth/auth";
import { retireResetLinks } from "@/lib/auth/accounts.service";
import { hitRateLimit, type RateLimitRule } from "@/lib/rate-limit.service";
import { deviceLabel } from "./device-label";
import type { ChangePasswordInput, MemberSettings, ProfileInput, SettingsView } from "./profile.schema";
import * as clock from "@/lib/clock";
import { marketingConsentOf, setMarketingConsent } from "@/features/newsletter/newsletter.service";

/** Marketing emails start off: the member opts in, and confirms by email (see saveSettings). */
export const DEFAULT_SETTINGS: MemberSettings = {
  emailNotifications: true,
  marketingEmails: false,
};

export const WRONG_CURRENT_PASSWORD = "Your current password is incorrect.";
export const TOO_MANY_PASSWORD_CHANGES = "Too many attempts. Please wait a minute and try again.";
export const FAILED_TO_CHANGE_PASSWORD = "Failed to change password";

/** Wrong current passwords per member; better-auth's own limiter does not see server-side calls. */
export const changePasswordLimit = { window: 60, max: 5 } as const satisfies RateLimitRule;

// ---------------------------------------------------------------- profile

/** Creates or replaces the member's profile; the header's display name follows first + last name. */
export async function saveProfile(db: Database, userId: string, input: ProfileInput): Promise<ProfileInput> {
  const displayName = [input.firstName, input.lastName].filter(Boolean).join(" ");
  await db.transaction(async (tx) => {
    await tx
      .insert(memberProfiles)
      .values({ userId, ...input })
      .onConflictDoUpdate({ target: memberProfiles.userId, set: { ...input, updatedAt: sql`now()` } });
    await tx.update(user).set({ name: displayName }).where(eq(user.id, userId));
  });
  return input;
}

// ---------------------------------------------------------------- settings

export const MARKETING_CONFIRMATION_SENT = "Settings saved. To start the newsletter, open the link we just emailed you and press Confirm.";
export const MARKETING_NOT_SENT =
  "Settings saved, but we have sent several emails to your address in the last hour, so Marketing emails stays off for now. Try again later.";

/**
 * Saves the tab. "Marketing emails" is not stored here: it is the newsletter subscription of the
 * member's account address (setMarketingConsent states the rule: turning it on asks for confirmation
 * by email unless the address is already confirmed; turning it off unsubscribes at once). An account
 * whose own address is not confirmed yet leaves the newsletter alone.
 */
export async function saveSettings(
  db: Database,
  member: { id: string; email: string; emailVerified: boolean },
  input: MemberSettings,
  now: Date = clock.now(),
): Promise<SettingsView> {
  const values = {
    emailNotifications: input.emailNotifications,
  };
  await db
    .insert(memberSettings)
    .values({ userId: member.id, ...values })
    .onConflictDoUpdate({ target: memberSettings.userId, set: { ...values, updatedAt: sql`now()` } });
  // An unconfirmed account may not subscribe or unsubscribe an address it has not proven to own.
  if (!member.emailVerified) return { ...values, marketingEmails: false, marketing: "unconfirmed" };
  const before = await marketingConsentOf(db, member.email, now);
  const marketing = await setMarketingConsent(db, member.email, input.marketingEmails, now);
  const notice =
    input.marketingEmails && marketing === "off" ? MARKETING_NOT_SENT : before === "off" && marketing === "pending" ? MARKETING_CONFIRMATION_SENT : undefined;
  return { ...values, marketingEmails: marketing !== "off", marketing, ...(notice ? { notice } : {}) };
}

// ---------------------------------------------------------------- sessions

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  updatedAt: Date;
  createdAt: Date;
}

export interface SessionSummary {
  id: string;
  device: string;
  ipAddress: string;
  lastActive: Date;
  current: boolean;
}

/** The current device first, then the most recently active. */
export function summariseSessions(rows: SessionRow[], currentSessionId: string | undefined): SessionSummary[] {
  return rows
    .map((row) => ({
      id: row.id,
      device: deviceLabel(row.userAgent),
      ipAddress: row.ipAddress?.trim() || "Unknown",
      lastActive: row.updatedAt,
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActive.getTime() - a.lastActive.getTime());
}

export interface SecurityDeps {
  db: Database;
  auth: Auth;
  headers: Headers;
}

function isInvalidPassword(error: unknown): boolean {
  if (!isAPIError(error)) return false;
  const body = error.body as { code?: unknown } | undefined;
  return body?.code === "INVALID_PASSWORD";
}

/**
 * Changes the signed-in member's password through better-auth (which also applies the length and
 * common-password rules). With `revokeOtherSessions` every other session ends; this one continues
 * under a fresh cookie.
 */
export async function changeMemberPassword(
  { db, auth, headers }: SecurityDeps,
  userId: string,
  input: ChangePasswordInput,
): Promise<{ otherSessionsRevoked: boolean }> {
  const limit = await hitRateLimit(db, `change-password:${userId}`, changePasswordLimit);
  if (!limit.allowed) throw new FormError(TOO_MANY_PASSWORD_CHANGES);
  try {
    // better-auth's own revokeOtherSessions here would also replace this session (new token, new cookie),
    // and the page re-rendered by the action would still carry the old cookie and bounce to /login.
    // Ending only the others keeps this session, which just proved the current password, signed in.
    await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: false },
      headers,
    });
  } catch (error) {
    if (isInvalidPassword(error)) throw new FormError(WRONG_CURRENT_PASSWORD, "currentPassword");
    if (isAPIError(error)) {
      const message = (error.body as { message?: unknown } | undefined)?.message;
      const code = (error.body as { code?: unknown } | undefined)?.code;
      if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
        throw new FormError("Your account signs in with Google, so it has no password to change here.");
      }
      const text = typeof message === "string" && message ? message : FAILED_TO_CHANGE_PASSWORD;
      throw new FormError(text, code === "PASSWORD_TOO_COMMON" || code === "PASSWORD_TOO_SHORT" ? "newPassword" : undefined);
    }
    throw error;
  }
  await retireResetLinks(db, userId);
  if (input.revokeOtherSessions) await auth.api.revokeOtherSessions({ headers });
  return { otherSessionsRevoked: input.revokeOtherSessions };
}

/** Ends every session of this member except the one making the request; answers how many ended. */
export async function signOutOtherSessions(
  { db, auth, headers }: SecurityDeps,
  userId: string,
  currentSessionId: string,
): Promise<{ revoked: number }> {
  const others = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentSessionId), gt(session.expiresAt, clock.systemNow())));
  await auth.api.revokeOtherSessions({ headers });
  return { revoked: others.length };
}
