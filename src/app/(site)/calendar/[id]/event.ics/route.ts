import { getDb } from "@/db/client";
import { getIcalEvent } from "@/features/events/events.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { buildCalendar, calendarFileName, calendarResponse } from "@/features/events/ical";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

/** One event as an iCalendar file (with its VTIMEZONE), downloaded by "Download iCal". */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = parseEventIdSegment((await params).id);
  const event = id === undefined ? undefined : await getIcalEvent(getDb(), id);
  if (!event) {
    return new Response("Event not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const body = buildCalendar(`${event.title} | ${site.name}`, [event], new URL(siteUrl()).host);
  return calendarResponse(body, calendarFileName(event.title), "attachment");
}
