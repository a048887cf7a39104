"use server";

import { revalidatePath } from "next/cache";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { withoutPasswords, type FormState } from "@/lib/form-state";
import { getAuth } from "@/lib/auth/auth";
import { requireMember } from "@/lib/auth/session";
import { changeEmailSchema, confirmEmailChangeSchema, deleteAccountSchema, resendConfirmationSchema } from "./account.schema";
import { confirmEmailChange, deleteAccount, requestEmailChange, resendConfirmation } from "./account.service";

async function deps() {
  return { db: getDb(), auth: getAuth(), headers: await headers() };
}

export type LinkSent = { email: string };

export async function resendConfirmationAction(previous: FormState<LinkSent>, formData: FormData): Promise<FormState<LinkSent>> {
  const member = await requireMember("/profile");
  return formAction(resendConfirmationSchema, async () => resendConfirmation(await deps(), member))(previous, formData);
}

export type ChangeRequested = { newEmail: string };

export async function changeEmailAction(previous: FormState<ChangeRequested>, formData: FormData): Promise<FormState<ChangeRequested>> {
  const member = await requireMember("/profile?tab=security");
  const state = await formAction(changeEmailSchema, async (input) => requestEmailChange(await deps(), member, input))(previous, formData);
  return withoutPasswords(state);
}

/** Anyone holding the link may confirm (the new mailbox is the proof); no session is needed. */
const confirmChange = formAction(confirmEmailChangeSchema, async (input) => confirmEmailChange(getDb(), input.token));

export async function confirmEmailChangeAction(previous: FormState<ChangeRequested>, formData: FormData): Promise<FormState<ChangeRequested>> {
  const state = await confirmChange(previous, formData);
  if (state.status === "success") revalidatePath("/", "layout");
  return state;
}

export async function deleteAccountAction(previous: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const member = await requireMember("/profile?tab=security");
  const state = await formAction(deleteAccountSchema, async (input) => {
    await deleteAccount(await deps(), member, input);
    return true as never;
  })(previous, formData);
  if (state.status !== "success") return withoutPasswords(state);
  // The sessions are gone with the account; the browser's cookie goes too.
  const jar = await cookies();
  for (const cookie of jar.getAll()) if (cookie.name.includes("session_token") || cookie.name.includes("session_data")) jar.delete(cookie.name);
  revalidatePath("/", "layout");
  redirect("/?account-deleted=1");
}
