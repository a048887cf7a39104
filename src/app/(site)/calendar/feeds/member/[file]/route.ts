import { getDb } from "@/db/client";
import { buildCalendar, calendarResponse } from "@/features/events/ical";
import { findMemberFeedOwner, listMemberFeedEvents } from "@/features/events/member-feed.service";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

const notFound = () => new Response("No such calendar feed", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** A member's private feed (/calendar/feeds/member/<token>.ics): their registrations, cancellations included. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const file = (await params).file;
  if (!file.endsWith(".ics")) return notFound();
  const db = getDb();
  const userId = await findMemberFeedOwner(db, file.slice(0, -4));
  if (!userId) return notFound();
  const host = new URL(siteUrl()).host;
  const body = buildCalendar(`My ${site.shortName} Events`, await listMemberFeedEvents(db, userId, host), host);
  const response = calendarResponse(body, "my-vanguard-veterans-events.ics", "inline");
  response.headers.set("Cache-Control", "private, no-cache");
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}
