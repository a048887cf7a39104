import "server-only";
import type { z } from "zod";
import { getCurrentMember, type StaffMember } from "@/lib/auth/session";
import { roleAllows, type Permission } from "@/lib/access-control";
import { formAction } from "@/lib/action";
import { FormError } from "@/lib/form-state";

export const SIGN_IN_AGAIN = "Your session has ended. Please sign in again.";
export const NOT_ALLOWED = "Your role does not allow this. Ask an admin if you need it.";

/** Who may run a staff action: checked on the server before anything is parsed or changed. */
export function staffActor(permission: Permission) {
  return async (): Promise<StaffMember> => {
    const member = await getCurrentMember();
    if (!member) throw new FormError(SIGN_IN_AGAIN);
    if (!member.role || !roleAllows(member.role, permission)) throw new FormError(NOT_ALLOWED);
    return { ...member, role: member.role };
  };
}

/** The action wrapper for the staff area: the permission, then the form as every other action. */
export function staffAction<S extends z.ZodType, T>(permission: Permission, schema: S, handler: (input: z.output<S>, staff: StaffMember) => Promise<T>) {
  return formAction(schema, handler, staffActor(permission));
}
