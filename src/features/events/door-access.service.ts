import "server-only";
import { eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Database } from "@/db/client";
import { events } from "@/db/schema/events";
import type { StaffRole } from "@/lib/access-control";
import { checkInClosedMessage, checkInState, describeCheckInWindow, heldToCheckInWindow } from "./check-in-window";
import { findScannedWithoutSeat, listDoorWaiting, listDoorWalkIns, type DoorWaiting, type DoorWalkIn, type ScannedWithoutSeat } from "./door.queries";
import { doorEventHeading, getDoorList, listCheckInEvents, type CheckInEvent, type DoorList } from "./events-desk.queries";

/** The door's page of one event: its list, or for a door volunteer outside the check-in window, why not (no attendee read). */
export type DoorPage =
  | {
      open: true;
      list: DoorList;
      /** A scanned registration of this event without a seat (cancelled, waiting): why not to check it in. */
      scannedWithoutSeat?: ScannedWithoutSeat;
      waiting: DoorWaiting[];
      walkIns: DoorWalkIn[];
      /** People checked in, walk-ins included, of everyone with a seat (registrations and walk-ins). */
      count: { checkedIn: number; expected: number };
      /** Staff may check in at any time; outside the window the page says when the door's check-in runs. */
      windowNote?: string;
    }
  | { open: false; event: ReturnType<typeof doorEventHeading>; message: string };

/** The door's page of one event for `role` at `now`; undefined when there is no such event. */
export async function openDoorList(db: Database, role: StaffRole, eventId: number, search: string, registrationId: number | undefined, now: Date): Promise<DoorPage | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return undefined;
  const state = checkInState(event, now);
  if (heldToCheckInWindow(role) && state !== "open") {
    return {
      open: false,
      event: doorEventHeading(event),
      message: checkInClosedMessage(event, now),
    };
  }
  const [list, waiting, walkIns, scannedWithoutSeat] = await Promise.all([
    getDoorList(db, eventId, search, registrationId),
    listDoorWaiting(db, eventId),
    listDoorWalkIns(db, eventId),
    registrationId === undefined ? undefined : findScannedWithoutSeat(db, eventId, registrationId, event.timeZone),
  ]);
  if (!list) return undefined;
  return {
    open: true,
    list,
    scannedWithoutSeat,
    waiting,
    walkIns,
    count: { checkedIn: list.event.checkedIn + walkIns.length, expected: list.event.confirmed + walkIns.length },
    windowNote: state === "open" ? undefined : `Door volunteers can check people in only inside the window: ${describeCheckInWindow(event)} As staff you can check in at any time.`,
  };
}

export interface DoorEvent extends CheckInEvent {
  /** Whether the list links to the event's door page; an event not yet open for the door shows its window instead. */
  linked: boolean;
  /** The event runs today (in its own zone): the page lists today's events first and marks them. */
  today: boolean;
}

export interface DoorEvents {
  soon: DoorEvent[];
  later: DoorEvent[];
  /** The viewer is held to the check-in window (a door volunteer). */
  heldToWindow: boolean;
}

/**
 * The check-in page's events for `role`. Staff and admins: every event, each linked. A door volunteer:
 * today's and the next two weeks' events whose check-in has not closed, linked only while open; nothing later.
 */
export async function listDoorEvents(db: Database, role: StaffRole, now: Date): Promise<DoorEvents> {
  const { soon, later } = await listCheckInEvents(db, now);
  const todays = await eventsRunningToday(db, soon.map((event) => event.id), now);
  const held = heldToCheckInWindow(role);
  const door = (event: CheckInEvent): DoorEvent => ({ ...event, linked: !held || event.checkIn === "open", today: todays.has(event.id) });
  // Today's first (a stable sort keeps each group soonest first).
  const todayFirst = (events: DoorEvent[]) => [...events].sort((a, b) => Number(b.today) - Number(a.today));
  if (!held) return { soon: todayFirst(soon.map(door)), later: later.map(door), heldToWindow: false };
  return { soon: todayFirst(soon.filter((event) => event.checkIn !== "closed").map(door)), later: [], heldToWindow: true };
}

/** Of these events, the ones whose days (start to end, in each event's zone) include today's date there. */
async function eventsRunningToday(db: Database, ids: number[], now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: events.id, startsAt: events.startsAt, endsAt: events.endsAt, timeZone: events.timeZone }).from(events).where(inArray(events.id, ids));
  const day = (instant: Date, zone: string) => DateTime.fromJSDate(instant, { zone }).toISODate()!;
  return new Set(
    rows
      .filter((event) => {
        const today = day(now, event.timeZone);
        return day(event.startsAt, event.timeZone) <= today && today <= day(new Date(event.endsAt.getTime() - 1), event.timeZone);
      })
      .map((event) => event.id),
  );
}
