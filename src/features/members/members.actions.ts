"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { formAction } from "@/lib/action";
import { withoutPasswords, type FormState } from "@/lib/form-state";
import { getAuth } from "@/lib/auth/auth";
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
  signInLinkRequestSchema,
  signInLinkSchema,
} from "./members.schema";
import {
  confirmEmail,
  registerMember,
  requestPasswordReset,
  requestSignInLink,
  resetPassword,
  signInMember,
  signInWithLink,
  signOutMember,
} from "./members.service";
import { NEW_ACCOUNT_LANDING, safeNextPath } from "@/lib/auth/safe-next";
import { getCurrentMember } from "@/lib/auth/session";
import { formDataOf } from "@/lib/form-data";

export type SignedIn = { redirectTo: string };

async function deps() {
  return { db: getDb(), auth: getAuth(), headers: await headers() };
}

/** The same answer for a new address and for one that already has an account: "check your email" (ADR 0020, amendment). */
export async function registerAction(previous: FormState<CheckEmail>, formData: FormData): Promise<FormState<CheckEmail>> {
  return withoutPasswords(await register(previous, formData));
}

const register = formAction(registerSchema, async (input): Promise<CheckEmail> => registerMember(await deps(), input));

const signIn = formAction(loginSchema, async (input): Promise<SignedIn> => {
  await signInMember(await deps(), input);
  return { redirectTo: safeNextPath(input.next) };
});

export const forgotPasswordAction = formAction(forgotPasswordSchema, async (input) => requestPasswordReset(await deps(), input));

const reset = formAction(resetPasswordSchema, async (input) => {
  await resetPassword({ auth: getAuth(), headers: await headers() }, input);
  return { redirectTo: "/login?reset=1" };
});

export type CheckEmail = { email: string };

/** "Email me a sign-in link": the same answer whether or not the address has an account. */
export const requestSignInLinkAction = formAction(signInLinkRequestSchema, async (input): Promise<CheckEmail> => requestSignInLink(await deps(), input));

const signInWithLinkForm = formAction(signInLinkSchema, async (input): Promise<SignedIn> => {
  await signInWithLink({ auth: getAuth(), headers: await headers() }, input.token);
  return { redirectTo: safeNextPath(input.next) };
});

export async function signInWithLinkAction(previous: FormState<SignedIn>, formData: FormData): Promise<FormState<SignedIn>> {
  const state = await signInWithLinkForm(previous, formData);
  if (state.status === "success") redirect(state.data.redirectTo);
  return state;
}

/** Confirmed: a member now signed in (by this link, or already) lands where they were going, or is welcomed on the profile. */
const confirm = formAction(confirmEmailSchema, async (input) => {
  const outcome = await confirmEmail({ auth: getAuth(), headers: await headers() }, input.token);
  const signedIn = outcome === "signed-in" || (await getCurrentMember()) !== null;
  return { redirectTo: signedIn ? safeNextPath(input.next, NEW_ACCOUNT_LANDING) : "/login?confirmed=1" };
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
      // A new account made through Google is welcomed on the profile when no page asked for it.
      body: { provider: "google", callbackURL: next, newUserCallbackURL: next === "/" ? NEW_ACCOUNT_LANDING : next, errorCallbackURL },
      headers: await headers(),
    }));
  } catch (error) {
    log.error({ event: "members.google-sign-in-failed", err: error }, "Google sign-in could not start");
  }
  if (!url) return failed(FAILED_GOOGLE_SIGN_IN);
  redirect(url);
}
