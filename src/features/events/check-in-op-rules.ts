/**
 * Which times a door phone's queued check-in or undo may carry (issue 32). The phone stamps each op
 * with when it happened; the server refuses, op by op and with the reason, a time it cannot believe:
 * one in the future (beyond a little clock drift), or one far outside the event's check-in window
 * (a phone whose clock is wrong, or an op made for another day). A door volunteer's phone may send
 * what it queued after the window closed (the venue had no signal), but only for a day: after that
 * the check-in list is staff's to correct. Pure: callers pass the window and the app's clock.
 */
import { formatLongDateTimeZone } from "@/lib/time";
import type { CheckInWindow } from "./check-in-window";

/** How far ahead of the server's clock an op's time may be: phones' clocks drift by seconds, not minutes. */
export const FUTURE_SLACK_MS = 2 * 60_000;
/** How far outside the check-in window an op's time may be: an hour, for a phone's clock set a little wrong. */
export const WINDOW_SLACK_MS = 60 * 60_000;
/** How long after the window closes a door volunteer's phone may still send what it queued. */
export const DOOR_SYNC_GRACE_MS = 24 * 60 * 60_000;

export interface OpTimeContext {
  window: CheckInWindow;
  timeZone: string;
  now: Date;
  /** A door volunteer (held to the check-in window) rather than staff. */
  heldToWindow: boolean;
}

/** Why an op stamped `at` is refused, or undefined when its time is believable. */
export function refuseOpTime(at: Date, { window, timeZone, now, heldToWindow }: OpTimeContext): string | undefined {
  const when = formatLongDateTimeZone(at, timeZone);
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) {
    return `Refused: it is dated ${when}, which is in the future. Check the date and time on the phone that did it.`;
  }
  if (at.getTime() < window.opensAt.getTime() - WINDOW_SLACK_MS || at.getTime() > window.closesAt.getTime() + WINDOW_SLACK_MS) {
    return `Refused: it is dated ${when}, far outside this event's check-in (${formatLongDateTimeZone(window.opensAt, timeZone)} to ${formatLongDateTimeZone(window.closesAt, timeZone)}). Check the date and time on the phone that did it.`;
  }
  if (heldToWindow && now.getTime() > window.closesAt.getTime() + DOOR_SYNC_GRACE_MS) {
    return "Refused: check-in for this event closed more than a day ago, so a door volunteer can no longer send changes to it. Ask staff to correct the list.";
  }
  return undefined;
}
