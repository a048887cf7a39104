import { getDb } from "@/db/client";
import { getDeskEvent } from "@/features/events/events-desk.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { attendeesCsv, attendeesCsvFileName } from "@/features/events/staff/attendees-csv";
import { routeNotFound } from "@/lib/auth/session";
import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { csvDownload } from "@/lib/csv-download";
import { now } from "@/lib/clock";

/**
 * One event's attendees as CSV. A route handler checks the permission itself: a visitor is sent to
 * sign in, anyone signed in without it gets a plain 404, like the staff pages.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const staff = await deskDownloadOrRefusal("/admin/events/[id]/attendees.csv", `/admin/events/${encodeURIComponent(id)}/attendees.csv`);
  if (staff instanceof Response) return staff;
  const eventId = parseEventIdSegment(id);
  const event = eventId === undefined ? undefined : await getDeskEvent(getDb(), eventId, now());
  if (!event) return routeNotFound();
  return csvDownload(attendeesCsv(event), attendeesCsvFileName(event));
}
