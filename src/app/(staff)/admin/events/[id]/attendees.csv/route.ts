import { getDb } from "@/db/client";
import { getDeskEvent } from "@/features/events/events-desk.queries";
import { parseEventIdSegment } from "@/features/events/events.schema";
import { attendeesCsv, attendeesCsvFileName } from "@/features/events/staff/attendees-csv";
import { getCurrentMember } from "@/features/members/session";
import { roleAllows } from "@/lib/access-control";
import { now } from "@/lib/clock";

const notFound = () => new Response("Not found", { status: 404, headers: { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" } });

/**
 * One event's attendees as CSV. A route handler checks the permission itself: a visitor is sent to
 * sign in, anyone signed in without it gets a plain 404, like the staff pages.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const member = await getCurrentMember();
  if (!member) {
    const next = `/admin/events/${encodeURIComponent(id)}/attendees.csv`;
    return new Response(null, { status: 307, headers: { location: `/login?next=${encodeURIComponent(next)}`, "cache-control": "no-store" } });
  }
  if (!roleAllows(member.role, { event: ["view"] })) return notFound();
  const eventId = parseEventIdSegment(id);
  const event = eventId === undefined ? undefined : await getDeskEvent(getDb(), eventId, now());
  if (!event) return notFound();
  return new Response(attendeesCsv(event), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${attendeesCsvFileName(event)}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
