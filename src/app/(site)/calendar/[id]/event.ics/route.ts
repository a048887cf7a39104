import { getDb } from "@/db/client";
import { getIcalEvent } from "@/features/events/events.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { buildCalendar, calendarFileName, calendarResponse } from "@/features/events/ical";
import { findMemberEventEntry } from "@/features/events/member-feed.service";
import { memberFromHeaders } from "@/lib/auth/session";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

/**
 * One event as an iCalendar file (with its VTIMEZONE), downloaded by "Download iCal". A signed-in member
 * with a place at the event gets their registration's entry (the UID and SEQUENCE of their confirmation's
 * file), so importing both leaves one entry in their calendar.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = parseEventIdSegment((await params).id);
  const event = id === undefined ? undefined : await getIcalEvent(getDb(), id);
  if (!event) {
    return new Response("Event not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const host = new URL(siteUrl()).host;
  const member = await memberFromHeaders(request.headers);
  const entry = (member && (await findMemberEventEntry(getDb(), member.id, id!, host))) || event;
  const body = buildCalendar(`${event.title} | ${site.name}`, [entry], host);
  const response = calendarResponse(body, calendarFileName(event.title), "attachment");
  // The file depends on who asks: no shared cache may hand one member's entry to another.
  if (member) response.headers.set("Cache-Control", "private, no-store");
  return response;
}
