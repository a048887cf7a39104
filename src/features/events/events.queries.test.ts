// @module-tag second-clock: upcoming and past events follow the date.
import { getDb } from "@/db/client";
import { describe, expect, it } from "vitest";
import { eventSeasonYear } from "@/db/seed";
import {
  countEventsByCategory,
  getEvent,
  getIcalEvent,
  listEventIds,
  listEvents,
  listIcalEvents,
  listPastEvents,
  listUpcomingEvents,
  spotsLabel,
  type EventSummary,
} from "./events.queries";
import { calendarQuerySchema, eventIdSchema } from "./events.schema";

const titles = (events: EventSummary[]) => events.map((e) => e.title);
const allTitles = [
  "Firearms Safety Fundamentals",
  "Veteran Ruck March",
  "Independence Day Community Cookout",
  "Stop the Bleed & Tactical First Aid",
  "Precision Rifle Clinic",
  "Functional Fitness Challenge",
];

describe("listEvents", () => {
  it("lists the six events in date order", async () => {
    const events = await listEvents(getDb(), {});
    expect(titles(events)).toEqual(allTitles);
    const starts = events.map((e) => Date.parse(e.startsAtIso));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it.each([
    ["firearms", ["Firearms Safety Fundamentals", "Precision Rifle Clinic"]],
    ["fitness", ["Veteran Ruck March", "Functional Fitness Challenge"]],
    ["medical", ["Stop the Bleed & Tactical First Aid"]],
    ["community", ["Independence Day Community Cookout"]],
  ] as const)("filters by category %s", async (category, expected) => {
    const events = await listEvents(getDb(), { category });
    expect(titles(events)).toEqual(expected);
    expect(events.every((e) => e.category === category)).toBe(true);
  });

  it("shapes each event for the UI, in Chicago time", async () => {
    const year = eventSeasonYear();
    const [first] = await listEvents(getDb(), {});
    expect(first).toMatchObject({
      title: "Firearms Safety Fundamentals",
      category: "firearms",
      categoryLabel: "Firearms",
      instructor: "David Okafor",
      location: "Liberty Range, Bulverde, TX",
      date: `June 14, ${year}`,
      timeRange: "9:00 AM - 1:00 PM CDT",
      startsAtIso: `${year}-06-14T09:00:00-05:00`,
      endsAtIso: `${year}-06-14T13:00:00-05:00`,
      capacity: 12,
      spotsLeft: 12,
      spotsLabel: "12 spots left",
      phase: "open",
      detailPath: `/calendar/${first!.id}`,
      icsPath: `/calendar/${first!.id}/event.ics`,
    });
    expect(first!.googleCalendarUrl).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
  });

  it("labels unlimited events", async () => {
    const [cookout] = await listEvents(getDb(), { category: "community" });
    expect(cookout).toMatchObject({ capacity: null, spotsLeft: null, spotsLabel: "Unlimited" });
  });

  it("lists only events that have not ended; past ones are listed apart, most recent first", async () => {
    const year = eventSeasonYear();
    const midSeason = new Date(`${year}-07-05T00:00:00Z`);
    expect(titles(await listEvents(getDb(), {}, midSeason))).toEqual(allTitles.slice(3));
    expect(titles(await listPastEvents(getDb(), {}, midSeason))).toEqual(allTitles.slice(0, 3).reverse());
    expect(titles(await listPastEvents(getDb(), { category: "fitness" }, midSeason))).toEqual(["Veteran Ruck March"]);
    expect(await countEventsByCategory(getDb(), midSeason)).toEqual({ all: 3, firearms: 1, fitness: 1, medical: 1, community: 0 });
  });
});

describe("spotsLabel", () => {
  it("says how many seats are left, Unlimited, Full, or closed once the event starts", () => {
    expect(spotsLabel(8, "open")).toBe("8 spots left");
    expect(spotsLabel(1, "open")).toBe("1 spot left");
    expect(spotsLabel(0, "open")).toBe("Full — join the waitlist");
    expect(spotsLabel(null, "open")).toBe("Unlimited");
    expect(spotsLabel(3, "started")).toBe("Registration closed");
    expect(spotsLabel(null, "ended")).toBe("Registration closed");
  });
});

describe("countEventsByCategory", () => {
  it("counts every category and the total", async () => {
    expect(await countEventsByCategory(getDb())).toEqual({ all: 6, firearms: 2, fitness: 2, medical: 1, community: 1 });
  });
});

describe("listUpcomingEvents", () => {
  it("lists the next events that have not ended yet", async () => {
    const year = eventSeasonYear();
    expect(titles(await listUpcomingEvents(getDb(), 3, new Date(`${year}-01-01T00:00:00Z`)))).toEqual(allTitles.slice(0, 3));
    // During the ruck march (June 21, 06:00–10:00 CDT) it is still upcoming; the first event is over.
    expect(titles(await listUpcomingEvents(getDb(), 2, new Date(`${year}-06-21T12:00:00Z`)))).toEqual(allTitles.slice(1, 3));
    expect(await listUpcomingEvents(getDb(), 3, new Date(`${year}-07-26T15:00:01Z`))).toEqual([]);
  });
});

describe("single events", () => {
  it("finds an event by id, and nothing for an unknown id", async () => {
    const ids = await listEventIds(getDb());
    expect(ids).toHaveLength(6);
    const event = await getEvent(getDb(), ids[0]!);
    expect(event?.id).toBe(ids[0]);
    expect(await getEvent(getDb(), 2_147_483_647)).toBeUndefined();
    expect(await getIcalEvent(getDb(), 2_147_483_647)).toBeUndefined();
  });

  it("gives calendar exports an absolute detail URL", async () => {
    const [event] = await listIcalEvents(getDb());
    expect(event!.url).toMatch(new RegExp(`^https?://[^/]+/calendar/${event!.id}$`));
    expect(event!.sequence).toBe(0);
  });
});

describe("calendar parameters", () => {
  it("ignores unknown categories and rejects ids that are not positive 32-bit integers", () => {
    expect(calendarQuerySchema.parse({ category: "parties" })).toEqual({ category: undefined });
    expect(eventIdSchema.safeParse("12").data).toBe(12);
    for (const bad of ["0", "-1", "1.5", "abc", "2147483648"]) expect(eventIdSchema.safeParse(bad).success).toBe(false);
  });
});
