"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/features/staff/staff-action";
import { approveSchema, rejectSchema } from "../verification.schema";
import { decideVerification, endOfValidThrough, formatValidThrough } from "../verification.service";

export interface VerificationDecided {
  message: string;
}

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

function refresh(id: string) {
  revalidatePath("/admin/verifications");
  revalidatePath(`/admin/verifications/${id}`);
  revalidatePath("/profile/verification");
}

export const approveVerificationAction = staffAction({ verification: ["decide"] }, approveSchema, async (input, staff): Promise<VerificationDecided> => {
  const { memberEmail } = await decideVerification(getDb(), actorOf(staff), input.id, { decision: "approved", validThrough: input.validThrough });
  refresh(input.id);
  return { message: `Approved through ${formatValidThrough(endOfValidThrough(input.validThrough))}. ${memberEmail} was e-mailed, and the document was deleted.` };
});

export const rejectVerificationAction = staffAction({ verification: ["decide"] }, rejectSchema, async (input, staff): Promise<VerificationDecided> => {
  const { memberEmail } = await decideVerification(getDb(), actorOf(staff), input.id, { decision: "rejected", reason: input.reason });
  refresh(input.id);
  return { message: `Rejected. ${memberEmail} was e-mailed the reason, and the document was deleted.` };
});
