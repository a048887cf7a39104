import "server-only";
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { eventRegistrations, events } from "@/db/schema/events";
import { memberSettings } from "@/db/schema/members";
import { siteUrl } from "@/lib/env";
import { enqueueEmail } from "@/lib/email/outbox";
import { eventReminderEmail } from "./emails/registration-emails";
import { eventPath } from "./event-paths";
import { reminderDay, reminderTrueUntil } from "./reminder-day";
import * as clock from "@/lib/clock";

export const REMINDER_HOURS = 24;

/**
 * Queues a reminder for every confirmed registration whose event starts within the next 24 hours,
 * when the member's settings allow email notifications (the default). Members who registered inside
 * that window already have their confirmation and get no reminder. Each reminder is claimed by
 * setting reminder_sent_at in the transaction that queues it, so it goes out once, however many
 * servers run this and however often they restart. It says "today" or "tomorrow" as is true when it
 * is queued, and expires (is never sent) once that stops being true.
 */
export async function sendDueReminders(db: Database, now = clock.now()): Promise<number> {
  const windowEnd = new Date(now.getTime() + REMINDER_HOURS * 3_600_000);
  const due = await db
    .select({ id: eventRegistrations.id, startsAt: events.startsAt, timeZone: events.timeZone })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(memberSettings, eq(memberSettings.userId, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.status, "confirmed"),
        isNull(eventRegistrations.reminderSentAt),
        gt(events.startsAt, now),
        lte(events.startsAt, windowEnd),
        sql`${eventRegistrations.confirmedAt} <= ${events.startsAt} - make_interval(hours => ${REMINDER_HOURS})`,
        sql`coalesce(${memberSettings.emailNotifications}, true)`,
      ),
    );

  let sent = 0;
  // Across a spring-forward night an event 24 hours away can be two calendar days off: it waits until "tomorrow" is true.
  for (const { id } of due.filter((row) => reminderDay(row.startsAt, now, row.timeZone))) {
    const queued = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(eventRegistrations)
        .set({ reminderSentAt: now })
        .where(and(eq(eventRegistrations.id, id), isNull(eventRegistrations.reminderSentAt), eq(eventRegistrations.status, "confirmed")))
        .returning({ eventId: eventRegistrations.eventId, userId: eventRegistrations.userId });
      if (!claimed) return false; // another server, or a cancellation, got there first
      const [row] = await tx
        .select({ event: events, email: user.email })
        .from(events)
        .innerJoin(user, eq(user.id, claimed.userId))
        .where(eq(events.id, claimed.eventId));
      const day = row && reminderDay(row.event.startsAt, now, row.event.timeZone);
      if (!row || !day) return false;
      const url = `${siteUrl()}${eventPath(row.event.id)}`;
      await enqueueEmail(tx, {
        kind: "event-reminder",
        to: row.email,
        ...eventReminderEmail({ ...row.event, url }, day),
        log: { link: url },
        expiresAt: reminderTrueUntil(row.event.startsAt, day, row.event.timeZone),
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
