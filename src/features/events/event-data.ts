import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import type { EventSummary } from "./events.queries";

/** An event as schema.org describes one (the event page). */
export function eventData(event: EventSummary): Record<string, unknown> {
  return {
    "@type": "Event",
    name: event.title,
    description: event.description,
    startDate: event.startsAtIso,
    endDate: event.endsAtIso,
    eventStatus: event.phase === "cancelled" ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: event.location, address: event.location },
    organizer: { "@type": "NGO", name: site.name, url: `${siteUrl()}/` },
    url: `${siteUrl()}${event.detailPath}`,
  };
}
