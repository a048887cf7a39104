import "server-only";
import { isAPIError } from "better-auth/api";
import type { Database } from "@/db/client";
import { FormError } from "@/lib/form-state";
import type { Auth } from "@/features/members/auth";
import { log } from "@/lib/log";
import { safeNextPath } from "./safe-next";
import type { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from "./members.schema";

export const FAILED_TO_SIGN_IN = "Failed to sign in";
export const FAILED_TO_CREATE_ACCOUNT = "Failed to create account";
export const FAILED_TO_SEND_RESET = "Failed to send password reset email";
export const CONFIRM_LINK_INVALID = "This confirmation link is invalid or has expired. Sign in with your e-mail and password to get a new one.";
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

export type Registered = { signedIn: true } | { signedIn: false; email: string };

/**
 * Creates the account, unconfirmed, and signs the new member in (ADR 0020): better-auth e-mails a
 * confirmation link. When the address already has an account, better-auth answers the same way and
 * tells its owner by e-mail; signing in with the password just typed then fails, and the form says
 * "check your e-mail" (the owner's mailbox has the way in).
 * Limits: better-auth's hooks count every attempt (features/members/auth-limits.ts), for the forms
 * and the API alike.
 */
export async function registerMember({ auth, headers }: AuthDeps, input: Omit<RegisterInput, "name"> & { name?: string }): Promise<Registered> {
  try {
    // callbackURL: where the confirmation link leads once confirmed (carried into our link by auth.ts).
    await auth.api.signUpEmail({ body: { email: input.email, password: input.password, name: (input.name ?? "").trim(), callbackURL: safeNextPath(input.next) }, headers });
  } catch (error) {
    throw providerMessage(error, FAILED_TO_CREATE_ACCOUNT);
  }
  try {
    await auth.api.signInEmail({ body: { email: input.email, password: input.password, rememberMe: true }, headers });
    return { signedIn: true };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return { signedIn: false, email: input.email };
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
 * Sends the reset e-mail when the address has an account. The answer is the same either way, so the
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
 * Confirms the address with the e-mailed token (only when the member presses Confirm) and signs the
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
