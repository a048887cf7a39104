import { z } from "zod";
import { STAFF_ROLES } from "@/lib/access-control";

const email = z.string().trim().min(1, "Enter the person's email address.").max(254, "That email address is too long.").pipe(z.email("Enter a valid email address."));

export const grantRoleSchema = z.object({
  email,
  role: z.enum(STAFF_ROLES as [string, ...string[]], { message: "Choose a role." }),
});

export const revokeRoleSchema = z.object({ email, confirm: z.literal("yes", { error: "Tick the box to confirm that this person should leave the staff." }) });
