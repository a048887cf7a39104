import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "@/db/client";
import { session, user } from "@/db/schema/auth";
import { memberProfiles, memberSettings } from "@/db/schema/members";
import type { MemberSettings, MilitaryStatus } from "./profile.schema";
import { DEFAULT_SETTINGS, membershipFor, summariseSessions, type Membership, type SessionSummary } from "./profile.service";

/** What the profile form shows: empty strings for anything the member has not given. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  militaryStatus: MilitaryStatus | "";
}

export async function getProfileFormValues(db: Database, userId: string): Promise<ProfileFormValues> {
  const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId));
  return {
    firstName: row?.firstName ?? "",
    lastName: row?.lastName ?? "",
    phone: row?.phone ?? "",
    address: row?.address ?? "",
    militaryStatus: row?.militaryStatus ?? "",
  };
}

/** The member's preferences, or the spec's defaults when they have never saved any. */
export async function getMemberSettings(db: Database, userId: string): Promise<MemberSettings> {
  const [row] = await db.select().from(memberSettings).where(eq(memberSettings.userId, userId));
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    emailNotifications: row.emailNotifications,
    marketingEmails: row.marketingEmails,
    textNotifications: row.textNotifications,
    profileVisibility: row.profileVisibility,
    eventParticipation: row.eventParticipation,
  };
}

export async function getMembership(db: Database, userId: string, now = new Date()): Promise<Membership | null> {
  const [row] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
  return row ? membershipFor(row.createdAt, now) : null;
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
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
  return summariseSessions(rows, currentSessionId);
}

/** A member's orders; the orders table arrives with the shop's checkout. */
export interface MyOrder {
  id: string;
  number: string;
  placedAt: Date;
  totalCents: number;
  status: string;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the signature the real query will have
export async function listMyOrders(_db: Database, _userId: string): Promise<MyOrder[]> {
  return [];
}
