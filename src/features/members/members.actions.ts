"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { createElement, type ReactNode } from "react";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { withoutPasswords, type FormState } from "@/lib/form-state";
import { getAuth } from "@/features/members/auth";
import { getAuthEnv } from "@/lib/env";
import { log } from "@/lib/log";
import {
  FAILED_GOOGLE_SIGN_IN,
  GOOGLE_NOT_CONFIGURED,
  confirmEmailSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "./members.schema";
import { ExistingAccountNotice } from "./components/existing-account-notice";
import { confirmEmail, registerMember, requestPasswordReset, resetPassword, signInMember, signOutMember } from "./members.service";
import { safeNextPath } from "./safe-next";
import { formDataOf } from "@/lib/form-data";

export type SignedIn = { redirectTo: string };

async function deps() {
  return { db: getDb(), auth: getAuth(), headers: await headers() };
}

const register = formAction(registerSchema, async (input): Promise<CheckEmail | SignedIn> => {
  const registered = await registerMember(await deps(), input);
  if (registered.signedIn) return { redirectTo: safeNextPath(input.next) };
  return { email: registered.email, notice: createElement(ExistingAccountNotice, { email: registered.email }) };
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

export type CheckEmail = { email: string; notice: ReactNode };

/**
 * A new account is signed in and sent on (the spec: success goes to /); an address that already has
 * an account gets "check your e-mail" (its owner was told by e-mail how to sign in).
 */
export async function registerAction(previous: FormState<CheckEmail>, formData: FormData): Promise<FormState<CheckEmail>> {
  const state = await register(previous as FormState<CheckEmail | SignedIn>, formData);
  if (state.status === "success" && "redirectTo" in state.data) redirect(state.data.redirectTo);
  return withoutPasswords(state as FormState<CheckEmail>);
}

const confirm = formAction(confirmEmailSchema, async (input) => {
  const outcome = await confirmEmail({ auth: getAuth(), headers: await headers() }, input.token);
  return { redirectTo: outcome === "signed-in" ? safeNextPath(input.next) : "/login?confirmed=1" };
});

// redirect() throws, so it runs after formAction (which turns unknown throws into a generic error).
export async function confirmEmailAction(previous: FormState<SignedIn>, formData: FormData): Promise<FormState<SignedIn>> {
  const state = await confirm(previous, formData);
  if (state.status === "success") redirect(state.data.redirectTo);
  return state;
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

/** Pages that show the Google button, where a failed Google sign-in comes back to. */
const GOOGLE_RETURN_PAGES = new Set(["/login", "/register"]);

/**
 * "Continue with Google": asks better-auth for Google's authorization URL (it stores the OAuth state
 * and sets its cookie) and sends the browser there. Google comes back to /api/auth/callback/google,
 * which signs the member in and redirects to `next`, or to the page the button was on with `?error=`.
 */
export async function googleSignInAction(_previous: FormState<never>, formData: FormData): Promise<FormState<never>> {
  const failed = (formError: string): FormState<never> => ({ status: "error", fieldErrors: {}, formError, values: {} });
  if (!getAuthEnv().google) return failed(GOOGLE_NOT_CONFIGURED);

  const form = formDataOf(formData);
  const next = safeNextPath(form.get("next"));
  const from = String(form.get("from"));
  const returnPage = GOOGLE_RETURN_PAGES.has(from) ? from : "/login";
  const errorCallbackURL = next === "/" ? returnPage : `${returnPage}?next=${encodeURIComponent(next)}`;
  let url: string | undefined;
  try {
    ({ url } = await getAuth().api.signInSocial({
      body: { provider: "google", callbackURL: next, errorCallbackURL },
      headers: await headers(),
    }));
  } catch (error) {
    log.error({ event: "members.google-sign-in-failed", err: error }, "Google sign-in could not start");
  }
  if (!url) return failed(FAILED_GOOGLE_SIGN_IN);
  redirect(url);
}
