import { DateTime } from "luxon";

export interface CalendarEventFields {
  id: number;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

/** A Google Calendar "add event" link that opens prefilled in the event's own time zone. */
export function googleCalendarUrl(event: CalendarEventFields, detailUrl: string): string {
  const format = (d: Date) => DateTime.fromJSDate(d, { zone: event.timeZone }).toFormat("yyyyMMdd'T'HHmmss");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${format(event.startsAt)}/${format(event.endsAt)}`,
    ctz: event.timeZone,
    details: `${event.description}\n\n${detailUrl}`,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
