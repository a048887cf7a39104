import { describe, expect, it } from "vitest";
import { MONTH_MESSAGE, defaultRange, monthAt, monthStart, parseMonthRange, shiftMonth, yearBefore } from "./year-range";

// June 20, 2027, 10 AM in Chicago.
const now = new Date("2027-06-20T15:00:00Z");

describe("the months of the year at a glance", () => {
  it("are the last 12 months by default, this one included, and a year before is the same months shifted", () => {
    const range = defaultRange(now);
    expect(range.from).toBe("2026-07");
    expect(range.to).toBe("2027-06");
    expect(range.months).toHaveLength(12);
    expect(range.months.slice(5, 8)).toEqual(["2026-12", "2027-01", "2027-02"]);
    expect(yearBefore(range)).toMatchObject({ from: "2025-07", to: "2026-06" });
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-12", 13)).toBe("2028-01");
  });

  it("begin at midnight in the association's zone, not UTC (standard and daylight time)", () => {
    expect(monthStart("2027-01").toISOString()).toBe("2027-01-01T06:00:00.000Z");
    expect(monthStart("2027-07").toISOString()).toBe("2027-07-01T05:00:00.000Z");
    // New Year's Eve at 11 PM in Chicago is already January 1 in UTC.
    expect(monthAt(new Date("2027-01-01T05:00:00Z"))).toBe("2026-12");
    expect(monthAt(new Date("2027-01-01T06:00:00Z"))).toBe("2027-01");
    // The first day of a new month begins in the new month there, even when the clock is still on the old one in UTC.
    expect(monthAt(new Date("2027-09-30T23:30:00Z"))).toBe("2027-09");
  });

  it("come from the address: both ends, one end (12 months from it, never past this month), or neither", () => {
    expect(parseMonthRange({ from: "2026-01", to: "2026-12" }, now)).toMatchObject({ range: { from: "2026-01", to: "2026-12" }, errors: {} });
    expect(parseMonthRange({ from: "2027-03" }, now).range).toMatchObject({ from: "2027-03", to: "2027-06" });
    expect(parseMonthRange({ from: "2025-03" }, now).range).toMatchObject({ from: "2025-03", to: "2026-02" });
    expect(parseMonthRange({ to: "2026-05" }, now).range).toMatchObject({ from: "2025-06", to: "2026-05" });
    expect(parseMonthRange({ from: " ", to: ["2026-05", "2027-01"] }, now).range).toMatchObject({ from: "2025-06", to: "2026-05" });
    expect(parseMonthRange({}, now).range).toEqual(defaultRange(now));
    expect(parseMonthRange({ from: "2025-07", to: "2027-06" }, now).range.months).toHaveLength(24);
  });

  it("that cannot be used get a message for their field, and the default months instead", () => {
    const refused = (params: Record<string, string>) => {
      const { range, errors, values } = parseMonthRange(params, now);
      expect(range).toEqual(defaultRange(now));
      return { errors, values };
    };
    expect(refused({ from: "2027-13" }).errors).toEqual({ from: MONTH_MESSAGE });
    expect(refused({ from: "June", to: "2027-6" })).toEqual({ errors: { from: MONTH_MESSAGE, to: MONTH_MESSAGE }, values: { from: "June", to: "2027-6" } });
    expect(refused({ from: "1999-12" }).errors).toEqual({ from: "Choose a month from January 2000 on." });
    expect(refused({ to: "2027-07" }).errors).toEqual({ to: "Choose a month up to this one, June 2027." });
    expect(refused({ from: "2027-02", to: "2027-01" }).errors).toEqual({ to: "The last month is before the first. Choose a later one." });
    expect(refused({ from: "2025-06", to: "2027-06" }).errors).toEqual({ to: "Choose at most 24 months." });
    expect(refused({ from: "2027-01\u0000<script>" }).values.from).toBe("2027-01<script>");
  });
});
