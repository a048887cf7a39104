import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "@/db/client";
import { clearRateLimit, clientIp, hitRateLimit, type RateLimitResult, type RateLimitRule } from "@/lib/rate-limit.service";

/**
 * The limits on account endpoints. They run inside better-auth's hooks, so the forms (server actions
 * calling auth.api.*) and direct HTTP calls to /api/auth/* count against the same buckets.
 *
 * Address-keyed limits use the client address the HTTP front took from the socket; the factor
 * (AUTH_ADDRESS_LIMIT_FACTOR) exists for test servers whose every client shares one address.
 */
export const authLimits = {
  /** Wrong passwords for one account from one address: a short pause, never a lock-out. */
  signInAccountAddress: { window: 60, max: 5 },
  /** Attempts on one account from browsers it never signed in on (distributed guessing). */
  signInAccount: { window: 900, max: 30 },
  /** New accounts from one address (a household or an office shares one). */
  signUpAddress: { window: 600, max: 30 },
  /** Reset requests from one address. */
  passwordResetAddress: { window: 600, max: 5 },
  /** Sign-in link requests from one address (the link is the way past signInAccount: ADR 0020, amendment). */
  signInLinkAddress: { window: 600, max: 5 },
  // Limits per mailbox (reset and sign-in links, account notices) are the email kinds' own: lib/email/kinds.ts, mailbox-limits.ts.
} as const satisfies Record<string, RateLimitRule>;

export class TooManyAttempts extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(tooManyAttemptsMessage(retryAfterSeconds));
  }
}

/** "Too many attempts. Please wait 40 seconds and try again." — the real wait, rounded up. */
export function tooManyAttemptsMessage(seconds: number): string {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;
  return `Too many attempts. Please wait ${wait} and try again, or reset your password.`;
}

function scaled(rule: RateLimitRule, factor: number): RateLimitRule {
  return { window: rule.window, max: rule.max * factor };
}

function blockedFor(results: RateLimitResult[]): number | undefined {
  const waits = results.flatMap((r) => (r.allowed ? [] : [r.retryAfterSeconds]));
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

export const KNOWN_DEVICE_COOKIE = "vva_known_device";

function deviceSignature(secret: string, email: string, nonce: string): string {
  return createHmac("sha256", secret).update(`known-device:${email}:${nonce}`).digest("base64url");
}

/** A cookie value that proves this browser has signed in to `email` before. */
export function knownDeviceCookieValue(secret: string, email: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${deviceSignature(secret, email, nonce)}`;
}

/** The device's nonce when the cookie proves an earlier sign-in to `email`, else undefined. */
export function knownDeviceNonce(secret: string, email: string, cookieValue: string | undefined): string | undefined {
  const [nonce, signature] = (cookieValue ?? "").split(".");
  if (!nonce || !signature || nonce.length > 64) return undefined;
  const expected = Buffer.from(deviceSignature(secret, email, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
}

export interface AttemptContext {
  db: Database;
  headers: Headers;
  email: string;
  addressFactor: number;
}

const accountAddressKey = (headers: Headers, email: string) => `sign-in:${clientIp(headers)}:${email}`;

/**
 * Counts one sign-in attempt and throws TooManyAttempts when a limit is reached. A browser that has
 * signed in to this account before (knownDevice) is kept out of the account-wide bucket, so someone
 * guessing from many addresses slows themselves down without locking the owner out.
 */
export async function countSignInAttempt({ db, headers, email }: AttemptContext, knownDevice: string | undefined): Promise<void> {
  const results = await Promise.all([
    hitRateLimit(db, accountAddressKey(headers, email), authLimits.signInAccountAddress),
    knownDevice
      ? hitRateLimit(db, `sign-in-device:${knownDevice}:${email}`, authLimits.signInAccountAddress)
      : hitRateLimit(db, accountKey(email), authLimits.signInAccount),
  ]);
  const wait = blockedFor(results);
  if (wait !== undefined) throw new TooManyAttempts(wait);
}

const accountKey = (email: string) => `sign-in-account:${email}`;

/**
 * After a sign-in that proved the mailbox (a sign-in link, the confirmation link): the account-wide
 * count of guesses from unknown browsers starts again, so its owner's next new browser is not kept out.
 */
export async function liftAccountLock(db: Database, email: string): Promise<void> {
  await clearRateLimit(db, accountKey(email.toLowerCase()));
}

/** After the right password: earlier typos from this address no longer count. */
export async function forgetSignInAttempts({ db, headers, email }: Omit<AttemptContext, "addressFactor">): Promise<void> {
  await clearRateLimit(db, accountAddressKey(headers, email));
}

const addressRules = {
  "sign-up": authLimits.signUpAddress,
  "password-reset": authLimits.passwordResetAddress,
  "sign-in-link": authLimits.signInLinkAddress,
  // Each contact message emails every staff member: a script must not fill their inboxes.
  "contact-message": { window: 3600, max: 10 },
  // Each newsletter sign-up emails the address typed: a script must not use the form to mail strangers.
  "newsletter-sign-up": { window: 3600, max: 10 },
} as const;

/** Counts a sign-up, a reset request, a contact message or a newsletter sign-up from the client's address; throws TooManyAttempts over the limit. */
export async function countAddressAttempt({ db, headers, addressFactor }: Omit<AttemptContext, "email">, kind: keyof typeof addressRules): Promise<void> {
  const result = await hitRateLimit(db, `${kind}:${clientIp(headers)}`, scaled(addressRules[kind], addressFactor));
  if (!result.allowed) throw new TooManyAttempts(result.retryAfterSeconds);
}
