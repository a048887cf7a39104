import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "@/db/client";
import { eventRegistrations, events, memberCalendarFeeds } from "@/db/schema/events";
import type { IcalEvent } from "./ical";
import { registrationCalendarEntry } from "./registration-calendar";
import * as clock from "@/lib/clock";

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function getMemberFeedToken(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ token: memberCalendarFeeds.token }).from(memberCalendarFeeds).where(eq(memberCalendarFeeds.userId, userId));
  return row?.token ?? null;
}

/** Creates the member's private feed address, or replaces it: the old address stops working at once. */
export async function regenerateMemberFeedToken(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(memberCalendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: memberCalendarFeeds.userId, set: { token, createdAt: clock.now() } });
  return token;
}

export async function revokeMemberFeedToken(db: Database, userId: string): Promise<void> {
  await db.delete(memberCalendarFeeds).where(eq(memberCalendarFeeds.userId, userId));
}

/** The owner of a feed token, or undefined for anything that is not a live token (checked before any query). */
export async function findMemberFeedOwner(db: Database, token: string): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db.select({ userId: memberCalendarFeeds.userId }).from(memberCalendarFeeds).where(eq(memberCalendarFeeds.token, token));
  return row?.userId;
}

/**
 * The member's events for their private feed: one entry per event they ever registered for, under a
 * UID of its own (so it never merges with the public feed's entry). Waitlist places and offers are
 * TENTATIVE, cancellations stay in the feed as CANCELLED so calendars remove them, and SEQUENCE is
 * the event's plus the registration's, so it grows with every change to either.
 */
export async function listMemberFeedEvents(db: Database, userId: string, host: string): Promise<IcalEvent[]> {
  const rows = await db
    .select({ event: events, registration: eventRegistrations })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.userId, userId))
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map(({ event, registration }) => registrationCalendarEntry(event, registration, host));
}

/**
 * The member's own entry for one event (the UID of their confirmation's file and private feed), or
 * undefined when they hold no place there: "Download iCal" then gives a registered member that entry,
 * so importing it beside the confirmation's file keeps one entry instead of two.
 */
export async function findMemberEventEntry(db: Database, userId: string, eventId: number, host: string): Promise<IcalEvent | undefined> {
  const [row] = await db
    .select({ event: events, registration: eventRegistrations })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), eq(eventRegistrations.eventId, eventId), ne(eventRegistrations.status, "cancelled")));
  return row && registrationCalendarEntry(row.event, row.registration, host);
}
