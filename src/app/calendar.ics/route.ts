import { listIcalEvents } from "@/features/events/events.queries";
import { buildCalendar } from "@/features/events/ical";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

/** Every event in one calendar: a download, and a feed calendar apps can subscribe to. */
export async function GET() {
  const events = await listIcalEvents();
  const body = buildCalendar(`${site.name} Events`, events, new URL(siteUrl()).host);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="vanguard-veterans-events.ics"',
      "Cache-Control": "no-cache",
    },
  });
}
