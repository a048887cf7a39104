import { deskDownloadOrRefusal } from "@/features/staff/desk-access";
import { DOOR_SERVICE_WORKER } from "@/features/events/staff/door-service-worker";

/**
 * The door pages' service worker (issue 32), at the top of their folder so its scope is theirs alone
 * (/admin/check-in/). Only for those who may open the door: a signed-out browser's update check gets
 * the sign-in redirect, which leaves the installed worker as it is.
 */
export async function GET(): Promise<Response> {
  const staff = await deskDownloadOrRefusal("/admin/check-in/door-sw.js");
  if (staff instanceof Response) return staff;
  return new Response(DOOR_SERVICE_WORKER, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" } });
}
