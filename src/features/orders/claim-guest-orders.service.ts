import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { orders } from "@/db/schema/orders";
import { sendEmail } from "@/lib/email/send";
import { getAuthEnv, siteUrl } from "@/lib/env";
import { log } from "@/lib/log";
import { confirmAddressByLink } from "@/lib/auth/accounts.service";
import { claimOrdersEmail } from "./emails/claim-orders-email";
import * as clock from "@/lib/clock";

/** How long the "add your earlier orders" link works. */
export const CLAIM_LINK_DAYS = 7;

interface NewAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

const unclaimedFor = (email: string) => and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${email})`);

/**
 * Moves the guest orders placed with this email address into the account. Only for a proved address:
 * the mailboxProved hook, a verified (Google) account, or `claimWithLink` below.
 */
export async function claimGuestOrders(db: Pick<Database, "update">, user: { id: string; email: string }): Promise<number> {
  const claimed = await db.update(orders).set({ userId: user.id }).where(unclaimedFor(user.email)).returning({ id: orders.id });
  return claimed.length;
}

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(`guest-order-claim:${payload}`).digest("base64url");
}

/** A link token naming the account, its address and an expiry, signed with the auth secret. */
export function claimToken(user: { id: string; email: string }, secret: string, now = clock.now()): string {
  const expires = Math.floor(now.getTime() / 1000) + CLAIM_LINK_DAYS * 24 * 60 * 60;
  const payload = Buffer.from(JSON.stringify({ u: user.id, e: user.email.toLowerCase(), x: expires })).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

/** The account and address a token was issued for, if its signature holds and it has not expired. */
export function readClaimToken(token: string, secret: string, now = clock.now()): { userId: string; email: string } | undefined {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { u, e, x } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u?: unknown; e?: unknown; x?: unknown };
    if (typeof u !== "string" || typeof e !== "string" || typeof x !== "number") return undefined;
    return x * 1000 > now.getTime() ? { userId: u, email: e } : undefined;
  } catch {
    return undefined;
  }
}

/** The address whose guest orders this member may take with this link, if the link is theirs and current. */
export async function claimableEmail(token: string, member: { id: string; email: string }): Promise<string | undefined> {
  const claim = readClaimToken(token, getAuthEnv().secret);
  return claim && claim.userId === member.id && claim.email === member.email.toLowerCase() ? claim.email : undefined;
}

/**
 * The claim link's button: the link reached the mailbox, so the address is confirmed first, then the
 * orders join (as the profile says: guest orders show once the address is confirmed). Returns how many joined.
 */
export async function claimWithLink(db: Database, member: { id: string; email: string }): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await confirmAddressByLink(tx, member.id, member.email))) return 0;
    return claimGuestOrders(tx, member);
  });
}

/**
 * A new account and the guest orders placed earlier with its address. Orders hold a name, an address
 * and a phone number, and we do not verify addresses at sign-up, so they only move on proof that the
 * member reads that mailbox: at once when the address comes verified (Google), otherwise through a
 * link emailed to it, which the member confirms while signed in to this account (it confirms the address too).
 */
export async function offerGuestOrders(db: Database, user: NewAccount): Promise<void> {
  try {
    if (user.emailVerified) {
      await claimGuestOrders(db, user);
      return;
    }
    const [row] = await db.select({ n: count() }).from(orders).where(unclaimedFor(user.email));
    const waiting = row?.n ?? 0;
    if (waiting === 0) return;
    const link = `${siteUrl()}/profile/claim-orders?token=${claimToken(user, getAuthEnv().secret)}`;
    await sendEmail({ kind: "claim-orders", to: user.email, ...claimOrdersEmail(link, waiting), log: { link }, expiresAt: new Date(Date.now() + CLAIM_LINK_DAYS * 24 * 60 * 60 * 1000) });
  } catch (error) {
    // The account exists either way; the orders stay where they are and can be claimed later by staff.
    log.error({ event: "orders.claim-offer-failed", userId: user.id, err: error }, "offering guest orders to a new account failed");
  }
}
