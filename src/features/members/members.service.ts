import "server-only";
import { isAPIError } from "better-auth/api";
import type { Database } from "@/db/client";
import { FormError } from "@/lib/action";
import type { Auth } from "@/lib/auth";
import type { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from "./members.schema";
import { clearRateLimit, clientIp, hitRateLimit, type RateLimitRule } from "./rate-limit";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
export const FAILED_TO_SIGN_IN = "Failed to sign in";
export const FAILED_TO_CREATE_ACCOUNT = "Failed to create account";
export const FAILED_TO_SEND_RESET = "Failed to send password reset email";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please request a new one.";

/**
 * Limits for the server-action forms. better-auth's own limiter only guards HTTP calls to /api/auth/*;
 * `auth.api.*` calls from server actions skip it (better-auth issue #1410), so the actions count here.
 */
export const actionRateLimits = {
  /** Wrong passwords for one account from one address. */
  signIn: { window: 60, max: 5 },
  /**
   * Wrong passwords for one account from anywhere. The client address comes from X-Forwarded-For,
   * which a client can forge when no proxy in front rewrites it; this cap holds regardless.
   */
  signInAccount: { window: 900, max: 30 },
  /** New accounts from one address (generous: a household or an office shares one address). */
  signUp: { window: 600, max: 30 },
  /** Reset e-mails requested from one address. */
  passwordReset: { window: 600, max: 5 },
} as const satisfies Record<string, RateLimitRule>;

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

export async function registerMember({ db, auth, headers }: AuthDeps, input: RegisterInput): Promise<{ userId: string }> {
  const limit = await hitRateLimit(db, `sign-up:${clientIp(headers)}`, actionRateLimits.signUp);
  if (!limit.allowed) throw new FormError(TOO_MANY_ATTEMPTS);
  try {
    // better-auth requires a name; members fill in first and last name on their profile later.
    const result = await auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: "" },
      headers,
    });
    return { userId: result.user.id };
  } catch (error) {
    throw providerMessage(error, FAILED_TO_CREATE_ACCOUNT);
  }
}

export async function signInMember({ db, auth, headers }: AuthDeps, input: LoginInput): Promise<{ userId: string }> {
  const key = `sign-in:${clientIp(headers)}:${input.email}`;
  const accountKey = `sign-in-account:${input.email}`;
  const [limit, accountLimit] = await Promise.all([
    hitRateLimit(db, key, actionRateLimits.signIn),
    hitRateLimit(db, accountKey, actionRateLimits.signInAccount),
  ]);
  if (!limit.allowed || !accountLimit.allowed) throw new FormError(TOO_MANY_ATTEMPTS);
  try {
    const result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
    });
    await Promise.all([clearRateLimit(db, key), clearRateLimit(db, accountKey)]);
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
    console.error("Sign-out failed:", error);
  }
}

/**
 * Sends the reset e-mail when the address has an account. The answer is the same either way, so the
 * form never tells a visitor whether an address is registered.
 */
export async function requestPasswordReset({ db, auth, headers }: AuthDeps, input: ForgotPasswordInput): Promise<{ email: string }> {
  const limit = await hitRateLimit(db, `password-reset:${clientIp(headers)}`, actionRateLimits.passwordReset);
  if (!limit.allowed) throw new FormError(TOO_MANY_ATTEMPTS);
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
