import { describe, expect, it } from "vitest";
import { googleCalendarUrl, type CalendarEventFields } from "./calendar-links";

const event: CalendarEventFields = {
  id: 5,
  title: "Precision Rifle Clinic",
  description: "Wind calls & data books.",
  location: "Liberty Range, Bulverde, TX",
  startsAt: new Date("2027-07-19T13:00:00Z"), // 08:00 CDT
  endsAt: new Date("2027-07-19T21:00:00Z"), // 16:00 CDT
  timeZone: "America/Chicago",
};

function params(url: string): URLSearchParams {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe("https://calendar.google.com/calendar/render");
  return parsed.searchParams;
}

describe("googleCalendarUrl", () => {
  it("gives the dates as Chicago wall times with ctz, so Google shows the event's own hours", () => {
    const p = params(googleCalendarUrl(event, "https://vanguard.test/calendar/5"));
    expect(p.get("action")).toBe("TEMPLATE");
    expect(p.get("dates")).toBe("20270719T080000/20270719T160000");
    expect(p.get("ctz")).toBe("America/Chicago");
  });

  it("uses standard time in winter", () => {
    const winter = { ...event, startsAt: new Date("2027-12-04T15:00:00Z"), endsAt: new Date("2027-12-04T19:30:00Z") };
    expect(params(googleCalendarUrl(winter, "https://vanguard.test/calendar/5")).get("dates")).toBe("20271204T090000/20271204T133000");
  });

  it("carries title, location and a description that links back to the event, all URL-encoded", () => {
    const url = googleCalendarUrl(event, "https://vanguard.test/calendar/5");
    expect(url).not.toContain(" ");
    const p = params(url);
    expect(p.get("text")).toBe("Precision Rifle Clinic");
    expect(p.get("location")).toBe("Liberty Range, Bulverde, TX");
    expect(p.get("details")).toBe("Wind calls & data books.\n\nhttps://vanguard.test/calendar/5");
  });
});
