/**
 * Signs a new member up through the real better-auth endpoint and confirms the emailed link, as the
 * member would; the confirmation's session cookie lands in the page's browser context, so the page is
 * signed in afterwards. `confirm: false` leaves the account unconfirmed (and the page signed out: a new
 * sign-up's password signs in only after the confirmation, ADR 0020's amendment).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForEmail } from "./outbox";
import { query } from "./staff-db";

export const MEMBER_PASSWORD = "steady ruck march 0600";

export function uniqueMemberEmail(label = "member"): string {
  return `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Another e2e site than the project's, for a spec whose `test.use({ baseURL })` points there: its origin and database. */
export interface E2eSite {
  url: string;
  databaseUrl: string;
}

/** `client`: a browser page (its context gets the session cookie) or an HTTP client's request context (its jar does). */
export async function signUpMember(
  client: Page | APIRequestContext,
  {
    email = uniqueMemberEmail(),
    password = MEMBER_PASSWORD,
    confirm = true,
    site,
  }: { email?: string; password?: string; confirm?: boolean; site?: E2eSite } = {},
): Promise<{ email: string; password: string }> {
  const baseURL = site?.url ?? test.info().project.use.baseURL;
  if (!baseURL) throw new Error("signUpMember needs use.baseURL in the Playwright config");
  const request = "request" in client ? client.request : client;
  const response = await request.post("/api/auth/sign-up/email", {
    data: { email, password, name: "" },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  if (confirm) {
    const token = confirmationToken((await waitForEmail(email, "confirm-email", site?.databaseUrl)).textBody);
    const confirmed = await request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return { email, password };
}

/** The token in a confirmation email's link. */
export function confirmationToken(text: string): string {
  const match = /\/confirm-email\?token=([^&\s]+)/.exec(text);
  expect(match, "the email holds a confirmation link").not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/**
 * An unconfirmed member signed in with the password, as accounts made before issue 28 still do: signed
 * up through the API, left as the migration left such accounts (`confirm_before_sign_in` false, the
 * address unconfirmed), then signed in with the password through the API.
 */
export async function signUpOlderUnconfirmedMember(
  client: Page | APIRequestContext,
  { email = uniqueMemberEmail("older"), password = MEMBER_PASSWORD, site }: { email?: string; password?: string; site?: E2eSite } = {},
): Promise<{ email: string; password: string }> {
  await signUpMember(client, { email, password, confirm: false, site });
  await query(`update "user" set confirm_before_sign_in = false where email = $1 and not email_verified`, [email], site?.databaseUrl);
  const baseURL = site?.url ?? test.info().project.use.baseURL!;
  const request = "request" in client ? client.request : client;
  const signedIn = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers: { Origin: new URL(baseURL).origin } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { email, password };
}
