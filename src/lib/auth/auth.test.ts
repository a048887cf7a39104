/**
 * How Google sign-in is wired for each configuration. The stand-in path is covered end to end by the
 * browser tests; here: Google's own endpoints in production, and no provider without credentials.
 * Each case loads the modules afresh, since the environment is read once per process.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { user as userTable, verification } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";

async function freshAuth() {
  vi.resetModules();
  delete (globalThis as { auth?: unknown }).auth;
  return (await import("./auth")).getAuth();
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  delete (globalThis as { auth?: unknown }).auth;
});

describe("Google sign-in configuration", () => {
  it("sends the browser to Google itself, with our callback, when credentials are set", async () => {
    vi.stubEnv("SITE_URL", "https://vanguard.test");
    vi.stubEnv("GOOGLE_CLIENT_ID", "site-client.apps.googleusercontent.com");
    vi.stubEnv("GOOGLE_CLIENT_SECRET", "site-client-secret");
    vi.stubEnv("GOOGLE_DISCOVERY_URL", undefined);

    const { url } = await (await freshAuth()).api.signInSocial({ body: { provider: "google", callbackURL: "/profile" } });

    const authorize = new URL(url ?? "");
    expect(`${authorize.origin}${authorize.pathname}`).toMatch(/^https:\/\/accounts\.google\.com\//);
    expect(authorize.searchParams.get("client_id")).toBe("site-client.apps.googleusercontent.com");
    expect(authorize.searchParams.get("redirect_uri")).toBe("https://vanguard.test/api/auth/callback/google");
    expect(authorize.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(authorize.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("has no Google provider without credentials", async () => {
    vi.stubEnv("GOOGLE_CLIENT_ID", undefined);
    vi.stubEnv("GOOGLE_CLIENT_SECRET", undefined);

    const auth = await freshAuth();
    await expect(auth.api.signInSocial({ body: { provider: "google", callbackURL: "/" } })).rejects.toMatchObject({
      statusCode: 404,
      body: { code: "PROVIDER_NOT_FOUND", message: "Provider not found" },
    });
  });
});

describe("password reset email", () => {
  it("lapses with its link: the outbox row expires when the reset token does", async () => {
    const auth = await freshAuth();
    const email = `reset-lifetime-${randomUUID()}@example.com`;
    await auth.api.signUpEmail({ body: { email, password: "a sufficiently long password 42", name: "Reset Tester" } });

    await auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });

    const [mail] = await getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "password-reset"), eq(emailOutbox.toAddress, email)));
    const token = new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]).searchParams.get("token");
    const stored = await getDb().select().from(verification).where(eq(verification.identifier, `reset-password:${token}`));
    expect(stored).toHaveLength(1);
    const [user] = await getDb().select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email));
    expect(stored[0]!.value).toBe(user!.id);
    expect(mail!.expiresAt).toBeInstanceOf(Date);
    // Stamped a moment apart (the token, then the outbox row), from the same one-hour lifetime.
    expect(Math.abs(mail!.expiresAt!.getTime() - stored[0]!.expiresAt.getTime())).toBeLessThan(5_000);
  });
});
