"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { disableAccountSchema, enableAccountSchema, grantMembershipSchema } from "../members-desk.schema";
import { disableAccount, enableAccount, grantMembership } from "../members-desk.service";
import { formatLongDate } from "@/lib/time";

export interface MemberChanged {
  message: string;
}

function refresh(memberId: string) {
  revalidatePath(`/admin/members/${memberId}`);
  revalidatePath("/admin/members");
}

export const grantMembershipAction = staffAction({ member: ["update"] }, grantMembershipSchema, async (input, staff): Promise<MemberChanged> => {
  const granted = await grantMembership(getDb(), staff, input);
  refresh(input.memberId);
  const verb = granted.extended ? "extended" : "granted";
  return { message: `${granted.planName} membership ${verb}: it now runs until ${formatLongDate(granted.renewsOn)}.` };
});

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
