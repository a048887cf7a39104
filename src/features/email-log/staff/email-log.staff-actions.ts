"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { refreshedOnRefusal } from "@/lib/desk-refusal";
import { retrySchema } from "../email-log-desk.schema";
import { retryEmail } from "../email-log-desk.service";

export interface EmailRetried {
  message: string;
}

export const retryEmailAction = staffAction({ email: ["retry"] }, retrySchema, async ({ id, to }, staff): Promise<EmailRetried> => {
  // Refused (sent meanwhile, or its link lapsed), the page still refreshes to the message's status now.
  const retried = await refreshedOnRefusal([`/admin/emails/${id}`, "/admin/emails"], () => retryEmail(getDb(), { id: staff.id, email: staff.email }, id, to));
  revalidatePath(`/admin/emails/${retried.id}`);
  revalidatePath("/admin/emails");
  return { message: `The message to ${retried.to} is back in the queue and will be sent again.` };
});
