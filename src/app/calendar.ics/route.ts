import { getDb } from "@/db/client";
import { listIcalEvents } from "@/features/events/events.queries";
import { buildCalendar, calendarResponse } from "@/features/events/ical";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

/** Every event in one calendar: a download, and a feed calendar apps can subscribe to. */
export async function GET() {
  const body = buildCalendar(`${site.name} Events`, await listIcalEvents(getDb()), new URL(siteUrl()).host);
  return calendarResponse(body, "vanguard-veterans-events.ics", "inline");
}
