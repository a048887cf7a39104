/**
 * What a door phone and the server say to each other about an event's list (issue 32): the list it
 * keeps to work offline (GET /admin/check-in/[id]/attendees.json) and the answer to the check-ins it
 * queued (POST). Types only, shared by the service (check-in-sync.service.ts) and the page's script.
 */

/** One attendee as a door phone keeps them: only what check-in needs. */
export interface DeviceAttendee {
  registrationId: number;
  /** The account's name; its email address when it has none, as the door page shows it. */
  name: string;
  status: "confirmed" | "waitlisted" | "offered" | "cancelled";
  checkedInAt: string | null;
}

/** What a door phone keeps of an event to work offline, or (a door volunteer outside the window) why not. */
export type DeviceList =
  | {
      open: true;
      event: { id: number; title: string; timeZone: string; cancelled: boolean };
      /** The server's clock now: the phone stamps what it does offline with its own clock set by this. */
      serverNow: string;
      /** When the phone should forget the list: a day after check-in closes. */
      keepUntil: string;
      /** People added at the door without registering: they count as checked in. */
      walkIns: number;
      attendees: DeviceAttendee[];
    }
  | { open: false; event: { id: number; title: string }; serverNow: string; message: string };

export type SyncOutcome = "applied" | "duplicate" | "refused";

/** What happened to one op, in the order they were sent. */
export interface SyncResult {
  /** The op's id as sent, or null when it had none. */
  opId: string | null;
  outcome: SyncOutcome;
  message: string;
}

/** The answer to a POST of queued ops: each op's outcome in the order sent, and the list as it is now. */
export interface SyncAnswer {
  results: SyncResult[];
  list: DeviceList;
}
