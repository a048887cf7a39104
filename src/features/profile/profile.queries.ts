import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "@/db/client";
import { session, user } from "@/db/schema/auth";
import { memberProfiles, memberSettings } from "@/db/schema/members";
import { marketingConsentOf } from "@/features/newsletter/newsletter.service";
import type { MilitaryStatus } from "./military-status";
import type { SettingsView } from "./profile.schema";
import { DEFAULT_SETTINGS, summariseSessions, type SessionSummary } from "./profile.service";
import * as clock from "@/lib/clock";

/** What the profile form shows: empty strings for anything the member has not given. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  militaryStatus: MilitaryStatus | "";
}

/**
 * "Pat Q. Member" → first "Pat Q.", last "Member": the name typed at sign-up, split at its last space, to
 * start the profile form with until the member saves it (they correct it there).
 */
export function splitSignUpName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.lastIndexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space).trim(), lastName: trimmed.slice(space + 1) };
}

/** The saved profile; before the first save, the first and last name come from the name given at sign-up. */
export async function getProfileFormValues(db: Database, userId: string): Promise<ProfileFormValues> {
  const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId));
  const signUp = row ? undefined : (await db.select({ name: user.name }).from(user).where(eq(user.id, userId)))[0];
  const names = row ? { firstName: row.firstName ?? "", lastName: row.lastName ?? "" } : splitSignUpName(signUp?.name ?? "");
  return {
    ...names,
    phone: row?.phone ?? "",
    address: row?.address ?? "",
    militaryStatus: row?.militaryStatus ?? "",
  };
}

/**
 * The member's preferences, or the spec's defaults when they have never saved any. "Marketing emails"
 * is read from the newsletter's consent record for the member's address, whoever wrote it (this tab or
 * the footer form).
 */
export async function getMemberSettings(db: Database, member: { id: string; email: string; emailVerified: boolean }): Promise<SettingsView> {
  const [row] = await db.select().from(memberSettings).where(eq(memberSettings.userId, member.id));
  // Until the address is confirmed, whether it subscribes is its owner's business, not this account's.
  const marketing = member.emailVerified ? await marketingConsentOf(db, member.email) : "unconfirmed";
  const saved = row ? { emailNotifications: row.emailNotifications } : DEFAULT_SETTINGS;
  return { ...DEFAULT_SETTINGS, ...saved, marketingEmails: marketing === "subscribed" || marketing === "pending", marketing };
}


/** Unexpired sessions, read from the table (better-auth's listSessions demands a session under a day old). */
export async function listActiveSessions(db: Database, userId: string, currentSessionId?: string): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      updatedAt: session.updatedAt,
      createdAt: session.createdAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, clock.systemNow())))
    .orderBy(desc(session.updatedAt));
  return summariseSessions(rows, currentSessionId);
}
