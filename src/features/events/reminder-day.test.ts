import { describe, expect, it } from "vitest";
import { reminderDay, reminderTrueUntil } from "./reminder-day";

const CHICAGO = "America/Chicago";
const at = (iso: string) => new Date(iso);

describe("reminderDay: today or tomorrow on the association's calendar", () => {
  it("around midnight: the same event is tomorrow at 11:59 PM and today at 12:00 AM", () => {
    const start = at("2027-07-10T14:00:00Z"); // 9:00 AM CDT, Saturday 10 July
    expect(reminderDay(start, at("2027-07-09T15:00:00Z"), CHICAGO)).toBe("tomorrow"); // 10:00 AM Friday
    expect(reminderDay(start, at("2027-07-10T04:59:59Z"), CHICAGO)).toBe("tomorrow"); // 11:59:59 PM Friday
    expect(reminderDay(start, at("2027-07-10T05:00:00Z"), CHICAGO)).toBe("today"); // midnight Saturday
    expect(reminderDay(start, at("2027-07-10T13:59:59Z"), CHICAGO)).toBe("today");
    expect(reminderDay(start, start, CHICAGO)).toBeUndefined(); // started
  });

  it("uses the association's zone, not UTC: 7 PM Friday in Chicago is already Saturday in UTC", () => {
    const start = at("2027-07-10T14:00:00Z"); // Saturday 9:00 AM CDT
    // 2027-07-10T00:30Z is Friday 7:30 PM in Chicago: the event is tomorrow there (and "today" in UTC).
    expect(reminderDay(start, at("2027-07-10T00:30:00Z"), CHICAGO)).toBe("tomorrow");
    // An event late on Friday evening, Chicago time, is today for a reminder sent Friday morning.
    expect(reminderDay(at("2027-07-10T03:00:00Z"), at("2027-07-09T14:00:00Z"), CHICAGO)).toBe("today");
  });

  it("further off than tomorrow is neither", () => {
    expect(reminderDay(at("2027-07-11T14:00:00Z"), at("2027-07-09T15:00:00Z"), CHICAGO)).toBeUndefined();
  });

  it("across the fall-back night (7 November 2027, a 25-hour day)", () => {
    const start = at("2027-11-08T15:00:00Z"); // 9:00 AM CST Monday 8 November
    // 24 hours before is 9:00 AM CST Sunday: tomorrow.
    expect(reminderDay(start, at("2027-11-07T15:00:00Z"), CHICAGO)).toBe("tomorrow");
    // An event at 9:00 AM CST on Sunday the 7th, reminded at 9:30 AM CDT on Saturday the 6th (24.5 hours before).
    expect(reminderDay(at("2027-11-07T15:00:00Z"), at("2027-11-06T14:30:00Z"), CHICAGO)).toBe("tomorrow");
    // 11:30 PM CDT Saturday: an event at 12:30 AM CDT Sunday is tomorrow.
    expect(reminderDay(at("2027-11-07T05:30:00Z"), at("2027-11-07T04:30:00Z"), CHICAGO)).toBe("tomorrow");
    // The repeated hour: 1:30 AM CST (the second 1:30) on Sunday is today at 1:30 AM CDT (the first).
    expect(reminderDay(at("2027-11-07T07:30:00Z"), at("2027-11-07T06:30:00Z"), CHICAGO)).toBe("today");
  });

  it("across the spring-forward night (14 March 2027, a 23-hour day): 24 hours ahead can be two days off", () => {
    // 11:30 PM CST Saturday 13 March; 24 hours later is 12:30 AM CDT Monday 15 March.
    const sent = at("2027-03-14T05:30:00Z");
    expect(reminderDay(at("2027-03-15T05:15:00Z"), sent, CHICAGO)).toBeUndefined(); // Monday 12:15 AM CDT: the day after tomorrow
    expect(reminderDay(at("2027-03-15T05:15:00Z"), at("2027-03-14T06:00:00Z"), CHICAGO)).toBe("tomorrow"); // from Sunday midnight
    expect(reminderDay(at("2027-03-14T14:00:00Z"), sent, CHICAGO)).toBe("tomorrow"); // Sunday 9:00 AM CDT
  });
});

describe("reminderTrueUntil", () => {
  it('"tomorrow" lasts until the event\'s day begins in its zone; "today" until the event starts', () => {
    const start = at("2027-07-10T14:00:00Z");
    expect(reminderTrueUntil(start, "tomorrow", CHICAGO)).toEqual(at("2027-07-10T05:00:00Z"));
    expect(reminderTrueUntil(start, "today", CHICAGO)).toEqual(start);
  });

  it("midnight is the zone's own on a DST day (CDT after spring-forward, CST after fall-back)", () => {
    expect(reminderTrueUntil(at("2027-03-14T14:00:00Z"), "tomorrow", CHICAGO)).toEqual(at("2027-03-14T06:00:00Z")); // midnight CST
    expect(reminderTrueUntil(at("2027-11-07T15:00:00Z"), "tomorrow", CHICAGO)).toEqual(at("2027-11-07T05:00:00Z")); // midnight CDT
    expect(reminderTrueUntil(at("2027-11-08T15:00:00Z"), "tomorrow", CHICAGO)).toEqual(at("2027-11-08T06:00:00Z")); // midnight CST
  });
});
