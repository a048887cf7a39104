import { csvText } from "@/lib/csv";
import { calendarFileName } from "../ical";
import type { DeskEvent } from "../events-desk.queries";

export const ATTENDEE_CSV_COLUMNS = ["Name", "E-mail", "Status", "Waitlist place", "Registered (UTC)", "Checked in (UTC)"] as const;

const iso = (at: Date | null) => (at ? at.toISOString() : "");

/** The event's attendees, then its waitlist in order, as CSV (CRLF line ends, a header row, formula-safe cells). */
export function attendeesCsv(event: Pick<DeskEvent, "attendees" | "waiting">): string {
  const rows = [
    ...event.attendees.map((a) => [a.name, a.email, "Registered", "", iso(a.registeredAt), iso(a.checkedInAt)]),
    ...event.waiting.map((w) => [w.name, w.email, w.status === "offered" ? "Seat offered" : "Waitlist", w.status === "offered" ? "" : w.position, "", ""]),
  ];
  return csvText(ATTENDEE_CSV_COLUMNS, rows);
}

/** "attendees-ruck-clinic.csv" */
export function attendeesCsvFileName(event: Pick<DeskEvent, "title">): string {
  return `attendees-${calendarFileName(event.title).replace(/\.ics$/, "")}.csv`;
}
