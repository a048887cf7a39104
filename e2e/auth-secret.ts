/**
 * The secret every e2e site signs its session cookies with (set in playwright.config.ts), so a
 * fixture can create a session straight in the database and hand the browser its signed cookie.
 * A test value only: a real site generates its own or reads BETTER_AUTH_SECRET.
 */
export const E2E_AUTH_SECRET = "e2e-only-session-secret-never-used-outside-tests";
