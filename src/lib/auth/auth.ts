import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, createEmailVerificationToken, isAPIError } from "better-auth/api";
import { parseCookies } from "better-auth/cookies";
import { nextCookies } from "better-auth/next-js";
import { admin } from "better-auth/plugins/admin";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import { getDb, type Database } from "@/db/client";
import { accessControl, roles } from "@/lib/access-control";
import { schema } from "@/db/schema";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
  isCommonPassword,
} from "@/lib/auth/password-policy";
import {
  KNOWN_DEVICE_COOKIE,
  TooManyAttempts,
  countAddressAttempt,
  countSignInAttempt,
  forgetSignInAttempts,
  liftAccountLock,
  knownDeviceCookieValue,
  knownDeviceNonce,
} from "@/lib/auth/auth-limits";
import { mayMail } from "@/lib/email/mailbox-limits";
import { accountDisabledEmail } from "@/lib/auth/emails/account-disabled-email";
import { confirmEmailEmail, existingAccountEmail, signInLinkEmail, welcomeEmail } from "@/lib/auth/emails/account-emails";
import { ACCOUNT_DISABLED } from "@/lib/auth/auth-fields";
import { passwordResetEmail } from "@/lib/auth/emails/password-reset-email";
import { accountByAddress, resetsDisabledAccount, retireResetLinks, stopWaitingForConfirmation, waitsForConfirmation } from "@/lib/auth/accounts.service";
import { safeNextPath } from "@/lib/auth/safe-next";
import { SIGN_IN_LINK_MINUTES } from "@/lib/auth/sign-in-link";
import { runAccountHooks } from "@/lib/auth/account-hooks";
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

/** better-auth's own answer to a wrong password, word for word: a never-confirmed sign-up gets exactly this. */
const INVALID_EMAIL_OR_PASSWORD = { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" } as const;

/**
 * The admin plugin's HTTP endpoints stay closed: staff change roles and accounts through the staff
 * area's own actions, which check the permission and write the audit log.
 */
const ADMIN_ENDPOINTS = ["set-role", "get-user", "create-user", "update-user", "list-users", "list-user-sessions", "unban-user", "ban-user", "impersonate-user", "stop-impersonating", "revoke-user-session", "revoke-user-sessions", "remove-user", "set-user-password", "has-permission"].map((name) => `/admin/${name}`);

/** The endpoints whose attempts we count ourselves (see lib/auth/auth-limits.ts). */
const COUNTED = new Set(["/sign-in/email", "/sign-up/email", "/request-password-reset", "/sign-in/magic-link"]);
const COUNTED_BY_ADDRESS = { "/sign-up/email": "sign-up", "/request-password-reset": "password-reset", "/sign-in/magic-link": "sign-in-link" } as const;

/** Sessions a proof of the mailbox makes (the confirmation link, a sign-in link): they lift the lock and the sign-up's wait. */
const MAILBOX_PROOF_PATHS = new Set(["/verify-email", "/magic-link/verify"]);

/** NUL and the other control characters (tab and line breaks aside) that no account field may hold. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function holdsControlCharacter(value: unknown): boolean {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value);
  if (Array.isArray(value)) return value.some(holdsControlCharacter);
  if (value && typeof value === "object") return Object.values(value).some(holdsControlCharacter);
  return false;
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

/** Every new account, whatever the way in (form or Google), gets one welcome email. */
async function welcomeMember(user: { email: string; name: string; emailVerified: boolean }): Promise<void> {
  try {
    await sendEmail({ kind: "welcome", to: user.email, ...welcomeEmail(user.name, siteUrl(), user.emailVerified) });
  } catch (error) {
    log.error({ event: "members.welcome-failed", err: error }, "welcome email not queued");
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
      // A sign-up answers the same whether or not the address already has an account (ADR 0020,
      // amendment): autoSignIn off makes better-auth answer a taken address like a new one, hashing the
      // password all the same; the after-hook below makes the bodies identical; the owner is told by
      // email. A new account signs in through its confirmation link (confirmBeforeSignIn keeps its
      // password out until then), so signing in right after signing up cannot tell either.
      // requireEmailVerification stays off: accounts made before this rule sign in unconfirmed, as before.
      requireEmailVerification: false,
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        if (!(await mayMail(db, "existing-account", user.email))) return;
        const links = { signIn: `${baseURL}/login`, reset: `${baseURL}/forgot-password` };
        // A sign-up never confirmed: its password does not sign in yet, so the way in is a new confirmation link.
        const unconfirmed = (user as { confirmBeforeSignIn?: boolean }).confirmBeforeSignIn === true && !user.emailVerified;
        if (!unconfirmed) {
          await sendEmail({ kind: "existing-account", to: user.email, ...existingAccountEmail(links) });
          return;
        }
        const token = await createEmailVerificationToken(env.secret, user.email, undefined, CONFIRM_LINK_SECONDS, { userId: user.id });
        const confirm = `${baseURL}/confirm-email?token=${encodeURIComponent(token)}`;
        await sendEmail({
          kind: "existing-account",
          to: user.email,
          ...existingAccountEmail({ ...links, confirm }),
          log: { link: confirm },
          expiresAt: new Date(Date.now() + CONFIRM_LINK_SECONDS * 1000),
        });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // Our own link to a page with a confirm button: opening it never uses the token up (mail
      // scanners open links); only submitting the new password does.
      sendResetPassword: async ({ user, token }) => {
        if (!(await mayMail(db, "password-reset", user.email))) {
          log.warn({ kind: "password-reset" }, "reset email not sent: too many for this mailbox in the last hour");
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
      // A used link retires every other link still out for this member (an older email, a forwarded one).
      // The reset link proved the mailbox, so a never-confirmed sign-up's new password signs in.
      onPasswordReset: async ({ user }) => {
        await retireResetLinks(db, user.id);
        await stopWaitingForConfirmation(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRM_LINK_SECONDS,
      // The confirmation proves the mailbox: the features that wait for it (guest orders) run now.
      afterEmailVerification: async (user) => runAccountHooks("mailboxProved", db, user),
      // Our own page with a Confirm button: opening the link (a mail scanner does) changes nothing.
      sendVerificationEmail: async ({ user, token, url }) => {
        if (!(await mayMail(db, "confirm-email", user.email))) return;
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
    user: {
      additionalFields: {
        // Set by the user.create hook below for sign-ups only; never taken from a request, never returned.
        confirmBeforeSignIn: { type: "boolean", required: false, defaultValue: false, input: false, returned: false },
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
        "/sign-in/magic-link": { window: 60, max: 3 * env.addressLimitFactor },
      },
    },
    advanced: {
      useSecureCookies: baseURL.startsWith("https://"),
      // The HTTP front (src/server/front.ts) replaces X-Forwarded-For with the one client address it
      // took from the socket (or from trusted proxies), so there is nothing left here to trust.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"], trustedProxies: [] },
    },
    // Other features' account hooks (account-hooks.ts) run after better-auth's own transaction commits.
    databaseHooks: {
      user: {
        create: {
          // In the same INSERT as the account: no moment exists when a new sign-up's password signs in.
          before: async (user, ctx) => (ctx?.path === "/sign-up/email" ? { data: { ...user, confirmBeforeSignIn: true } } : undefined),
          after: async (user) => {
            await welcomeMember(user);
            // A sign-up's hooks wait for its confirmation (afterEmailVerification): its password cannot sign in before.
            if (!(user as { confirmBeforeSignIn?: boolean }).confirmBeforeSignIn) await runAccountHooks("accountCreated", db, user);
          },
        },
        update: {
          // Any proof of the mailbox (the confirmation link, a sign-in link) lets a sign-up's password sign in from then on.
          before: async (data) => (data.emailVerified === true ? { data: { ...data, confirmBeforeSignIn: false } } : undefined),
        },
      },
      session: {
        create: {
          // A sign-up whose address is not confirmed yet: the right password gets the same answer as a wrong one.
          before: async (session, ctx) => {
            if (ctx?.path !== "/sign-in/email") return;
            if (await waitsForConfirmation(db, session.userId)) throw APIError.from("UNAUTHORIZED", INVALID_EMAIL_OR_PASSWORD);
          },
          after: async (session, ctx) => runAccountHooks("sessionStarted", db, session.userId, ctx?.headers?.get("cookie")),
        },
      },
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
            } else await countAddressAttempt({ db, headers, addressFactor: env.addressLimitFactor }, COUNTED_BY_ADDRESS[ctx.path as keyof typeof COUNTED_BY_ADDRESS]);
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
        // One answer to every sign-up, new address or taken (better-auth's synthetic user for a taken
        // one lacks the fields plugins add, e.g. the admin plugin's role): the same bytes either way.
        if (ctx.path === "/sign-up/email") {
          if (isAPIError(ctx.context.returned)) return;
          return ctx.json({ status: true });
        }
        const proof = MAILBOX_PROOF_PATHS.has(ctx.path);
        if ((ctx.path !== "/sign-in/email" && !proof) || !ctx.context.newSession || !ctx.headers) return;
        const email = ctx.context.newSession.user.email.toLowerCase();
        await forgetSignInAttempts({ db, headers: ctx.headers, email });
        // The owner proved the mailbox: guesses made from elsewhere no longer keep them out of new browsers.
        if (proof) await liftAccountLock(db, email);
        // A sign-in link promotes an unconfirmed account to confirmed without afterEmailVerification: its hooks run here.
        if (ctx.path === "/magic-link/verify" && ctx.context.newSession.user.emailVerified) await runAccountHooks("mailboxProved", db, ctx.context.newSession.user);
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
      // "Email me a sign-in link" (sign-in-link.ts): a way in that guessing passwords
      // cannot block. Tokens are stored hashed, used once, 15 minutes; only existing accounts get one.
      magicLink({
        storeToken: "hashed",
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        disableSignUp: true,
        sendMagicLink: async ({ email, token, url }) => {
          const address = email.trim().toLowerCase();
          const member = await accountByAddress(db, address);
          if (!member || !(await mayMail(db, "sign-in-link", address))) return;
          if (member.banned) {
            await sendEmail({ kind: "account-disabled", to: address, ...accountDisabledEmail() });
            return;
          }
          const next = safeNextPath(new URL(url).searchParams.get("callbackURL"));
          const link = `${baseURL}/sign-in-link?token=${encodeURIComponent(token)}${next === "/" ? "" : `&next=${encodeURIComponent(next)}`}`;
          await sendEmail({ kind: "sign-in-link", to: address, ...signInLinkEmail(link, SIGN_IN_LINK_MINUTES, member.emailVerified), log: { link }, expiresAt: new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60 * 1000) });
        },
      }),
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
