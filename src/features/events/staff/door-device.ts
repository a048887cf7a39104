import "server-only";
import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import type { StaffMember } from "@/lib/auth/session";
import { routeNotFound } from "@/lib/auth/session";
import { now } from "@/lib/clock";
import { sameOrigin } from "@/lib/same-origin";
import { listForDevice, syncCheckIns } from "../check-in-sync.service";
import type { SyncAnswer } from "../door-device-list";
import { syncBatchSchema } from "../door.schema";
import { checkInPath, deskEventPath } from "../event-paths";
import { parseEventIdSegment } from "../events.schema";

/**
 * The door phone's two requests (issue 32), behind /admin/check-in/[id]/attendees.json: GET keeps the
 * event's list on the phone for working offline; POST sends the check-ins and undos it queued and
 * answers what happened to each and the list as it is now. Never cached; errors are JSON with a reason.
 */
const NO_STORE = { "cache-control": "no-store" } as const;

function refuse(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: NO_STORE });
}

/** The list a door phone keeps, for `staff` (a door volunteer outside the window gets only the reason). */
export async function doorListAnswer(staff: StaffMember, idSegment: string): Promise<Response> {
  const eventId = parseEventIdSegment(idSegment);
  const list = eventId === undefined ? undefined : await listForDevice(getDb(), staff.role, eventId, now());
  return list ? Response.json(list, { headers: NO_STORE }) : routeNotFound();
}

/**
 * A batch of queued ops: the door page's own script only (its Origin, a JSON body), each op answered
 * on its own (check-in-sync.service.ts); a body that is not `{ "ops": [...] }` is refused whole, 400.
 */
export async function doorSyncAnswer(request: Request, staff: StaffMember, idSegment: string): Promise<Response> {
  const eventId = parseEventIdSegment(idSegment);
  if (eventId === undefined) return routeNotFound();
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) return refuse(415, "Send the check-ins as JSON (Content-Type: application/json).");
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return refuse(400, "The body is not JSON.");
  }
  const batch = syncBatchSchema.safeParse(body);
  if (!batch.success) return refuse(400, batch.error.issues[0]?.message ?? 'Send { "ops": [...] }.');
  const at = now();
  const db = getDb();
  const results = await syncCheckIns(db, { id: staff.id, email: staff.email, role: staff.role }, eventId, batch.data.ops, at);
  if (!results) return routeNotFound();
  if (results.some((result) => result.outcome === "applied")) {
    revalidatePath(checkInPath(eventId));
    revalidatePath(deskEventPath(eventId));
  }
  const list = await listForDevice(db, staff.role, eventId, at);
  if (!list) return routeNotFound();
  return Response.json({ results, list } satisfies SyncAnswer, { headers: NO_STORE });
}

/** Whether a POST came from the site's own page (an Origin of this site): a script's post always carries one. */
export function fromDoorPage(request: Request): Response | undefined {
  return sameOrigin(request, { requireOrigin: true }) ? undefined : refuse(403, "Refused: send the check-ins from the site's own door page.");
}
