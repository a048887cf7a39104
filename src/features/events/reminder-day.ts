import { DateTime } from "luxon";

/** What a reminder may call the event's day. */
export type ReminderDay = "today" | "tomorrow";

/**
 * "today" or "tomorrow" for an event starting at `startsAt`, read at `at` on the calendar of the
 * event's zone (the association's): calendar days, not 24-hour spans, so it stays right across DST
 * changes. Undefined when the event has started or is further off than tomorrow.
 */
export function reminderDay(startsAt: Date, at: Date, timeZone: string): ReminderDay | undefined {
  if (startsAt <= at) return undefined;
  const eventDay = DateTime.fromJSDate(startsAt, { zone: timeZone }).startOf("day");
  const today = DateTime.fromJSDate(at, { zone: timeZone }).startOf("day");
  if (eventDay.equals(today)) return "today";
  if (eventDay.equals(today.plus({ days: 1 }))) return "tomorrow";
  return undefined;
}

/**
 * Until when a reminder that says `day` stays true: "tomorrow" until the event's day begins (at
 * midnight in its zone, when it becomes "today"), "today" until the event starts. The reminder's
 * outbox row expires then, so mail that waited (SMTP down or not yet set up) never arrives saying
 * "tomorrow" on the day itself, or after the event began.
 */
export function reminderTrueUntil(startsAt: Date, day: ReminderDay, timeZone: string): Date {
  return day === "today" ? startsAt : DateTime.fromJSDate(startsAt, { zone: timeZone }).startOf("day").toJSDate();
}
