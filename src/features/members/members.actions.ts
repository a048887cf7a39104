"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { formAction, withoutPasswords, type FormState } from "@/lib/action";
import { getAuth } from "@/lib/auth";
import { getAuthEnv } from "@/lib/env";
import {
  FAILED_GOOGLE_SIGN_IN,
  GOOGLE_NOT_CONFIGURED,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "./members.schema";
import { registerMember, requestPasswordReset, resetPassword, signInMember, signOutMember } from "./members.service";
import { safeNextPath } from "./safe-next";

export type SignedIn = { redirectTo: string };

async function deps() {
  return { db: getDb(), auth: getAuth(), headers: await headers() };
}

const register = formAction(registerSchema, async (input): Promise<SignedIn> => {
  await registerMember(await deps(), input);
  return { redirectTo: safeNextPath(input.next) };
});

const signIn = formAction(loginSchema, async (input): Promise<SignedIn> => {
  await signInMember(await deps(), input);
  return { redirectTo: safeNextPath(input.next) };
});

export const forgotPasswordAction = formAction(forgotPasswordSchema, async (input) => requestPasswordReset(await deps(), input));

const reset = formAction(resetPasswordSchema, async (input) => {
  await resetPassword({ auth: getAuth(), headers: await headers() }, input);
  return { redirectTo: "/login?reset=1" };
});

// redirect() throws, so it runs after formAction (which turns unknown throws into a generic error).
export async function registerAction(previous: FormState<SignedIn>, formData: FormData): Promise<FormState<SignedIn>> {
  const state = await register(previous, formData);
  if (state.status === "success") redirect(state.data.redirectTo);
  return withoutPasswords(state);
}

export async function signInAction(previous: FormState<SignedIn>, formData: FormData): Promise<FormState<SignedIn>> {
  const state = await signIn(previous, formData);
  if (state.status === "success") redirect(state.data.redirectTo);
  return withoutPasswords(state);
}

export async function resetPasswordAction(previous: FormState<SignedIn>, formData: FormData): Promise<FormState<SignedIn>> {
  const state = await reset(previous, formData);
  if (state.status === "success") redirect(state.data.redirectTo);
  return withoutPasswords(state);
}

export async function signOutAction(): Promise<void> {
  await signOutMember({ auth: getAuth(), headers: await headers() });
  redirect("/");
}

/** Placeholder until the Google flow lands: explains when the server has no Google credentials. */
export async function googleSignInAction(): Promise<FormState<never>> {
  const message = getAuthEnv().GOOGLE_CLIENT_ID ? FAILED_GOOGLE_SIGN_IN : GOOGLE_NOT_CONFIGURED;
  return { status: "error", fieldErrors: {}, formError: message, values: {} };
}
