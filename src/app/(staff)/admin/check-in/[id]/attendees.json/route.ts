import { deskDownloadOrRefusal, deskJsonOrRefusal } from "@/features/staff/desk-access";
import { doorListAnswer, doorSyncAnswer, fromDoorPage } from "@/features/events/staff/door-device";

type Params = { params: Promise<{ id: string }> };

/**
 * The door phone's copy of an event's list (GET) and its queued check-ins (POST), for working where the
 * venue has no signal (issue 32): the door's permission as the door page asks for it.
 */
export async function GET(_request: Request, { params }: Params): Promise<Response> {
  const { id } = await params;
  const staff = await deskDownloadOrRefusal("/admin/check-in/[id]/attendees.json", `/admin/check-in/${encodeURIComponent(id)}/attendees.json`);
  return staff instanceof Response ? staff : doorListAnswer(staff, id);
}

export async function POST(request: Request, { params }: Params): Promise<Response> {
  const refused = fromDoorPage(request);
  if (refused) return refused;
  const { id } = await params;
  const staff = await deskJsonOrRefusal("/admin/check-in/[id]/attendees.json");
  return staff instanceof Response ? staff : doorSyncAnswer(request, staff, id);
}
