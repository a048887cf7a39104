import { describe, expect, it } from "vitest";
import { eventData } from "./event-data";
import type { EventSummary } from "./events.queries";

const event = (location: string) =>
  ({
    title: "Ruck March",
    description: "Twelve miles.",
    location,
    startsAtIso: "2027-10-02T07:00:00-05:00",
    endsAtIso: "2027-10-02T11:00:00-05:00",
    phase: "open",
    detailPath: "/calendar/9",
  }) as EventSummary;

const placeOf = (location: string) => eventData(event(location)).location;

describe("an event's place in its structured data", () => {
  it("gives a training location's postal address, not the place's name again", () => {
    const known = { name: "Liberty Range", street: "4500 Range Road", city: "Bulverde", region: "TX", postalCode: "78163" };
    expect(eventData(event("Liberty Range, Bulverde, TX"), known).location).toEqual({
      "@type": "Place",
      name: "Liberty Range",
      address: { "@type": "PostalAddress", streetAddress: "4500 Range Road", addressLocality: "Bulverde", addressRegion: "TX", postalCode: "78163", addressCountry: "US" },
    });
  });

  it("reads a place typed at the desk as its name, street, town and state", () => {
    expect(placeOf("Brackenridge Park, San Antonio, TX")).toEqual({
      "@type": "Place",
      name: "Brackenridge Park",
      address: { "@type": "PostalAddress", addressLocality: "San Antonio", addressRegion: "TX", addressCountry: "US" },
    });
    expect(placeOf("VFW Post 76, 10 Tenth St, San Antonio, TX")).toEqual({
      "@type": "Place",
      name: "VFW Post 76",
      address: { "@type": "PostalAddress", streetAddress: "10 Tenth St", addressLocality: "San Antonio", addressRegion: "TX", addressCountry: "US" },
    });
  });

  it("keeps any other text as the street address", () => {
    expect(placeOf("Behind the old depot")).toEqual({
      "@type": "Place",
      name: "Behind the old depot",
      address: { "@type": "PostalAddress", streetAddress: "Behind the old depot", addressCountry: "US" },
    });
  });
});
