import "server-only";
import { getCurrentMember, requireStaff, routeNotFound, staffOrRefusal, type StaffMember } from "@/lib/auth/session";
import { roleAllows } from "@/lib/access-control";
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

/**
 * The same for a JSON endpoint a staff page's own script calls (a door phone's sync): the staff member,
 * or the answer to send instead — a 401 asking to sign in again (a script cannot follow a redirect to
 * the sign-in page), a plain 404 for anyone without the permission.
 */
export async function deskJsonOrRefusal(route: StaffRoute): Promise<StaffMember | Response> {
  const member = await getCurrentMember();
  if (!member) return Response.json({ error: "You are signed out. Sign in again, then open the door page to send the check-ins." }, { status: 401, headers: { "cache-control": "no-store" } });
  if (!member.role || !roleAllows(member.role, permissionFor(route))) return routeNotFound();
  return { ...member, role: member.role };
}
