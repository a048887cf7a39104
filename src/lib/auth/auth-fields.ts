/** Identity's plain constants, which the browser forms need too (no zod here: it stays on the server). */
export const passwordLimits = { min: 8, max: 128 } as const;

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/** How every "too many attempts" answer starts (auth-limits.ts): the sign-in form then offers a sign-in link. */
export const TOO_MANY_ATTEMPTS_PREFIX = "Too many attempts.";

/** A disabled account (better-auth's admin plugin: "banned") trying to sign in or reset its password. */
export const ACCOUNT_DISABLED = "This account has been disabled. Please contact the association if you think this is a mistake.";
