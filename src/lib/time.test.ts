import { describe, expect, it } from "vitest";
import { formatEventDate, formatEventTimeRange, zonedWallTimeToUtc, zoneOffsetMs } from "./time";

const CHICAGO = "America/Chicago";
const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({ year, month, day, hour, minute });

describe("zonedWallTimeToUtc", () => {
  it("converts summer (CDT, UTC-5) and winter (CST, UTC-6) wall times", () => {
    expect(zonedWallTimeToUtc(wall(2027, 6, 14, 9), CHICAGO).toISOString()).toBe("2027-06-14T14:00:00.000Z");
    expect(zonedWallTimeToUtc(wall(2027, 1, 15, 9, 30), CHICAGO).toISOString()).toBe("2027-01-15T15:30:00.000Z");
  });

  it("uses the right offset on either side of the spring-forward change (Sunday March 14, 2027)", () => {
    // Clocks jump from 02:00 CST to 03:00 CDT, i.e. at 08:00 UTC.
    expect(zonedWallTimeToUtc(wall(2027, 3, 14, 0), CHICAGO).toISOString()).toBe("2027-03-14T06:00:00.000Z");
    expect(zonedWallTimeToUtc(wall(2027, 3, 14, 1, 59), CHICAGO).toISOString()).toBe("2027-03-14T07:59:00.000Z");
    expect(zonedWallTimeToUtc(wall(2027, 3, 14, 3), CHICAGO).toISOString()).toBe("2027-03-14T08:00:00.000Z");
    expect(zonedWallTimeToUtc(wall(2027, 3, 14, 9), CHICAGO).toISOString()).toBe("2027-03-14T14:00:00.000Z");
    expect(zonedWallTimeToUtc(wall(2027, 3, 13, 9), CHICAGO).toISOString()).toBe("2027-03-13T15:00:00.000Z");
  });

  it("reads a wall time inside the spring-forward gap with the offset from before the gap (RFC 5545)", () => {
    // 02:30 does not exist on March 14, 2027 in Chicago; as CST (UTC-6) it is 08:30 UTC, i.e. 03:30 CDT.
    expect(zonedWallTimeToUtc(wall(2027, 3, 14, 2, 30), CHICAGO).toISOString()).toBe("2027-03-14T08:30:00.000Z");
  });

  it("uses the right offset on either side of the fall-back change (Sunday November 7, 2027)", () => {
    // Clocks fall back from 02:00 CDT to 01:00 CST, i.e. at 07:00 UTC.
    expect(zonedWallTimeToUtc(wall(2027, 11, 7, 0, 30), CHICAGO).toISOString()).toBe("2027-11-07T05:30:00.000Z");
    expect(zonedWallTimeToUtc(wall(2027, 11, 7, 9), CHICAGO).toISOString()).toBe("2027-11-07T15:00:00.000Z");
    expect(zonedWallTimeToUtc(wall(2027, 11, 6, 9), CHICAGO).toISOString()).toBe("2027-11-06T14:00:00.000Z");
    // 01:30 happens twice; the first (CDT) occurrence is the one RFC 5545 and Temporal pick.
    expect(zonedWallTimeToUtc(wall(2027, 11, 7, 1, 30), CHICAGO).toISOString()).toBe("2027-11-07T06:30:00.000Z");
  });

  it("round-trips every existing quarter hour of both DST change days", () => {
    const read = new Intl.DateTimeFormat("en-US", {
      timeZone: CHICAGO,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    for (const [month, day] of [[3, 14], [11, 7]] as const) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const hour = Math.floor(minutes / 60);
        if (month === 3 && hour === 2) continue; // 02:00–02:59 does not exist that day
        const instant = zonedWallTimeToUtc(wall(2027, month, day, hour, minutes % 60), CHICAGO);
        const parts = Object.fromEntries(read.formatToParts(instant).map((p) => [p.type, p.value]));
        expect([parts.month, parts.day, parts.hour, parts.minute].map(Number)).toEqual([month, day, hour, minutes % 60]);
      }
    }
  });

  it("is exact in UTC and in zones east of Greenwich", () => {
    expect(zonedWallTimeToUtc(wall(2027, 6, 14, 9), "UTC").toISOString()).toBe("2027-06-14T09:00:00.000Z");
    expect(zonedWallTimeToUtc(wall(2027, 6, 14, 9), "Asia/Kolkata").toISOString()).toBe("2027-06-14T03:30:00.000Z");
  });
});

describe("zoneOffsetMs", () => {
  it("is negative west of Greenwich and follows DST", () => {
    expect(zoneOffsetMs(new Date("2027-06-14T14:00:00Z"), CHICAGO)).toBe(-5 * 3600_000);
    expect(zoneOffsetMs(new Date("2027-01-15T15:00:00Z"), CHICAGO)).toBe(-6 * 3600_000);
  });
});

describe("event formatting", () => {
  it("shows the date and time range in the event's zone, with its abbreviation", () => {
    const start = new Date("2027-06-14T14:00:00Z");
    const end = new Date("2027-06-14T18:00:00Z");
    expect(formatEventDate(start, CHICAGO)).toBe("June 14, 2027");
    expect(formatEventTimeRange(start, end, CHICAGO)).toBe("9:00 AM - 1:00 PM CDT");
    expect(formatEventTimeRange(new Date("2027-12-04T15:00:00Z"), new Date("2027-12-04T17:30:00Z"), CHICAGO)).toBe(
      "9:00 AM - 11:30 AM CST",
    );
  });

  it("keeps the date of a late-evening event on its local day", () => {
    // 23:00 CDT on June 30 is already July 1 in UTC.
    expect(formatEventDate(new Date("2027-07-01T04:00:00Z"), CHICAGO)).toBe("June 30, 2027");
  });
});
