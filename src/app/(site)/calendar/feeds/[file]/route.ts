import { getDb } from "@/db/client";
import { listIcalEvents } from "@/features/events/events.queries";
import { eventCategories, eventCategoryLabels, type EventCategory } from "@/features/events/events.schema";
import { buildCalendar, calendarResponse } from "@/features/events/ical";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";

export const dynamic = "force-dynamic";

function categoryOf(file: string): EventCategory | undefined {
  const name = file.endsWith(".ics") ? file.slice(0, -4) : undefined;
  return eventCategories.find((c) => c === name);
}

/** One category's events (/calendar/feeds/fitness.ics): a feed calendar apps can subscribe to. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const category = categoryOf((await params).file);
  if (!category) {
    return new Response("No such calendar feed", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const body = buildCalendar(`${site.name}: ${eventCategoryLabels[category]} Events`, await listIcalEvents(getDb(), category), new URL(siteUrl()).host);
  return calendarResponse(body, `vanguard-veterans-${category}-events.ics`, "inline");
}
