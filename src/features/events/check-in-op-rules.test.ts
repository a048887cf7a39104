/** Which times a door phone's queued ops may carry (issue 32): future and far-off times are refused with the reason. */
import { describe, expect, it } from "vitest";
import { DOOR_SYNC_GRACE_MS, FUTURE_SLACK_MS, refuseOpTime, WINDOW_SLACK_MS, type OpTimeContext } from "./check-in-op-rules";

const ZONE = "America/Chicago";
/** An event of September 19, 2028 whose check-in runs from 7:00 AM CDT to midnight CDT. */
const window = { opensAt: new Date("2028-09-19T12:00:00Z"), closesAt: new Date("2028-09-20T05:00:00Z") };
const during = new Date("2028-09-19T15:00:00Z");
const context = (now: Date, heldToWindow = true): OpTimeContext => ({ window, timeZone: ZONE, now, heldToWindow });

describe("the time a queued op carries", () => {
  it("is accepted inside the window, and within an hour of it either side", () => {
    expect(refuseOpTime(new Date("2028-09-19T14:02:00Z"), context(during))).toBeUndefined();
    expect(refuseOpTime(new Date(window.opensAt.getTime() - WINDOW_SLACK_MS), context(during))).toBeUndefined();
    expect(refuseOpTime(new Date(window.closesAt.getTime() + WINDOW_SLACK_MS), context(new Date("2028-09-20T07:00:00Z")))).toBeUndefined();
  });

  it("is accepted a little ahead of the server's clock (drift), and refused further in the future", () => {
    expect(refuseOpTime(new Date(during.getTime() + FUTURE_SLACK_MS), context(during))).toBeUndefined();
    expect(refuseOpTime(new Date(during.getTime() + FUTURE_SLACK_MS + 1), context(during))).toBe(
      "Refused: it is dated September 19, 2028 at 10:02 AM CDT, which is in the future. Check the date and time on the phone that did it.",
    );
  });

  it("is refused far outside the check-in window, with the window in the reason", () => {
    const lastYear = new Date("2027-09-19T14:00:00Z");
    expect(refuseOpTime(lastYear, context(during, false))).toBe(
      "Refused: it is dated September 19, 2027 at 9:00 AM CDT, far outside this event's check-in (September 19, 2028 at 7:00 AM CDT to September 20, 2028 at 12:00 AM CDT). Check the date and time on the phone that did it.",
    );
    expect(refuseOpTime(new Date(window.opensAt.getTime() - WINDOW_SLACK_MS - 1), context(during))).toMatch(/far outside this event's check-in/);
    expect(refuseOpTime(new Date(window.closesAt.getTime() + WINDOW_SLACK_MS + 1), context(new Date("2028-09-20T07:00:00Z")))).toMatch(/far outside/);
  });

  it("from a door volunteer's phone, is still taken for a day after the window closed (no signal at the venue), then refused; staff's is taken later", () => {
    const op = new Date("2028-09-19T20:00:00Z");
    expect(refuseOpTime(op, context(new Date(window.closesAt.getTime() + DOOR_SYNC_GRACE_MS)))).toBeUndefined();
    const late = new Date(window.closesAt.getTime() + DOOR_SYNC_GRACE_MS + 1);
    expect(refuseOpTime(op, context(late))).toBe(
      "Refused: check-in for this event closed more than a day ago, so a door volunteer can no longer send changes to it. Ask staff to correct the list.",
    );
    expect(refuseOpTime(op, context(late, false))).toBeUndefined();
  });
});
