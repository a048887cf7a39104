import { afterEach, describe, expect, it, vi } from "vitest";
import { now, resetClockForTests } from "./clock";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  resetClockForTests();
});

describe("now", () => {
  it("is the system time when CLOCK_START is unset", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T10:00:00Z") });
    vi.stubEnv("CLOCK_START", "");
    resetClockForTests();
    expect(now().toISOString()).toBe("2026-11-23T10:00:00.000Z");
    vi.advanceTimersByTime(90_000);
    expect(now().toISOString()).toBe("2026-11-23T10:01:30.000Z");
  });

  it("starts at CLOCK_START and then runs in real time", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T10:00:00Z") });
    vi.stubEnv("CLOCK_START", "2027-06-20T15:00:00Z");
    resetClockForTests();
    expect(now().toISOString()).toBe("2027-06-20T15:00:00.000Z");
    vi.advanceTimersByTime(90_000);
    expect(now().toISOString()).toBe("2027-06-20T15:01:30.000Z");
  });

  it("with CLOCK_ANCHOR, shows CLOCK_START at that system instant, whenever the process first reads it", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T10:05:00Z") });
    vi.stubEnv("CLOCK_START", "2027-06-20T15:00:00Z");
    vi.stubEnv("CLOCK_ANCHOR", "2026-11-23T10:00:00Z");
    resetClockForTests();
    // Read first five minutes after the anchor: five minutes past the start, as a server that read it at the anchor.
    expect(now().toISOString()).toBe("2027-06-20T15:05:00.000Z");

    vi.stubEnv("CLOCK_ANCHOR", "yesterday");
    resetClockForTests();
    expect(() => now()).toThrow(/CLOCK_ANCHOR must be an ISO 8601 instant/);
  });

  it("accepts an offset and refuses what is not an instant", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T10:00:00Z") });
    vi.stubEnv("CLOCK_START", "2027-06-20T10:00:00-05:00");
    resetClockForTests();
    expect(now().toISOString()).toBe("2027-06-20T15:00:00.000Z");

    vi.stubEnv("CLOCK_START", "next tuesday");
    resetClockForTests();
    expect(() => now()).toThrow(/CLOCK_START must be an ISO 8601 instant/);
  });
});
