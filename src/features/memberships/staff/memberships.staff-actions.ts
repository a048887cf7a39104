"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { refreshedOnRefusal } from "@/lib/desk-refusal";
import { formatCents } from "@/lib/money";
import { benefitValuesSchema, deskRenewalSchema, grantMembershipSchema } from "../memberships-desk.schema";
import { grantMembership, recordDeskRenewal, setBenefitValues } from "../memberships-desk.service";
import { formatLongDate } from "@/lib/time";

export interface MembershipsChanged {
  message: string;
}

export const deskRenewalAction = staffAction({ membership: ["update"] }, deskRenewalSchema, async (input, staff): Promise<MembershipsChanged> => {
  // Asked about a repeat, the list still refreshes: it shows the other volunteer's record.
  const renewed = await refreshedOnRefusal(["/admin/memberships"], () => recordDeskRenewal(getDb(), staff, input));
  revalidatePath("/admin/memberships");
  return {
    message: `${renewed.planName} membership of ${renewed.email} recorded: it now runs until ${formatLongDate(renewed.renewsOn)}. Receipt ${renewed.receipt} was emailed to them.`,
  };
});

export const benefitValuesAction = staffAction({ membership: ["update"] }, benefitValuesSchema, async (input, staff): Promise<MembershipsChanged> => {
  await setBenefitValues(getDb(), staff, input);
  revalidatePath("/admin/memberships");
  return { message: `Saved: receipts now state Premium benefits worth ${formatCents(input.premium)} and Elite benefits worth ${formatCents(input.elite)}.` };
});

/** From a member's page (/admin/members/[id]): under the members desk's permission, where the form is. */
export const grantMembershipAction = staffAction({ member: ["update"] }, grantMembershipSchema, async (input, staff): Promise<MembershipsChanged> => {
  // Asked about a repeat, the member's page still refreshes: its Membership panel shows the record just made.
  const granted = await refreshedOnRefusal([`/admin/members/${input.memberId}`], () => grantMembership(getDb(), staff, input));
  revalidatePath(`/admin/members/${input.memberId}`);
  revalidatePath("/admin/members");
  revalidatePath("/admin/memberships");
  const verb = granted.extended ? "extended" : "granted";
  const receipt = granted.receipt ? ` Receipt ${granted.receipt} was emailed to the member.` : " Complimentary: no receipt was sent.";
  return { message: `${granted.planName} membership ${verb}: it now runs until ${formatLongDate(granted.renewsOn)}.${receipt}` };
});
