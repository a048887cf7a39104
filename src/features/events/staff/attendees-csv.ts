import { csvText } from "@/lib/csv";
import { spreadsheetCell as local } from "@/lib/time";
import { calendarFileName } from "../ical";
import type { DeskEvent, DeskWaiting } from "../events-desk.queries";

export const ATTENDEE_CSV_COLUMNS = ["Name", "Email", "Phone", "Status", "Waitlist place", "Registered (Central Time)", "Checked in (Central Time)"] as const;

const waitingStatus: Record<DeskWaiting["status"], string> = {
  waitlisted: "Waitlist",
  offered: "Seat offered",
  cancelled: "Canceled with the event (was waiting)",
};

/**
 * The event's attendees, then the walk-ins added at the door, then its waitlist in order, as CSV (CRLF line ends, a header row, formula-safe
 * cells). A cancelled event's list keeps the people it had, marked cancelled, so staff can phone them.
 */
export function attendeesCsv(event: Pick<DeskEvent, "attendees" | "waiting" | "walkIns">): string {
  const rows = [
    ...event.attendees.map((a) => [a.name, a.email, a.phone, a.cancelled ? "Canceled with the event" : "Registered", "", local(a.registeredAt), local(a.checkedInAt)]),
    ...event.walkIns.map((w) => [w.name, w.email, "", "Walk-in", "", "", local(w.checkedInAt)]),
    ...event.waiting.map((w) => [w.name, w.email, w.phone, waitingStatus[w.status], w.status === "waitlisted" ? w.position : "", "", ""]),
  ];
  return csvText(ATTENDEE_CSV_COLUMNS, rows);
}

/** "attendees-ruck-clinic.csv" */
export function attendeesCsvFileName(event: Pick<DeskEvent, "title">): string {
  return `attendees-${calendarFileName(event.title).replace(/\.ics$/, "")}.csv`;
}
