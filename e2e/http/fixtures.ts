/**
 * What every HTTP-level spec imports: `test` with a `visitor` (a text browser with its own cookie jar,
 * signed out) and `signedIn` (a text browser signed in as a new account holding a role), and `expect`.
 *
 *   import { expect, test } from "./fixtures";
 *
 * No browser starts for these specs: they cost milliseconds a request (ADR 0005).
 */
import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { uniqueMemberEmail, type E2eSite } from "../member";
import type { Role } from "../staff-db";
import { createSignedInAccount, sessionCookie } from "../staff-session";
import { TextBrowser } from "./text-browser";

export { expect };

interface HttpFixtures {
  /** A signed-out visitor on the project's site. */
  visitor: TextBrowser;
  /** Another visitor with a jar of its own (on `site` when given): a second device, another person. */
  newVisitor: (site?: E2eSite) => Promise<TextBrowser>;
  /** A visitor signed in as a new confirmed account holding `role` (null: a plain member). */
  signedIn: (role: Role | null, site?: E2eSite) => Promise<{ browser: TextBrowser; email: string }>;
}

export const test = base.extend<HttpFixtures>({
  visitor: async ({ request, baseURL }, provide) => {
    await provide(new TextBrowser(request, new URL(baseURL!).origin));
  },
  newVisitor: async ({ playwright, baseURL }, provide) => {
    const contexts: APIRequestContext[] = [];
    await provide(async (site) => {
      const url = site?.url ?? baseURL!;
      const context = await playwright.request.newContext({ baseURL: url });
      contexts.push(context);
      return new TextBrowser(context, new URL(url).origin);
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
  signedIn: async ({ playwright, baseURL }, provide) => {
    const contexts: APIRequestContext[] = [];
    await provide(async (role, site) => {
      const url = site?.url ?? baseURL!;
      const email = uniqueMemberEmail(role ?? "member");
      const token = await createSignedInAccount(email, role, site?.databaseUrl);
      const cookie = sessionCookie(token, url);
      const { hostname } = new URL(url);
      const context = await playwright.request.newContext({
        baseURL: url,
        storageState: {
          cookies: [{ name: cookie.name, value: cookie.value, domain: hostname, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" }],
          origins: [],
        },
      });
      contexts.push(context);
      return { browser: new TextBrowser(context, new URL(url).origin), email };
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
});
