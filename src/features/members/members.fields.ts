/** Plain constants the browser forms need; kept apart from members.schema.ts so zod stays on the server. */
export const passwordLimits = { min: 8, max: 128 } as const;

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
