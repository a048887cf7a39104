import "server-only";
import { isAPIError } from "better-auth/api";
import type { Database } from "@/db/client";
import { FormError } from "@/lib/form-state";
import type { Auth } from "@/lib/auth/auth";
import { log } from "@/lib/log";
import { safeNextPath } from "@/lib/auth/safe-next";
import type { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from "./members.schema";

export const FAILED_TO_SIGN_IN = "Failed to sign in";
export const FAILED_TO_CREATE_ACCOUNT = "Failed to create account";
export const FAILED_TO_SEND_RESET = "Failed to send password reset email";
export const CONFIRM_LINK_INVALID =
  "This confirmation link is invalid or has expired. If your account is new, create it again with the same address: we will email a new link. Otherwise sign in to get one.";
export const SIGN_IN_LINK_INVALID = "This sign-in link is invalid, was already used or has expired. Please ask for a new one.";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please request a new one.";

export interface AuthDeps {
  db: Database;
  auth: Auth;
  headers: Headers;
}

/** The provider's message when it gave one, else our fallback; anything that is not an auth error is a bug. */
function providerMessage(error: unknown, fallback: string): FormError {
  if (isAPIError(error)) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    return new FormError(typeof message === "string" && message ? message : fallback);
  }
  throw error;
}

/**
 * Creates the account, unconfirmed (ADR 0020 and its amendment): a new address gets a welcome email
 * and the confirmation link, which confirms the address and signs the member in; an address that
 * already has an account gets an email saying so, and nothing else changes. The answer is the same
 * either way ("check your email"), and nobody is signed in here: that would tell the two apart.
 * Limits: better-auth's hooks count every attempt (lib/auth/auth-limits.ts), for the forms
 * and the API alike.
 */
export async function registerMember({ auth, headers }: AuthDeps, input: Omit<RegisterInput, "name"> & { name?: string }): Promise<{ email: string }> {
  try {
    // callbackURL: where the confirmation link leads once confirmed (carried into our link by auth.ts).
    await auth.api.signUpEmail({ body: { email: input.email, password: input.password, name: (input.name ?? "").trim(), callbackURL: safeNextPath(input.next) }, headers });
  } catch (error) {
    throw providerMessage(error, FAILED_TO_CREATE_ACCOUNT);
  }
  return { email: input.email };
}

/**
 * "Email me a sign-in link": sent only when the address has an account, and answered the same way
 * whether or not it has (better-auth's magic-link plugin; the link and the limits are in auth.ts and
 * auth-limits.ts).
 */
export async function requestSignInLink({ auth, headers }: AuthDeps, input: { email: string; next?: string }): Promise<{ email: string }> {
  try {
    // callbackURL: where the link's page sends the member once signed in (carried into our link by auth.ts).
    await auth.api.signInMagicLink({ body: { email: input.email, callbackURL: safeNextPath(input.next) }, headers });
  } catch (error) {
    throw providerMessage(error, "Failed to send the sign-in link");
  }
  return { email: input.email };
}

/**
 * Signs in with an emailed sign-in link (only when the member presses Sign in: mail scanners open
 * links). The token is used up here; the lock against guessing is lifted for the account (auth.ts).
 */
export async function signInWithLink({ auth, headers }: Omit<AuthDeps, "db">, token: string): Promise<{ userId: string }> {
  try {
    const result = await auth.api.magicLinkVerify({ query: { token }, headers });
    return { userId: result.user.id };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    // A disabled account says so; every other refusal (unknown, used, expired) comes back as a redirect to ?error=.
    const body = error.body as { code?: unknown; message?: unknown } | undefined;
    if (body?.code === "BANNED_USER" && typeof body.message === "string") throw new FormError(body.message);
    throw new FormError(SIGN_IN_LINK_INVALID);
  }
}

export async function signInMember({ auth, headers }: AuthDeps, input: LoginInput): Promise<{ userId: string }> {
  try {
    const result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
    });
    return { userId: result.user.id };
  } catch (error) {
    throw providerMessage(error, FAILED_TO_SIGN_IN);
  }
}

export async function signOutMember({ auth, headers }: Omit<AuthDeps, "db">): Promise<void> {
  try {
    await auth.api.signOut({ headers });
  } catch (error) {
    // The spec: a sign-out failure is logged only. The cookie is cleared either way below.
    log.error({ event: "members.sign-out-failed", err: error }, "sign-out failed");
  }
}

/**
 * Sends the reset email when the address has an account. The answer is the same either way, so the
 * form never tells a visitor whether an address is registered.
 */
export async function requestPasswordReset({ auth, headers }: AuthDeps, input: ForgotPasswordInput): Promise<{ email: string }> {
  try {
    await auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: "/reset-password" }, headers });
  } catch (error) {
    throw providerMessage(error, FAILED_TO_SEND_RESET);
  }
  return { email: input.email };
}

/** Sets the new password; the token is used up here (and only here), and every session is revoked. */
export async function resetPassword({ auth, headers }: Omit<AuthDeps, "db">, input: ResetPasswordInput): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { newPassword: input.password, token: input.token }, headers });
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: unknown } | undefined)?.code === "INVALID_TOKEN") {
      throw new FormError(RESET_LINK_INVALID);
    }
    throw providerMessage(error, "Failed to reset password");
  }
}

/**
 * Confirms the address with the emailed token (only when the member presses Confirm) and signs the
 * member in. "already": the address was confirmed before, so no new session is made.
 */
export async function confirmEmail({ auth, headers }: Omit<AuthDeps, "db">, token: string): Promise<"signed-in" | "already"> {
  try {
    const { headers: answer } = await auth.api.verifyEmail({ query: { token }, headers, returnHeaders: true });
    // better-auth answers the same body either way; a new session cookie is the difference.
    return answer.getSetCookie().some((cookie) => cookie.includes("session_token=")) ? "signed-in" : "already";
  } catch (error) {
    if (isAPIError(error)) throw new FormError(CONFIRM_LINK_INVALID);
    throw error;
  }
}
