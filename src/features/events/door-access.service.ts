import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { events } from "@/db/schema/events";
import type { StaffRole } from "@/lib/access-control";
import { checkInClosedMessage, checkInState, heldToCheckInWindow } from "./check-in-window";
import { doorEventHeading, getDoorList, listCheckInEvents, type CheckInEvent, type DoorList } from "./events-desk.queries";

/** The door's page of one event: its list, or for a door volunteer outside the check-in window, why not (no attendee read). */
export type DoorPage =
  | { open: true; list: DoorList }
  | { open: false; event: ReturnType<typeof doorEventHeading>; message: string };

/** The door's page of one event for `role` at `now`; undefined when there is no such event. */
export async function openDoorList(db: Database, role: StaffRole, eventId: number, search: string, registrationId: number | undefined, now: Date): Promise<DoorPage | undefined> {
  if (heldToCheckInWindow(role)) {
    const [event] = await db.select().from(events).where(eq(events.id, eventId));
    if (!event) return undefined;
    if (checkInState(event, now) !== "open") {
      return {
        open: false,
        event: doorEventHeading(event),
        message: checkInClosedMessage(event, now),
      };
    }
  }
  const list = await getDoorList(db, eventId, search, registrationId);
  return list && { open: true, list };
}

export interface DoorEvent extends CheckInEvent {
  /** Whether the list links to the event's door page; an event not yet open for the door shows its window instead. */
  linked: boolean;
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
  if (!heldToCheckInWindow(role)) {
    return { soon: soon.map((event) => ({ ...event, linked: true })), later: later.map((event) => ({ ...event, linked: true })), heldToWindow: false };
  }
  const stillToCome = soon.filter((event) => event.checkIn !== "closed");
  return { soon: stillToCome.map((event) => ({ ...event, linked: event.checkIn === "open" })), later: [], heldToWindow: true };
}
