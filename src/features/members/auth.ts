import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import { parseCookies } from "better-auth/cookies";
import { nextCookies } from "better-auth/next-js";
import { admin } from "better-auth/plugins/admin";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { getDb, type Database } from "@/db/client";
import { accessControl, roles } from "@/lib/access-control";
import { schema } from "@/db/schema";
import { user as userTable, verification } from "@/db/schema/auth";
import { mergeCartOnSignIn } from "@/features/cart/merge-on-sign-in";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
  isCommonPassword,
} from "@/features/members/password-policy";
import {
  KNOWN_DEVICE_COOKIE,
  TooManyAttempts,
  countAddressAttempt,
  countSignInAttempt,
  forgetSignInAttempts,
  knownDeviceCookieValue,
  knownDeviceNonce,
  mayMail,
} from "@/features/members/auth-limits";
import { accountDisabledEmail } from "@/features/members/emails/account-disabled-email";
import { confirmEmailEmail, existingAccountEmail, welcomeEmail } from "@/features/members/emails/account-emails";
import { ACCOUNT_DISABLED } from "@/features/members/members.schema";
import { passwordResetEmail } from "@/features/members/emails/password-reset-email";
import { retireResetLinks } from "@/features/members/reset-links";
import { safeNextPath } from "@/features/members/safe-next";
import { claimGuestOrders, offerGuestOrders } from "@/features/orders/claim-guest-orders";
import { sendEmail } from "@/lib/email/send";
import { log } from "@/lib/log";
import { getAuthEnv, siteUrl, type AuthEnv } from "@/lib/env";

/** Which body field holds the new password, per endpoint (sign-up, reset, change). */
const PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

const DAY = 24 * 60 * 60;

const CONFIRM_LINK_SECONDS = DAY;
const RESET_LINK_SECONDS = 60 * 60;

/**
 * The admin plugin's HTTP endpoints stay closed: staff change roles and accounts through the staff
 * area's own actions, which check the permission and write the audit log.
 */
const ADMIN_ENDPOINTS = ["set-role", "get-user", "create-user", "update-user", "list-users", "list-user-sessions", "unban-user", "ban-user", "impersonate-user", "stop-impersonating", "revoke-user-session", "revoke-user-sessions", "remove-user", "set-user-password", "has-permission"].map((name) => `/admin/${name}`);

/** The endpoints whose attempts we count ourselves (see features/members/auth-limits.ts). */
const COUNTED = new Set(["/sign-in/email", "/sign-up/email", "/request-password-reset"]);

/** NUL and the other control characters (tab and line breaks aside) that no account field may hold. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function holdsControlCharacter(value: unknown): boolean {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value);
  if (Array.isArray(value)) return value.some(holdsControlCharacter);
  if (value && typeof value === "object") return Object.values(value).some(holdsControlCharacter);
  return false;
}

/** Whether a reset token (still stored) belongs to a disabled account: its reset is refused. */
async function resetsDisabledAccount(db: Database, token: unknown): Promise<boolean> {
  if (typeof token !== "string" || token === "") return false;
  const [row] = await db
    .select({ banned: userTable.banned })
    .from(verification)
    .innerJoin(userTable, eq(userTable.id, verification.value))
    .where(eq(verification.identifier, `reset-password:${token}`));
  return row?.banned === true;
}

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

/** Every new account, whatever the way in (form or Google), gets one welcome e-mail. */
async function welcomeMember(user: { email: string; name: string; emailVerified: boolean }): Promise<void> {
  try {
    await sendEmail({ kind: "welcome", to: user.email, ...welcomeEmail(user.name, siteUrl(), user.emailVerified) });
  } catch (error) {
    log.error({ event: "members.welcome-failed", err: error }, "welcome e-mail not queued");
  }
}

function createAuth(db: Database) {
  const env = getAuthEnv();
  const baseURL = siteUrl();
  const google = googleSignIn(env.google);
  return betterAuth({
    appName: "Vanguard Veterans Association",
    baseURL,
    basePath: "/api/auth",
    secret: env.secret,
    trustedOrigins: [new URL(baseURL).origin],
    disabledPaths: ADMIN_ENDPOINTS,
    database: drizzleAdapter(db, { provider: "pg", schema, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Members sign in before their address is confirmed (ADR 0020): browsing and buying do not wait;
      // what trusts the address (guest orders, gifts, statements) waits for the confirmation link.
      // autoSignIn off keeps better-auth's answer to a sign-up the same whether or not the address
      // already has an account (its owner is told by e-mail); registerMember then signs the new member in.
      requireEmailVerification: false,
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        if (!(await mayMail(db, "account-notice", user.email))) return;
        await sendEmail({ kind: "existing-account", to: user.email, ...existingAccountEmail(`${baseURL}/login`, `${baseURL}/forgot-password`) });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // Our own link to a page with a confirm button: opening it never uses the token up (mail
      // scanners open links); only submitting the new password does.
      sendResetPassword: async ({ user, token }) => {
        if (!(await mayMail(db, "password-reset", user.email))) {
          log.warn({ kind: "password-reset" }, "reset e-mail not sent: too many for this mailbox in the last hour");
          return;
        }
        // A disabled account gets no working link; its owner (only) is told why, so the form's answer stays the same.
        if ((user as { banned?: boolean | null }).banned) {
          await sendEmail({ kind: "account-disabled", to: user.email, ...accountDisabledEmail() });
          return;
        }
        const link = `${baseURL}/reset-password?token=${encodeURIComponent(token)}`;
        await sendEmail({ kind: "password-reset", to: user.email, ...passwordResetEmail(link), log: { link }, expiresAt: new Date(Date.now() + RESET_LINK_SECONDS * 1000) });
      },
      // A used link retires every other link still out for this member (an older e-mail, a forwarded one).
      onPasswordReset: async ({ user }) => {
        await retireResetLinks(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRM_LINK_SECONDS,
      // The confirmation proves the mailbox: guest orders placed with the address join the account.
      afterEmailVerification: async (user) => void (await claimGuestOrders(db, user)),
      // Our own page with a Confirm button: opening the link (a mail scanner does) changes nothing.
      sendVerificationEmail: async ({ user, token, url }) => {
        if (!(await mayMail(db, "account-notice", user.email))) return;
        const next = safeNextPath(new URL(url).searchParams.get("callbackURL"));
        const link = `${baseURL}/confirm-email?token=${encodeURIComponent(token)}${next === "/" ? "" : `&next=${encodeURIComponent(next)}`}`;
        await sendEmail({
          kind: "confirm-email",
          to: user.email,
          ...confirmEmailEmail(link),
          log: { link },
          expiresAt: new Date(Date.now() + CONFIRM_LINK_SECONDS * 1000),
        });
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
      max: 100 * env.addressLimitFactor,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 * env.addressLimitFactor },
        "/sign-up/email": { window: 60, max: 5 * env.addressLimitFactor },
        "/request-password-reset": { window: 60, max: 3 * env.addressLimitFactor },
        "/reset-password": { window: 60, max: 5 * env.addressLimitFactor },
        "/change-password": { window: 60, max: 5 * env.addressLimitFactor },
      },
    },
    advanced: {
      useSecureCookies: baseURL.startsWith("https://"),
      // The HTTP front (src/server/front.ts) replaces X-Forwarded-For with the one client address it
      // took from the socket (or from trusted proxies), so there is nothing left here to trust.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"], trustedProxies: [] },
    },
    // The shop's two links to accounts; both run after better-auth's own transaction commits.
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await welcomeMember(user);
            await offerGuestOrders(db, user);
          },
        },
      },
      session: { create: { after: async (session, ctx) => mergeCartOnSignIn(db, session.userId, ctx?.headers?.get("cookie")) } },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        // PostgreSQL cannot store a NUL: refuse it here with a 400 instead of failing with a 500.
        if (holdsControlCharacter(body) || holdsControlCharacter(ctx.query)) {
          throw new APIError("BAD_REQUEST", { code: "INVALID_CHARACTERS", message: "The request contains characters we can't accept." });
        }
        if (ctx.path === "/reset-password" && (await resetsDisabledAccount(db, body?.token ?? ctx.query?.token))) {
          throw new APIError("FORBIDDEN", { code: "BANNED_USER", message: ACCOUNT_DISABLED });
        }
        if (COUNTED.has(ctx.path) && ctx.headers) {
          const headers = ctx.headers;
          const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
          try {
            if (ctx.path === "/sign-in/email") {
              const device = knownDeviceNonce(ctx.context.secret, email, parseCookies(headers.get("cookie") ?? "").get(KNOWN_DEVICE_COOKIE));
              await countSignInAttempt({ db, headers, email, addressFactor: env.addressLimitFactor }, device);
            } else await countAddressAttempt({ db, headers, addressFactor: env.addressLimitFactor }, ctx.path === "/sign-up/email" ? "sign-up" : "password-reset");
          } catch (error) {
            if (!(error instanceof TooManyAttempts)) throw error;
            throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_ATTEMPTS", message: error.message }, { "Retry-After": String(error.retryAfterSeconds) });
          }
        }
        const field = PASSWORD_FIELD[ctx.path];
        if (!field) return;
        const password: unknown = body?.[field];
        if (typeof password === "string" && isCommonPassword(password)) {
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: PASSWORD_TOO_COMMON });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email" || !ctx.context.newSession || !ctx.headers) return;
        const email = ctx.context.newSession.user.email.toLowerCase();
        await forgetSignInAttempts({ db, headers: ctx.headers, email });
        ctx.setCookie(KNOWN_DEVICE_COOKIE, knownDeviceCookieValue(ctx.context.secret, email), {
          httpOnly: true,
          sameSite: "lax",
          secure: baseURL.startsWith("https://"),
          path: "/",
          maxAge: 365 * DAY,
        });
      }),
    },
    plugins: [
      ...google.plugins,
      // Roles (user, door, staff, admin: lib/access-control.ts) and disabled accounts (ADR 0016).
      admin({ ac: accessControl, roles, defaultRole: "user", adminRoles: ["admin"], bannedUserMessage: ACCOUNT_DISABLED }),
      nextCookies(), // must stay last
    ],
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
