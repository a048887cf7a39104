import { csvText } from "@/lib/csv";
import { calendarFileName } from "../ical";
import type { DeskEvent, DeskWaiting } from "../events-desk.queries";

export const ATTENDEE_CSV_COLUMNS = ["Name", "E-mail", "Phone", "Status", "Waitlist place", "Registered (UTC)", "Checked in (UTC)"] as const;

const iso = (at: Date | null) => (at ? at.toISOString() : "");

const waitingStatus: Record<DeskWaiting["status"], string> = {
  waitlisted: "Waitlist",
  offered: "Seat offered",
  cancelled: "Cancelled with the event (was waiting)",
};

/**
 * The event's attendees, then its waitlist in order, as CSV (CRLF line ends, a header row, formula-safe
 * cells). A cancelled event's list keeps the people it had, marked cancelled, so staff can phone them.
 */
export function attendeesCsv(event: Pick<DeskEvent, "attendees" | "waiting">): string {
  const rows = [
    ...event.attendees.map((a) => [a.name, a.email, a.phone, a.cancelled ? "Cancelled with the event" : "Registered", "", iso(a.registeredAt), iso(a.checkedInAt)]),
    ...event.waiting.map((w) => [w.name, w.email, w.phone, waitingStatus[w.status], w.status === "waitlisted" ? w.position : "", "", ""]),
  ];
  return csvText(ATTENDEE_CSV_COLUMNS, rows);
}

/** "attendees-ruck-clinic.csv" */
export function attendeesCsvFileName(event: Pick<DeskEvent, "title">): string {
  return `attendees-${calendarFileName(event.title).replace(/\.ics$/, "")}.csv`;
}
