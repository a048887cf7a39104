import "server-only";
import { requireStaff, staffOrRefusal, type StaffMember } from "@/lib/auth/session";
import { permissionFor, type StaffRoute } from "./desks";

/**
 * For every staff page: the permission its desk states for `route` (the page's route pattern, e.g.
 * `/admin/orders/[id]`). A visitor goes to sign in and back to `nextPath`; anyone else without it gets
 * the 404 page.
 */
export function requireDeskPage(route: StaffRoute, nextPath: string = route): Promise<StaffMember> {
  return requireStaff(permissionFor(route), nextPath);
}

/** The same for a staff download (a route handler): the staff member, or the answer to send instead. */
export function deskDownloadOrRefusal(route: StaffRoute, nextPath: string = route): Promise<StaffMember | Response> {
  return staffOrRefusal(permissionFor(route), nextPath);
}
