/**
 * When the door may open an event's list (issue 28, ADR 0016 amendment of 2026-11-29): from two hours
 * before the event starts until the end of the day it ends, in the event's zone (as a rule the
 * association's). A door volunteer sees attendees' names and email addresses and checks them in only
 * then; a role that may open the events desk (staff, admin) already sees the same list there at any
 * time and is not held to the window. Pure: callers pass the event and the app's clock.
 */
import { DateTime } from "luxon";
import { roleAllows, type StaffRole } from "@/lib/access-control";
import { getCheckInOpensHoursBefore } from "@/lib/env";
import { formatLongDate, formatLongDateTimeZone } from "@/lib/time";

/**
 * People arrive early and volunteers set up the table: check-in opens this long before the start
 * (CHECK_IN_OPENS_HOURS_BEFORE, 2 hours unless set).
 */
export function checkInOpensHoursBefore(): number {
  return getCheckInOpensHoursBefore();
}

export interface TimedEvent {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
}

export interface CheckInWindow {
  opensAt: Date;
  /** Midnight after the day the event ends, in its zone: late arrivals and corrections that evening still count. */
  closesAt: Date;
}

export type CheckInState = "not-yet" | "open" | "closed";

export function checkInWindow(event: TimedEvent, opensHoursBefore = checkInOpensHoursBefore()): CheckInWindow {
  const opensAt = DateTime.fromJSDate(event.startsAt).minus({ hours: opensHoursBefore }).toJSDate();
  // An event that ends at midnight ended on the day before it.
  const lastDay = DateTime.fromJSDate(new Date(event.endsAt.getTime() - 1), { zone: event.timeZone }).startOf("day");
  return { opensAt, closesAt: lastDay.plus({ days: 1 }).toJSDate() };
}

export function checkInState(event: TimedEvent, now: Date): CheckInState {
  const { opensAt, closesAt } = checkInWindow(event);
  if (now.getTime() < opensAt.getTime()) return "not-yet";
  return now.getTime() < closesAt.getTime() ? "open" : "closed";
}

/** Whether `role` may open an event's door list and check people in only inside the window: the door volunteer. */
export function heldToCheckInWindow(role: StaffRole): boolean {
  return !roleAllows(role, { event: ["view"] });
}

/** The day a window that closes at `closesAt` (a midnight) ends on: the day before that midnight. */
const formatLastDay = (closesAt: Date, zone: string) => formatLongDate(new Date(closesAt.getTime() - 1), zone);

/** "Check-in opens September 19, 2028 at 7:00 AM CDT and closes at the end of September 19, 2028." */
export function describeCheckInWindow(event: TimedEvent): string {
  const { opensAt, closesAt } = checkInWindow(event);
  return `Check-in opens ${formatLongDateTimeZone(opensAt, event.timeZone)} and closes at the end of ${formatLastDay(closesAt, event.timeZone)}.`;
}

/** What a door volunteer is told outside the window, for the page and for a check-in they tried. */
export function checkInClosedMessage(event: TimedEvent, now: Date): string {
  if (checkInState(event, now) === "closed") {
    return `Check-in for this event closed at the end of ${formatLastDay(checkInWindow(event).closesAt, event.timeZone)}. Ask staff if a check-in needs correcting.`;
  }
  return `Check-in for this event is not open yet. ${describeCheckInWindow(event)} Door volunteers can see its list only then.`;
}

/**
 * The check-in page's line about the window: for a door volunteer, when an event's list opens; for
 * staff, that door volunteers are held to it and they are not.
 */
export function describeCheckInOpening(heldToWindow: boolean, opensHoursBefore = checkInOpensHoursBefore()): string {
  const hours = `${opensHoursBefore} ${opensHoursBefore === 1 ? "hour" : "hours"}`;
  return heldToWindow
    ? `An event's list opens ${hours} before it starts and closes at the end of its day.`
    : `Door volunteers can check people in from ${hours} before an event starts until the end of its day; staff can at any time.`;
}
