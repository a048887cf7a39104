"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { ROLE_LABELS, isStaffRole } from "@/lib/access-control";
import { FormError } from "@/lib/form-state";
import { staffAction } from "@/lib/staff-action";
import { grantRoleSchema, revokeRoleSchema } from "./staff.schema";
import { endSessions, setStaffRole } from "./staff.service";

export interface RoleChanged {
  message: string;
}

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

export const grantRoleAction = staffAction({ staff: ["manage"] }, grantRoleSchema, async ({ email, role }, staff): Promise<RoleChanged> => {
  if (!isStaffRole(role)) throw new FormError("Choose a role.", "role");
  await setStaffRole(getDb(), actorOf(staff), email, role);
  revalidatePath("/admin/staff");
  return { message: `${email} now has the role ${ROLE_LABELS[role]}.` };
});

export const revokeRoleAction = staffAction({ staff: ["manage"] }, revokeRoleSchema, async ({ email }, staff): Promise<RoleChanged> => {
  const { userId, before } = await setStaffRole(getDb(), actorOf(staff), email, null);
  // A role taken away ends the person's sessions, so a device left signed in loses the staff area now.
  if (before !== null) await endSessions(getDb(), userId);
  revalidatePath("/admin/staff");
  return { message: `${email} is no longer on the staff.` };
});
