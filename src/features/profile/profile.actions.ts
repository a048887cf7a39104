"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { FormError, withoutPasswords, type FormState } from "@/lib/form-state";
import { getAuth } from "@/lib/auth/auth";
import { requireMember } from "@/lib/auth/session";
import type { ProfileFormValues } from "./profile.queries";
import { changePasswordSchema, emptySchema, profileSchema, settingsSchema, type SettingsView } from "./profile.schema";
import { changeMemberPassword, saveProfile, saveSettings, signOutOtherSessions } from "./profile.service";
import { profileTabHref, type ProfileTabId } from "./profile-tabs";

/**
 * Each action authorises first (outside formAction, whose catch-all would turn the /login redirect
 * into an error message), then parses, runs the service, and refreshes the page's server data.
 */
async function signedIn(tab: ProfileTabId) {
  return requireMember(profileTabHref(tab));
}

export async function saveProfileAction(
  previous: FormState<ProfileFormValues>,
  formData: FormData,
): Promise<FormState<ProfileFormValues>> {
  const member = await signedIn("profile");
  const state = await formAction(profileSchema, async (input): Promise<ProfileFormValues> => {
    const saved = await saveProfile(getDb(), member.id, input);
    return {
      firstName: saved.firstName ?? "",
      lastName: saved.lastName ?? "",
      phone: saved.phone ?? "",
      address: saved.address ?? "",
      militaryStatus: saved.militaryStatus ?? "",
    };
  })(previous, formData);
  if (state.status === "success") revalidatePath("/", "layout"); // the header shows the new display name
  return state;
}

export async function saveSettingsAction(previous: FormState<SettingsView>, formData: FormData): Promise<FormState<SettingsView>> {
  const member = await signedIn("settings");
  const state = await formAction(settingsSchema, (input) => saveSettings(getDb(), member, input))(previous, formData);
  if (state.status === "success") revalidatePath("/profile");
  return state;
}

export type PasswordChanged = { otherSessionsRevoked: boolean };

export async function changePasswordAction(
  previous: FormState<PasswordChanged>,
  formData: FormData,
): Promise<FormState<PasswordChanged>> {
  const member = await signedIn("security");
  const deps = { db: getDb(), auth: getAuth(), headers: await headers() };
  const state = await formAction(changePasswordSchema, (input) => changeMemberPassword(deps, member.id, input))(previous, formData);
  if (state.status === "success") revalidatePath("/profile");
  return withoutPasswords(state);
}

export type OtherSessionsRevoked = { revoked: number };

export async function signOutOtherSessionsAction(
  previous: FormState<OtherSessionsRevoked>,
  formData: FormData,
): Promise<FormState<OtherSessionsRevoked>> {
  const member = await signedIn("security");
  const requestHeaders = await headers();
  const auth = getAuth();
  const state = await formAction(emptySchema, async () => {
    const current = await auth.api.getSession({ headers: requestHeaders });
    if (!current) throw new FormError("Your session has ended. Please sign in again.");
    return signOutOtherSessions({ db: getDb(), auth, headers: requestHeaders }, member.id, current.session.id);
  })(previous, formData);
  if (state.status === "success") revalidatePath("/profile");
  return state;
}
