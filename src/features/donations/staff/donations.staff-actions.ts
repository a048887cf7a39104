"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import { staffAction } from "@/features/staff/staff-action";
import { markPledgeReceived, NOT_A_PLEDGE } from "../donations.service";

const donationIdSchema = z.object({ donationId: z.uuid({ message: NOT_A_PLEDGE }) });

/** "Mark received" on a pledge: the donor is e-mailed the receipt; the list then says what was done. */
export const markReceivedAction = staffAction({ donation: ["update"] }, donationIdSchema, async ({ donationId }, staff) => {
  await markPledgeReceived(getDb(), { id: staff.id, email: staff.email }, donationId);
  revalidatePath("/admin/donations");
  redirect(`/admin/donations?received=${donationId}`);
});
