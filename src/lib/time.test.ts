import { describe, expect, it } from "vitest";
import { site } from "./site";
import {
  ASSOCIATION_TIME_ZONE,
  calendarDay,
  formatEventDate,
  formatEventTimeRange,
  formatFullDateTime,
  formatZoneAbbreviation,
  formatZoneName,
  formatLongDate,
  formatLongDateTimeZone,
  formatMonthDayTimeZone,
  formatIsoLocal,
  formatShortDate,
  formatShortDateTime,
  formatShortDateTimeCT,
  formatShortDateTimeZone,
  formatWeekdayMonthDayTime,
  startOfDay,
  startOfNextDay,
  zonedWallTimeToUtc,
  zoneOffsetMs,
} from "./time";

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

describe("formatIsoLocal", () => {
  it("gives the wall-clock time in the zone with its offset, whatever the season or hemisphere", () => {
    expect(formatIsoLocal(new Date("2027-06-14T14:00:00.000Z"), CHICAGO)).toBe("2027-06-14T09:00:00-05:00");
    expect(formatIsoLocal(new Date("2027-01-15T15:30:00.000Z"), CHICAGO)).toBe("2027-01-15T09:30:00-06:00");
    expect(formatIsoLocal(new Date("2027-01-15T03:00:00.000Z"), CHICAGO)).toBe("2027-01-14T21:00:00-06:00");
    expect(formatIsoLocal(new Date("2027-06-14T14:00:00.000Z"), "Asia/Kolkata")).toBe("2027-06-14T19:30:00+05:30");
    expect(formatIsoLocal(new Date("2027-06-14T14:00:00.000Z"), "UTC")).toBe("2027-06-14T14:00:00+00:00");
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

  it("names an event's own zone, not the association's, whatever the season", () => {
    const summer = new Date("2027-06-14T14:00:00Z");
    const winter = new Date("2027-12-04T15:00:00Z");
    expect([formatZoneName(CHICAGO, summer), formatZoneName(CHICAGO, winter)]).toEqual(["Central Time", "Central Time"]);
    expect(formatZoneName("America/Denver", summer)).toBe("Mountain Time");
    expect([formatZoneAbbreviation("America/Denver", summer), formatZoneAbbreviation("America/Denver", winter)]).toEqual(["MDT", "MST"]);
    expect(formatEventTimeRange(summer, new Date("2027-06-14T16:00:00Z"), "America/Denver")).toBe("8:00 AM - 10:00 AM MDT");
  });

  it("keeps the date of a late-evening event on its local day", () => {
    // 23:00 CDT on June 30 is already July 1 in UTC.
    expect(formatEventDate(new Date("2027-07-01T04:00:00Z"), CHICAGO)).toBe("June 30, 2027");
  });
});

describe("the association's formatters", () => {
  const summer = new Date("2027-06-14T14:00:00Z"); // Monday, 9:00 AM CDT
  const winter = new Date("2027-12-04T15:00:00Z"); // Saturday, 9:00 AM CST
  // Sunday November 7, 2027: 1:30 AM happens twice, first as CDT, then as CST.
  const firstHalfPastOne = new Date("2027-11-07T06:30:00Z");
  const secondHalfPastOne = new Date("2027-11-07T07:30:00Z");
  // Sunday March 14, 2027: 1:59 AM CST is followed by 3:00 AM CDT.
  const beforeSpringForward = new Date("2027-03-14T07:59:00Z");
  const afterSpringForward = new Date("2027-03-14T08:00:00Z");
  // 11:30 PM on New Year's Eve in San Antonio is already the next year in UTC.
  const newYearsEve = new Date("2033-01-01T05:30:00Z");

  it("read the zone from the site's facts", () => {
    expect(ASSOCIATION_TIME_ZONE).toBe(site.timeZone);
  });

  it("formatLongDate: June 14, 2027", () => {
    expect(formatLongDate(summer)).toBe("June 14, 2027");
    expect(formatLongDate(winter)).toBe("December 4, 2027");
    expect(formatLongDate(newYearsEve)).toBe("December 31, 2032");
    // A calendar day written as YYYY-MM-DD (the legal pages' "last updated") reads the same in UTC.
    expect(formatLongDate(new Date("2026-03-01T00:00:00Z"), "UTC")).toBe("March 1, 2026");
  });

  it("formatLongDateTimeZone: June 14, 2027 at 9:00 AM CDT", () => {
    expect(formatLongDateTimeZone(summer)).toBe("June 14, 2027 at 9:00 AM CDT");
    expect(formatLongDateTimeZone(firstHalfPastOne)).toBe("November 7, 2027 at 1:30 AM CDT");
    expect(formatLongDateTimeZone(secondHalfPastOne)).toBe("November 7, 2027 at 1:30 AM CST");
  });

  it("formatShortDate: Jun 14, 2027", () => {
    expect(formatShortDate(summer)).toBe("Jun 14, 2027");
    expect(formatShortDate(newYearsEve)).toBe("Dec 31, 2032");
  });

  it("formatShortDateTime: Jun 14, 2027, 9:00 AM", () => {
    expect(formatShortDateTime(summer)).toBe("Jun 14, 2027, 9:00 AM");
    expect(formatShortDateTime(beforeSpringForward)).toBe("Mar 14, 2027, 1:59 AM");
    expect(formatShortDateTime(afterSpringForward)).toBe("Mar 14, 2027, 3:00 AM");
  });

  it("formatShortDateTimeCT: Jun 14, 2027, 9:00 AM CT, summer and winter alike", () => {
    expect(formatShortDateTimeCT(summer)).toBe("Jun 14, 2027, 9:00 AM CT");
    expect(formatShortDateTimeCT(winter)).toBe("Dec 4, 2027, 9:00 AM CT");
  });

  it("formatShortDateTimeZone: Jun 14, 2027, 9:00 AM CDT, with the abbreviation in force at the instant", () => {
    expect(formatShortDateTimeZone(summer)).toBe("Jun 14, 2027, 9:00 AM CDT");
    expect(formatShortDateTimeZone(winter)).toBe("Dec 4, 2027, 9:00 AM CST");
    expect(formatShortDateTimeZone(firstHalfPastOne)).toBe("Nov 7, 2027, 1:30 AM CDT");
    expect(formatShortDateTimeZone(secondHalfPastOne)).toBe("Nov 7, 2027, 1:30 AM CST");
    expect(formatShortDateTimeZone(beforeSpringForward)).toBe("Mar 14, 2027, 1:59 AM CST");
    expect(formatShortDateTimeZone(afterSpringForward)).toBe("Mar 14, 2027, 3:00 AM CDT");
  });

  it("formatMonthDayTimeZone: Jun 14, 9:00 AM CDT", () => {
    expect(formatMonthDayTimeZone(summer)).toBe("Jun 14, 9:00 AM CDT");
    expect(formatMonthDayTimeZone(secondHalfPastOne)).toBe("Nov 7, 1:30 AM CST");
  });

  it("formatFullDateTime: Monday, June 14, 2027 at 9:00 AM", () => {
    expect(formatFullDateTime(summer)).toBe("Monday, June 14, 2027 at 9:00 AM");
    expect(formatFullDateTime(newYearsEve)).toBe("Friday, December 31, 2032 at 11:30 PM");
  });

  it("formatWeekdayMonthDayTime: Monday, June 14 at 9:00 AM", () => {
    expect(formatWeekdayMonthDayTime(summer)).toBe("Monday, June 14 at 9:00 AM");
    expect(formatWeekdayMonthDayTime(winter)).toBe("Saturday, December 4 at 9:00 AM");
  });

  it("calendarDay: the day in the zone, not in UTC", () => {
    expect(calendarDay(summer)).toEqual({ year: 2027, month: 6, day: 14 });
    expect(calendarDay(newYearsEve)).toEqual({ year: 2032, month: 12, day: 31 });
    expect(calendarDay(newYearsEve, "UTC")).toEqual({ year: 2033, month: 1, day: 1 });
  });

  it("startOfDay and startOfNextDay: midnight of a calendar day in the zone, across a month, a year and a clock change", () => {
    expect(startOfDay("2027-06-14").toISOString()).toBe("2027-06-14T05:00:00.000Z");
    expect(startOfNextDay("2027-06-30").toISOString()).toBe("2027-07-01T05:00:00.000Z");
    expect(startOfNextDay("2032-12-31").toISOString()).toBe("2033-01-01T06:00:00.000Z");
    expect(startOfNextDay("2027-03-13").toISOString()).toBe("2027-03-14T06:00:00.000Z");
    expect(startOfNextDay("2027-03-14").toISOString()).toBe("2027-03-15T05:00:00.000Z");
    expect(startOfDay("2027-06-14", "UTC").toISOString()).toBe("2027-06-14T00:00:00.000Z");
  });

  it("print in an event's own zone when given one", () => {
    const denver = "America/Denver";
    expect(formatLongDate(summer, denver)).toBe("June 14, 2027");
    expect(formatLongDateTimeZone(summer, denver)).toBe("June 14, 2027 at 8:00 AM MDT");
    expect(formatShortDate(summer, denver)).toBe("Jun 14, 2027");
    expect(formatShortDateTime(summer, denver)).toBe("Jun 14, 2027, 8:00 AM");
    expect(formatShortDateTimeZone(summer, denver)).toBe("Jun 14, 2027, 8:00 AM MDT");
    expect(formatMonthDayTimeZone(summer, denver)).toBe("Jun 14, 8:00 AM MDT");
    expect(formatFullDateTime(summer, denver)).toBe("Monday, June 14, 2027 at 8:00 AM");
    expect(formatWeekdayMonthDayTime(summer, denver)).toBe("Monday, June 14 at 8:00 AM");
    expect(formatEventDate(new Date("2027-07-01T04:00:00Z"), denver)).toBe("June 30, 2027");
    expect(formatEventTimeRange(summer, new Date("2027-06-14T18:00:00Z"), denver)).toBe("8:00 AM - 12:00 PM MDT");
  });
});
