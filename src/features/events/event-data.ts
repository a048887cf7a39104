import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import type { EventSummary } from "./events.queries";

/** A training location, when the event is held at one: its street address completes the event's place. */
export interface KnownPlace {
  name: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
}

/**
 * The event's place as schema.org's Place with a PostalAddress. At a training location the address is
 * the location's; elsewhere the place typed at the desk, "Austin Community Hall, Austin, TX", reads as
 * the place's name, its town and its state, and any other text stands as the street address.
 */
function placeData(location: string, known: KnownPlace | undefined): Record<string, unknown> {
  if (known) {
    const { name, street, city, region, postalCode } = known;
    return { "@type": "Place", name, address: { "@type": "PostalAddress", streetAddress: street, addressLocality: city, addressRegion: region, postalCode, addressCountry: "US" } };
  }
  const parts = location.split(",").map((part) => part.trim()).filter(Boolean);
  const region = parts.at(-1) ?? "";
  if (parts.length >= 3 && /^[A-Z]{2}$/.test(region)) {
    const [name, ...rest] = parts;
    const street = rest.slice(0, -2).join(", ");
    return {
      "@type": "Place",
      name,
      address: { "@type": "PostalAddress", ...(street ? { streetAddress: street } : {}), addressLocality: parts.at(-2), addressRegion: region, addressCountry: "US" },
    };
  }
  return { "@type": "Place", name: location, address: { "@type": "PostalAddress", streetAddress: location, addressCountry: "US" } };
}

/** An event as schema.org describes one (the event page): times in the event's zone with their offset. */
export function eventData(event: EventSummary, knownPlace?: KnownPlace): Record<string, unknown> {
  return {
    "@type": "Event",
    name: event.title,
    description: event.description,
    startDate: event.startsAtIso,
    endDate: event.endsAtIso,
    eventStatus: event.phase === "cancelled" ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: placeData(event.location, knownPlace),
    organizer: { "@type": "NGO", name: site.name, url: `${siteUrl()}/` },
    url: `${siteUrl()}${event.detailPath}`,
  };
}

/** The calendar's list as schema.org's ItemList: each event's page, soonest first (the /calendar page). */
export function eventListData(events: Pick<EventSummary, "title" | "detailPath">[]): Record<string, unknown> {
  return {
    "@type": "ItemList",
    numberOfItems: events.length,
    itemListElement: events.map((event, index) => ({ "@type": "ListItem", position: index + 1, url: `${siteUrl()}${event.detailPath}`, name: event.title })),
  };
}
