"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { retrySchema } from "../email-log-desk.schema";
import { retryEmail } from "../email-log-desk.service";

export interface EmailRetried {
  message: string;
}

export const retryEmailAction = staffAction({ email: ["retry"] }, retrySchema, async ({ id, to }, staff): Promise<EmailRetried> => {
  const retried = await retryEmail(getDb(), { id: staff.id, email: staff.email }, id, to);
  revalidatePath(`/admin/emails/${retried.id}`);
  revalidatePath("/admin/emails");
  return { message: `The message to ${retried.to} is back in the queue and will be sent again.` };
});
