import { getIcalEvent } from "@/features/events/events.queries";
import { buildCalendar } from "@/features/events/ical";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import { parseEventIdSegment } from "../event-id";

export const dynamic = "force-dynamic";

/** "Stop the Bleed & Tactical First Aid" → "stop-the-bleed-tactical-first-aid" */
function fileSlug(title: string): string {
  return (
    title
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "event"
  );
}

/** One event as an iCalendar file (with its VTIMEZONE), downloaded by "Download iCal". */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const id = parseEventIdSegment((await params).id);
  const event = id === undefined ? undefined : await getIcalEvent(id);
  if (!event) {
    return new Response("Event not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const body = buildCalendar(`${event.title} | ${site.name}`, [event], new URL(siteUrl()).host);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileSlug(event.title)}.ics"`,
      "Cache-Control": "no-cache",
    },
  });
}
