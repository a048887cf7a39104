/** Plain constants the browser forms need; kept apart from members.schema.ts so zod stays on the server. */
export const passwordLimits = { min: 8, max: 128 } as const;

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/** How every "too many attempts" answer starts (auth-limits.ts): the sign-in form then offers a sign-in link. */
export const TOO_MANY_ATTEMPTS_PREFIX = "Too many attempts.";
