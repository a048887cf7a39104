import { and, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Database } from "@/db/client";
import { newsletterDeliveries, newsletterSubscribers } from "@/db/schema/newsletter";
import * as clock from "@/lib/clock";
import { enqueueEmail, type NewEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { siteUrl } from "@/lib/env";
import { hashOpaqueToken, isOpaqueToken, newOpaqueToken } from "@/lib/opaque-token";
import { mayMail } from "@/lib/email/mailbox-limits";
import { alreadySubscribedEmail, confirmationEmail } from "./emails/newsletter-emails";

/** How long a confirmation link works; an unconfirmed sign-up is deleted after that. */
export const CONFIRM_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";
export const NEWSLETTER_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

export const confirmUrl = (token: string) => `${siteUrl()}${NEWSLETTER_CONFIRM_PATH}?token=${token}`;
export const unsubscribeUrl = (token: string) => `${siteUrl()}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${token}`;

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Someone asks for the newsletter at `email` (the footer form, or a member ticking "Marketing emails").
 * The answer is the same whatever the address's state, so the form tells a visitor nothing about who
 * subscribes; only the mailbox hears the difference:
 * - not subscribed (or its earlier link lapsed): a sign-up waiting for confirmation, with a new link
 *   (the previous link stops working), emailed to the address;
 * - waiting for confirmation: the same, a fresh link;
 * - confirmed: nothing changes, and the owner is told they are already subscribed.
 * At most a few such emails go to one mailbox an hour (mayMail); past that, nothing at all happens, so a
 * link already sent keeps working.
 */
export async function requestSubscription(db: Database, rawEmail: string, now: Date = clock.now()): Promise<void> {
  const email = normalise(rawEmail);
  if (!(await mayMail(db, "newsletter-confirmation", email))) return;
  const token = newOpaqueToken();
  const confirmExpiresAt = confirmLinkExpiry(now);
  await db.transaction(async (tx) => {
    const pending = { subscribedAt: now, confirmTokenHash: hashOpaqueToken(token), confirmExpiresAt };
    const [renewed] = await tx
      .insert(newsletterSubscribers)
      .values({ email, ...pending })
      .onConflictDoUpdate({ target: newsletterSubscribers.email, set: pending, where: isNull(newsletterSubscribers.confirmedAt) })
      .returning({ id: newsletterSubscribers.id });
    if (renewed) {
      await enqueueEmail(tx, confirmationMessage(email, token));
    } else {
      await enqueueEmail(tx, { kind: "newsletter-already-subscribed", to: email, ...alreadySubscribedEmail() });
    }
  });
  void kickEmailDelivery();
}

/** The confirmation email of a sign-up: its link carries `token` (whose hash the sign-up's row holds). */
export function confirmationMessage(email: string, token: string): NewEmail {
  const link = confirmUrl(token);
  // The outbox judges expiry by the system clock (it stamps its rows so); the link's own expiry is the app clock's.
  return { kind: "newsletter-confirmation", to: email, ...confirmationEmail(link, CONFIRM_LINK_DAYS), log: { link }, expiresAt: new Date(Date.now() + CONFIRM_LINK_DAYS * DAY_MS) };
}

/** When a confirmation link sent at `now` stops working. */
export const confirmLinkExpiry = (now: Date) => new Date(now.getTime() + CONFIRM_LINK_DAYS * DAY_MS);

const liveToken = (token: string, now: Date) =>
  and(eq(newsletterSubscribers.confirmTokenHash, hashOpaqueToken(token)), isNull(newsletterSubscribers.confirmedAt), gt(newsletterSubscribers.confirmExpiresAt, now));

/** The address a confirmation link is for, while it still works; opening the page changes nothing. */
export async function pendingSignUpFor(db: Database, token: string, now: Date = clock.now()): Promise<{ email: string } | null> {
  if (!isOpaqueToken(token)) return null;
  const [row] = await db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).where(liveToken(token, now));
  return row ?? null;
}

/** The Confirm button: the sign-up becomes a subscription, once. Null when the link lapsed or was used. */
export async function confirmSubscription(db: Database, token: string, now: Date = clock.now()): Promise<{ email: string } | null> {
  if (!isOpaqueToken(token)) return null;
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(liveToken(token, now))
    .returning({ email: newsletterSubscribers.email });
  return row ?? null;
}

/** Ends the subscription of `email` (or its pending sign-up): the row goes, so nothing more is sent to it. */
export async function unsubscribeAddress(db: Pick<Database, "delete">, rawEmail: string): Promise<void> {
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, normalise(rawEmail)));
}

export type UnsubscribeLink = { status: "unknown" } | { status: "subscribed" | "not-subscribed"; email: string };

/** Who an unsubscribe link (one newsletter's, for one reader) is for, and whether they still subscribe. */
export async function unsubscribeLinkState(db: Database, token: string): Promise<UnsubscribeLink> {
  if (!isOpaqueToken(token)) return { status: "unknown" };
  const [row] = await db
    .select({ email: newsletterDeliveries.email, confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterDeliveries)
    .leftJoin(newsletterSubscribers, eq(newsletterSubscribers.email, newsletterDeliveries.email))
    .where(eq(newsletterDeliveries.unsubscribeTokenHash, hashOpaqueToken(token)));
  if (!row) return { status: "unknown" };
  return { status: row.confirmedAt ? "subscribed" : "not-subscribed", email: row.email };
}

/**
 * Unsubscribes whoever the link was sent to. Idempotent: a second press, or a link whose reader already
 * left, changes nothing. A well-formed token we never issued (a staff test send's) also changes nothing.
 */
export async function unsubscribeByToken(db: Database, token: string): Promise<{ email: string } | null> {
  const link = await unsubscribeLinkState(db, token);
  if (link.status === "unknown") return null;
  await unsubscribeAddress(db, link.email);
  return { email: link.email };
}

/** Deletes sign-ups whose confirmation link lapsed (and any left from before confirmation existed). */
export async function deleteLapsedSignUps(db: Database, now: Date = clock.now()): Promise<number> {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        isNull(newsletterSubscribers.confirmedAt),
        or(isNull(newsletterSubscribers.confirmExpiresAt), lte(newsletterSubscribers.confirmExpiresAt, now)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return removed.length;
}

// ---------------------------------------------------------------- the profile's "Marketing emails"

/** subscribed: confirmed; pending: a confirmation link is out and still works; off: neither. */
export type MarketingConsent = "subscribed" | "pending" | "off";

export async function marketingConsentOf(db: Pick<Database, "select">, rawEmail: string, now: Date = clock.now()): Promise<MarketingConsent> {
  const [row] = await db
    .select({ confirmedAt: newsletterSubscribers.confirmedAt, confirmExpiresAt: newsletterSubscribers.confirmExpiresAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, normalise(rawEmail)));
  if (!row) return "off";
  if (row.confirmedAt) return "subscribed";
  return row.confirmExpiresAt && row.confirmExpiresAt > now ? "pending" : "off";
}

/**
 * The member ticks or unticks "Marketing emails". It is the newsletter subscription of the member's
 * account address — the same record the footer form writes — so the rule is the footer's:
 * - Ticking it while the address is already confirmed (or already waiting for confirmation) changes
 *   nothing and sends nothing.
 * - Otherwise ticking it subscribes nobody at once: it sends the same confirmation email, and the box
 *   shows "waiting for your confirmation" until the owner presses Confirm. Being signed in does not
 *   prove the mailbox's owner asked for marketing mail (a shared computer, an account whose address
 *   was never confirmed), and the confirmation is the record that they did.
 * - Unticking it ends the subscription (or cancels the sign-up) at once, like an unsubscribe link.
 */
export async function setMarketingConsent(db: Database, email: string, wanted: boolean, now: Date = clock.now()): Promise<MarketingConsent> {
  if (!wanted) {
    await unsubscribeAddress(db, email);
    return "off";
  }
  const current = await marketingConsentOf(db, email, now);
  if (current !== "off") return current;
  await requestSubscription(db, email, now);
  return marketingConsentOf(db, email, now); // still "off" when the mailbox had too many emails from us lately
}

export async function confirmedSubscriberCount(db: Pick<Database, "$count">): Promise<number> {
  return db.$count(newsletterSubscribers, isNotNull(newsletterSubscribers.confirmedAt));
}
