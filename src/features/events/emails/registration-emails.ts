import type { OutboxAttachment } from "@/db/schema/email";
import { composeEmail, signature, type EmailBlock } from "@/lib/email/compose";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import { formatEventDate, formatEventTimeRange, formatFullDateTime, formatZoneName } from "@/lib/time";
import { googleCalendarUrl } from "../calendar-links";
import { buildCalendar, calendarFileName, type CalendarMethod, type IcalEvent } from "../ical";
import type { ReminderDay } from "../reminder-day";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
}

function when(event: Pick<IcalEvent, "startsAt" | "endsAt" | "timeZone">): string {
  return `${formatEventDate(event.startsAt, event.timeZone)}, ${formatEventTimeRange(event.startsAt, event.endsAt, event.timeZone)}`;
}

function formatExpiry(expiresAt: Date, timeZone: string): string {
  return `${formatFullDateTime(expiresAt, timeZone)} (${formatZoneName(timeZone, expiresAt)})`;
}

/**
 * An emailed calendar file. Its Content-Type names the iTIP method the file carries (RFC 6047 §2.4):
 * PUBLISH adds or updates the entry, REQUEST updates it (a higher SEQUENCE), CANCEL removes the entry with that UID.
 */
function calendarAttachment(entry: IcalEvent, host: string, method: CalendarMethod): OutboxAttachment {
  return {
    filename: calendarFileName(entry.title),
    contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
    content: buildCalendar(`${entry.title} | ${site.name}`, [method === "cancel" ? { ...entry, status: "cancelled" } : entry], host, method),
  };
}

/**
 * "You're registered": the registration's .ics attached (the same entry, UID and SEQUENCE as in the
 * member's private feed), a Google Calendar link, and the QR code staff scan at the door.
 */
export function registrationConfirmedEmail(event: IcalEvent, host: string, checkInQr: OutboxAttachment): EmailContent {
  return {
    ...composeEmail(`You're registered: ${event.title}`, [
      "Hello,",
      `Your seat is confirmed for ${event.title}.`,
      { lines: [`When: ${when(event)}`, `Where: ${event.location}`, ...(event.instructor ? [`Instructor: ${event.instructor}`] : [])] },
      "The calendar file attached to this email adds the event to Apple Calendar, Outlook and most other calendar apps.",
      { button: "Add to Google Calendar", href: googleCalendarUrl(event, event.url) },
      {
        image: { cid: checkInQr.cid ?? "", alt: `Check-in QR code for ${event.title}`, width: 240, height: 240 },
        text: `At the door, show this QR code (also attached as ${checkInQr.filename}): staff scan it to check you in.`,
      },
      `Event details, or cancel if your plans change: ${event.url}`,
      signature(),
    ]),
    attachments: [calendarAttachment(event, host, "publish"), checkInQr],
  };
}

const calendarRemoval = "The calendar file attached to this email removes the event from your calendar app.";

/**
 * The event is cancelled: sent to everyone who held a seat, a waitlist place or an offer, with a
 * METHOD:CANCEL file for their registration's calendar entry (same UID, higher SEQUENCE), which
 * calendar apps apply by removing or striking out the entry.
 */
export function eventCancelledEmail(entry: IcalEvent, host: string, reason?: string): EmailContent {
  const why: EmailBlock[] = reason ? [`Why: ${reason}`] : [];
  return {
    ...composeEmail(`Canceled: ${entry.title}`, [
      "Hello,",
      `We are sorry: ${entry.title} (${when(entry)}) has been canceled.`,
      ...why,
      "Your registration or waitlist place is canceled too; there is nothing you need to do.",
      calendarRemoval,
      `Other events you may like: ${siteUrl()}/calendar`,
      signature(),
    ]),
    attachments: [calendarAttachment(entry, host, "cancel")],
  };
}

/** What staff changed about an event that a calendar entry shows: its time, its place. */
export interface EventChange {
  what: "When" | "Where";
  was: string;
  now: string;
}

/** An event's day and times as the emails word them: "March 20, 2027, 9:00 AM - 1:00 PM CDT". */
export const eventWhen = when;

/**
 * Staff moved the event or changed its place: sent to everyone holding a seat, a waitlist place or an
 * offer, saying what changed, with a METHOD:REQUEST file for their registration's calendar entry (the
 * UID of their confirmation and private feed, a higher SEQUENCE), so calendar apps move the one entry.
 * `eventTitle` is the event's own: a waitlist entry's calendar title starts "Waitlist:".
 */
export function eventUpdatedEmail(entry: IcalEvent, host: string, changes: EventChange[], eventTitle: string): EmailContent {
  const waiting = entry.status === "tentative";
  return {
    ...composeEmail(`Changed: ${eventTitle}`, [
      "Hello,",
      `${eventTitle} has changed${waiting ? " (you are on its waitlist)" : ""}:`,
      { lines: changes.map((c) => `${c.what}: now ${c.now} (was ${c.was})`) },
      "The calendar file attached to this email moves the entry in your calendar app to the new time and place.",
      `Event details, or cancel if the new time does not suit you: ${entry.url}`,
      signature(),
    ]),
    attachments: [calendarAttachment(entry, host, "request")],
  };
}

/** What the member cancelled: a seat, a waitlist place, or a seat offered to them. */
export type CancelledHolding = "confirmed" | "waitlisted" | "offered";

/**
 * The member cancelled (My Events or the event page): what changed, and a METHOD:CANCEL file for the
 * registration's calendar entry (the UID of the confirmation and the private feed, a higher SEQUENCE).
 */
export function registrationCancelledEmail(entry: IcalEvent, host: string, cancelled: CancelledHolding): EmailContent {
  const what: Record<CancelledHolding, { subject: string; said: string }> = {
    confirmed: {
      subject: `Registration canceled: ${entry.title}`,
      said: `Your registration for ${entry.title} (${when(entry)}) is canceled, as you asked, and your seat has been released.`,
    },
    waitlisted: {
      subject: `You left the waitlist: ${entry.title}`,
      said: `You have left the waitlist for ${entry.title} (${when(entry)}), as you asked.`,
    },
    offered: {
      subject: `Seat declined: ${entry.title}`,
      said: `You declined the seat held for you at ${entry.title} (${when(entry)}); it goes to the next person on the waitlist.`,
    },
  };
  return {
    ...composeEmail(what[cancelled].subject, [
      "Hello,",
      what[cancelled].said,
      calendarRemoval,
      `Changed your mind? See whether you can register again: ${entry.url}`,
      signature(),
    ]),
    attachments: [calendarAttachment(entry, host, "cancel")],
  };
}

/** A message from staff to everyone attending an event, written on the events desk. */
export function attendeeMessageEmail(event: IcalEvent, subject: string, message: string): EmailContent {
  const paragraphs: EmailBlock[] = message.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== "");
  return composeEmail(subject, [...paragraphs, { lines: [`${event.title}, ${when(event)}`, event.url] }, signature()]);
}

export function waitlistJoinedEmail(event: IcalEvent, position: number): EmailContent {
  return composeEmail(`You're on the waitlist: ${event.title}`, [
    "Hello,",
    `${event.title} (${when(event)}) is full, so you are number ${position} on its waitlist.`,
    "When a seat frees up we offer it to the first person in line by email, with 24 hours to claim it.",
    `Your place, or leave the waitlist: ${event.url}`,
    signature(),
  ]);
}

/** The offer links to a confirm page; opening it changes nothing, its button claims the seat. */
export function seatOfferedEmail(event: IcalEvent, claimUrl: string, expiresAt: Date): EmailContent {
  return composeEmail(`A seat is yours if you want it: ${event.title}`, [
    "Hello,",
    `A seat has opened up for ${event.title} (${when(event)}), and you are next in line on the waitlist.`,
    `We are holding it for you until ${formatExpiry(expiresAt, event.timeZone)}.`,
    { button: "Review and claim your seat", href: claimUrl, showAddress: true },
    "If you do not claim it by then, it goes to the next person in line.",
    signature(),
  ]);
}

/** The reminder the day before (or the same day): `day` is true when the member reads it (reminder-day.ts). */
export function eventReminderEmail(event: IcalEvent, day: ReminderDay): EmailContent {
  return composeEmail(`Reminder: ${event.title} is ${day}`, [
    "Hello,",
    `A reminder that ${event.title} is ${day}.`,
    { lines: [`When: ${when(event)}`, `Where: ${event.location}`] },
    `Details, or cancel if you can no longer come (it frees your seat for someone on the waitlist): ${event.url}`,
    "You get reminders because email notifications are on in your profile settings.",
    signature(),
  ]);
}
