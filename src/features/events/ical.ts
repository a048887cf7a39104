import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import { site } from "@/lib/site";
import type { CalendarEventFields } from "./calendar-links";

export interface IcalEvent extends CalendarEventFields {
  instructor: string;
  sequence: number;
  updatedAt: Date;
  url: string;
  /** Defaults to the event's own UID; a member's feed uses one per registration. */
  uid?: string;
  /** Defaults to confirmed. */
  status?: "confirmed" | "tentative" | "cancelled";
  /** The member a REQUEST is addressed to (RFC 5546 §3.2.2 wants an ATTENDEE); feeds leave it out. */
  attendeeEmail?: string;
}

export type CalendarMethod = "publish" | "request" | "cancel";

const methods: Record<CalendarMethod, ICalCalendarMethod> = {
  publish: ICalCalendarMethod.PUBLISH,
  request: ICalCalendarMethod.REQUEST,
  cancel: ICalCalendarMethod.CANCEL,
};

const statuses = {
  confirmed: ICalEventStatus.CONFIRMED,
  tentative: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
} as const;

/** Stable across renames and re-seeds of the same row, so calendars update instead of duplicating. */
export function eventUid(id: number, host: string): string {
  return `event-${id}@${host}`;
}

/**
 * One registration's entry, the same in the member's private feed and in every file emailed about it
 * (confirmation, cancellation), so calendar apps update the one entry instead of adding a second.
 */
export function registrationUid(eventId: number, userId: string, host: string): string {
  return `registration-${eventId}-${userId}@${host}`;
}

/**
 * Control characters no calendar text may carry (RFC 5545 TEXT allows tab and escaped line breaks only):
 * NUL, lone CR and the rest of C0, DEL, C1, and the Unicode line/paragraph separators some parsers
 * treat as line ends.
 */
const NOT_IN_CALENDAR_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Text as it may reach an .ics file: line breaks become LF (escaped as \n on output), other controls go. */
function calendarText(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(NOT_IN_CALENDAR_TEXT, "");
}

/**
 * RFC 5545 §3.3.11 TEXT escaping. ical-generator escapes SUMMARY, DESCRIPTION and LOCATION itself but
 * writes the calendar's NAME and X-WR-CALNAME as given, so a line break there would start a new line.
 */
function escapedCalendarName(name: string): string {
  return calendarText(name)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, "\\n");
}

/**
 * One VCALENDAR with a VTIMEZONE for every zone its events use and TZID-qualified times. `method`
 * (iTIP) is for emailed files: REQUEST updates the entry with that UID when its SEQUENCE is higher,
 * CANCEL makes calendar apps remove it.
 */
export function buildCalendar(name: string, events: IcalEvent[], host: string, method?: CalendarMethod): string {
  const calendar = ical({
    name: escapedCalendarName(name),
    prodId: { company: site.name, product: "Events", language: "EN" },
    ...(method ? { method: methods[method] } : {}),
  });
  // No calendar-wide zone: ical-generator would write DTSTAMP as a floating local time in it, and
  // RFC 5545 requires UTC. With `name: null` it still adds a VTIMEZONE for every event's TZID.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const zones = new Set(events.map((e) => e.timeZone));
  if (zones.size === 1) calendar.x([{ key: "X-WR-TIMEZONE", value: [...zones][0]! }]);

  for (const event of events) {
    const inZone = (d: Date) => DateTime.fromJSDate(d, { zone: event.timeZone });
    calendar.createEvent({
      id: event.uid ?? eventUid(event.id, host),
      sequence: event.sequence,
      stamp: DateTime.fromJSDate(event.updatedAt, { zone: "utc" }),
      start: inZone(event.startsAt),
      end: inZone(event.endsAt),
      timezone: event.timeZone,
      summary: calendarText(event.title),
      description: calendarText(`${event.description}\n\n${event.instructor ? `Instructor: ${event.instructor}\n` : ""}${event.url}`),
      location: calendarText(event.location),
      url: event.url,
      status: statuses[event.status ?? "confirmed"],
      organizer: { name: site.name, email: site.email },
      ...(event.attendeeEmail
        ? { attendees: [{ email: event.attendeeEmail, rsvp: false, status: event.status === "tentative" ? ICalAttendeeStatus.TENTATIVE : ICalAttendeeStatus.ACCEPTED }] }
        : {}),
    });
  }
  return calendar.toString();
}

/** "Stop the Bleed & Tactical First Aid" → "stop-the-bleed-tactical-first-aid" */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "event"}.ics`;
}

/** An iCalendar body as an HTTP response: `attachment` downloads it, `inline` lets calendar apps subscribe. */
export function calendarResponse(body: string, fileName: string, disposition: "attachment" | "inline"): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `${disposition}; filename="${fileName}"`,
      "Cache-Control": "no-cache",
    },
  });
}
