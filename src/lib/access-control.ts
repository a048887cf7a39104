/**
 * Who may do what in the staff area (ADR 0016): better-auth's access control, with the admin
 * plugin's own statements (user and session management) plus the association's. A member has no
 * role (null, better-auth's "user"); staff roles are granted by `npm run staff` or by an admin.
 */
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";

/** What the association's volunteers and staff run day to day; everything but roles and accounts' keys. */
const staffWork = {
  dashboard: ["view"],
  order: ["view", "update", "refund"],
  donation: ["view", "update", "refund"],
  event: ["view", "update"],
  checkIn: ["view", "update"],
  message: ["view", "reply"],
  catalog: ["view", "update"],
  content: ["update"],
  member: ["view", "update"],
  membership: ["view", "update"],
  audit: ["view"],
  email: ["view", "retry"],
  newsletter: ["view", "send"],
  /** The shop's member pricing and verified service discount rates (ADR 0019). */
  pricing: ["update"],
  /** Members' service-status requests: see the queue and open documents (view), approve or reject (decide). */
  verification: ["view", "decide"],
} as const;

const statements = { ...defaultStatements, ...staffWork, staff: ["manage"] } as const;

export const accessControl = createAccessControl(statements);

export const roles = {
  user: accessControl.newRole({}),
  /** At the door of an event: find an attendee, check them in, undo. Nothing else. */
  door: accessControl.newRole({ checkIn: ["view", "update"] }),
  staff: accessControl.newRole(staffWork),
  admin: accessControl.newRole({ ...adminAc.statements, ...staffWork, staff: ["manage"] }),
};

export type StaffRole = Exclude<keyof typeof roles, "user">;
export const STAFF_ROLES: readonly StaffRole[] = ["door", "staff", "admin"];

export const ROLE_LABELS: Record<StaffRole, string> = { door: "Door volunteer", staff: "Staff", admin: "Admin" };

type Statements = typeof statements;
/** One resource and the actions asked for on it, e.g. `{ order: ["update"] }`. */
export type Permission = { [Resource in keyof Statements]?: Statements[Resource][number][] };

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether someone holding `role` (null for a member) may do everything `permission` asks. */
export function roleAllows(role: string | null | undefined, permission: Permission): boolean {
  if (!isStaffRole(role)) return false;
  return roles[role].authorize(permission as Parameters<(typeof roles)["admin"]["authorize"]>[0]).success;
}
