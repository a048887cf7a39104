"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { approveSchema, rejectSchema } from "../verification.schema";
import { decideVerification } from "../verification-desk.service";

/** A decision's form only ever fails; success goes to the request's page, which says what was done. */
export type VerificationDecided = never;

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

function done(id: string, decision: "approved" | "rejected"): never {
  revalidatePath("/admin/verifications");
  revalidatePath(`/admin/verifications/${id}`);
  revalidatePath("/profile/verification");
  revalidatePath("/profile");
  redirect(`/admin/verifications/${id}?done=${decision}`);
}

export const approveVerificationAction = staffAction({ verification: ["decide"] }, approveSchema, async (input, staff): Promise<VerificationDecided> => {
  await decideVerification(getDb(), actorOf(staff), input.id, { decision: "approved", validThrough: input.validThrough });
  done(input.id, "approved");
});

export const rejectVerificationAction = staffAction({ verification: ["decide"] }, rejectSchema, async (input, staff): Promise<VerificationDecided> => {
  await decideVerification(getDb(), actorOf(staff), input.id, { decision: "rejected", reason: input.reason });
  done(input.id, "rejected");
});
