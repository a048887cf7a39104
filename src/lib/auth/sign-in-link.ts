/** How long an emailed sign-in link works (auth.ts gives it to better-auth's magic-link plugin). */
export const SIGN_IN_LINK_MINUTES = 15;
