"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { disableAccountSchema, enableAccountSchema } from "../members-desk.schema";
import { disableAccount, enableAccount } from "../members-desk.service";

export interface MemberChanged {
  message: string;
}

function refresh(memberId: string) {
  revalidatePath(`/admin/members/${memberId}`);
  revalidatePath("/admin/members");
}

export const disableAccountAction = staffAction({ member: ["update"] }, disableAccountSchema, async (input, staff): Promise<MemberChanged> => {
  const { email, changed, sessionsEnded } = await disableAccount(getDb(), staff, input);
  refresh(input.memberId);
  if (!changed) return { message: `${email} was already disabled.` };
  return { message: `${email} is disabled and was signed out everywhere (${sessionsEnded} session${sessionsEnded === 1 ? "" : "s"} ended).` };
});

export const enableAccountAction = staffAction({ member: ["update"] }, enableAccountSchema, async (input, staff): Promise<MemberChanged> => {
  const { email, changed } = await enableAccount(getDb(), staff, input.memberId);
  refresh(input.memberId);
  return { message: changed ? `${email} can sign in again.` : `${email} was not disabled.` };
});
