import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { getDb, type Database } from "@/db/client";
import { schema } from "@/db/schema";
import { mergeCartOnSignIn } from "@/features/cart/merge-on-sign-in";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
  isCommonPassword,
} from "@/features/members/password-policy";
import { passwordResetEmail } from "@/features/members/emails/password-reset-email";
import { offerGuestOrders } from "@/features/orders/claim-guest-orders";
import { sendEmail } from "./email/send";
import { getAuthEnv, siteUrl, type AuthEnv } from "./env";

/** Which body field holds the new password, per endpoint (sign-up, reset, change). */
const PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

const DAY = 24 * 60 * 60;

type GoogleConfig = NonNullable<AuthEnv["google"]>;

/**
 * Google itself through better-auth's built-in provider. Its endpoints are fixed, so a stand-in
 * OpenID provider (GOOGLE_DISCOVERY_URL, used by the tests) is wired as a generic OIDC provider
 * under the same id: same buttons, same callback path (/api/auth/callback/google).
 */
function googleSignIn(google: GoogleConfig | undefined) {
  if (!google) return { socialProviders: {}, plugins: [] };
  const { clientId, clientSecret, discoveryUrl } = google;
  if (!discoveryUrl) return { socialProviders: { google: { clientId, clientSecret } }, plugins: [] };
  const standIn = genericOAuth({
    config: [{ providerId: "google", clientId, clientSecret, discoveryUrl, scopes: ["openid", "email", "profile"], pkce: true }],
  });
  return { socialProviders: {}, plugins: [standIn] };
}

function createAuth(db: Database) {
  const env = getAuthEnv();
  const baseURL = siteUrl();
  const google = googleSignIn(env.google);
  return betterAuth({
    appName: "Vanguard Veterans Association",
    baseURL,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [new URL(baseURL).origin],
    database: drizzleAdapter(db, { provider: "pg", schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      // Our own link to a page with a confirm button: opening it never uses the token up (mail
      // scanners open links); only submitting the new password does.
      sendResetPassword: async ({ user, token }) => {
        const link = `${baseURL}/reset-password?token=${encodeURIComponent(token)}`;
        await sendEmail({ kind: "password-reset", to: user.email, ...passwordResetEmail(link), log: { link }, expiresAt: new Date(Date.now() + 3600 * 1000) });
      },
    },
    socialProviders: google.socialProviders,
    // Failures before the sign-in is known (a lost or forged OAuth state) land on the login page too.
    onAPIError: { errorURL: `${baseURL}/login` },
    session: {
      expiresIn: 30 * DAY,
      updateAge: 60 * 60,
    },
    rateLimit: {
      enabled: env.rateLimitEnabled,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/reset-password": { window: 60, max: 5 },
        "/change-password": { window: 60, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: baseURL.startsWith("https://"),
      ipAddress: { trustedProxies: env.trustedProxies },
    },
    // The shop's two links to accounts; both run after better-auth's own transaction commits.
    databaseHooks: {
      user: { create: { after: async (user) => void (await offerGuestOrders(db, user)) } },
      session: { create: { after: async (session, ctx) => mergeCartOnSignIn(db, session.userId, ctx?.headers?.get("cookie")) } },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = PASSWORD_FIELD[ctx.path];
        if (!field) return;
        const password: unknown = (ctx.body as Record<string, unknown> | undefined)?.[field];
        if (typeof password === "string" && isCommonPassword(password)) {
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: PASSWORD_TOO_COMMON });
        }
      }),
    },
    plugins: [...google.plugins, nextCookies()], // nextCookies must stay last
  });
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { auth?: { instance: Auth; db: Database } };

/**
 * The better-auth instance, created on first use (not at import) so `next build` never needs the
 * database or the secret. One per database handle (tests swap it per file), kept on globalThis
 * across dev reloads.
 */
export function getAuth(): Auth {
  const db = getDb();
  if (globalForAuth.auth?.db !== db) globalForAuth.auth = { instance: createAuth(db), db };
  return globalForAuth.auth.instance;
}

/** The secret better-auth signs with (the configured one, or its development default): for our own signed links. */
export async function authSecret(): Promise<string> {
  return (await getAuth().$context).secret;
}
