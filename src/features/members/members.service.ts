import "server-only";
import { isAPIError } from "better-auth/api";
import type { Database } from "@/db/client";
import { FormError } from "@/lib/action";
import type { Auth } from "@/lib/auth";
import type { LoginInput, RegisterInput } from "./members.schema";
import { clearRateLimit, clientIp, hitRateLimit, type RateLimitRule } from "./rate-limit";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
export const FAILED_TO_SIGN_IN = "Failed to sign in";
export const FAILED_TO_CREATE_ACCOUNT = "Failed to create account";

/**
 * Limits for the server-action forms. better-auth's own limiter only guards HTTP calls to /api/auth/*;
 * `auth.api.*` calls from server actions skip it (better-auth issue #1410), so the actions count here.
 */
export const actionRateLimits = {
  /** Wrong passwords for one account from one address. */
  signIn: { window: 60, max: 5 },
  /** New accounts from one address (generous: a household or an office shares one address). */
  signUp: { window: 600, max: 30 },
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
  const limit = await hitRateLimit(db, key, actionRateLimits.signIn);
  if (!limit.allowed) throw new FormError(TOO_MANY_ATTEMPTS);
  try {
    const result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
    });
    await clearRateLimit(db, key);
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
