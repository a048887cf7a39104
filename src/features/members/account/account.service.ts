import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, like, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { account, user, verification } from "@/db/schema/auth";
import { donationStatements, donations, recurringDonations } from "@/db/schema/donations";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { orders } from "@/db/schema/orders";
import { runAccountHooks } from "@/lib/auth/account-hooks";
import { hitRateLimit } from "@/lib/rate-limit.service";
import { mayMail } from "@/lib/email/mailbox-limits";
import { retireResetLinks } from "@/lib/auth/accounts.service";
import type { Auth } from "@/lib/auth/auth";
import { FormError } from "@/lib/form-state";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { siteUrl } from "@/lib/env";
import * as clock from "@/lib/clock";
import { accountDeletedEmail, changeEmailConfirmEmail, changeEmailTakenEmail, emailChangedEmail } from "./account-emails";
import type { ChangeEmailInput, DeleteAccountInput } from "./account.schema";
import { ANONYMISED_NAME } from "@/lib/auth/anonymised";

export const CHANGE_LINK_SECONDS = 24 * 60 * 60;
export const TOO_MANY_CONFIRMATION_LINKS = "We have already sent several confirmation links in the last hour. Please use the newest one, or try again later.";
export const TOO_MANY_EMAIL_CHANGES = "Too many address changes asked for in the last hour. Please try again later.";
export const SAME_ADDRESS = "This is already your email address.";
export const WRONG_PASSWORD = "That password is not correct.";
export const PASSWORD_NEEDED = "Enter your current password.";
export const ADDRESS_NEEDED = "Type your email address to confirm.";
export const ADDRESS_MISMATCH = "That is not your account's email address.";
export const CHANGE_LINK_INVALID = "This link is invalid, has expired or was already used. Ask for a new one from your profile.";
export const ADDRESS_NOW_TAKEN = "Another account has taken this address since the link was sent, so nothing was changed.";
export const MONTHLY_GIFT_ACTIVE =
  "You have a monthly gift running. Cancel it first with the link in any of its monthly receipts (or ask us), then delete your account.";

export { ANONYMISED_NAME } from "@/lib/auth/anonymised";

interface Member {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface AccountDeps {
  db: Database;
  auth: Auth;
  headers: Headers;
}

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const changeIdentifier = (token: string) => `change-email:${tokenHash(token)}`;

/** The member's password hash, or null for an account that signs in with Google only. */
async function passwordHash(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password ?? null;
}

/** Whether the account has a password (else it signs in with Google only). */
export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  return (await passwordHash(db, userId)) !== null;
}

/**
 * Re-authentication for the changes that hand the account away: the current password, or, for a
 * Google-only account (no password to ask for), the account's address typed out.
 */
async function reauthenticate({ db, auth }: Omit<AccountDeps, "headers">, member: Member, proof: { password: string; confirmEmail?: string }): Promise<void> {
  const hash = await passwordHash(db, member.id);
  if (hash) {
    if (!proof.password) throw new FormError(PASSWORD_NEEDED, "password");
    const limit = await hitRateLimit(db, `reauth:${member.id}`, { window: 15 * 60, max: 5 });
    if (!limit.allowed) throw new FormError("Too many wrong passwords. Please wait 15 minutes and try again.", "password");
    const ok = await (await auth.$context).password.verify({ hash, password: proof.password });
    if (!ok) throw new FormError(WRONG_PASSWORD, "password");
    return;
  }
  if (proof.confirmEmail === undefined) return; // a Google-only account changing its address proves it at the new mailbox
  if (!proof.confirmEmail) throw new FormError(ADDRESS_NEEDED, "confirmEmail");
  if (proof.confirmEmail !== member.email.toLowerCase()) throw new FormError(ADDRESS_MISMATCH, "confirmEmail");
}

/** "Resend the confirmation link", at most 3 an hour per member (and the mailbox's own limit in auth.ts). */
export async function resendConfirmation({ db, auth, headers }: AccountDeps, member: Member): Promise<{ email: string }> {
  if (member.emailVerified) return { email: member.email };
  const limit = await hitRateLimit(db, `resend-confirmation:${member.id}`, { window: 3600, max: 3 });
  if (!limit.allowed) throw new FormError(TOO_MANY_CONFIRMATION_LINKS);
  await auth.api.sendVerificationEmail({ body: { email: member.email, callbackURL: "/profile" }, headers });
  return { email: member.email };
}

/**
 * Asks for a new address. The change waits for the owner of the new mailbox to confirm a link sent
 * there. Whether the new address already has an account is not told to the requester: that mailbox
 * gets a notice instead of a link, and the answer here is the same either way.
 */
export async function requestEmailChange(deps: AccountDeps, member: Member, input: ChangeEmailInput, now = clock.now()): Promise<{ newEmail: string }> {
  const { db } = deps;
  if (input.newEmail === member.email.toLowerCase()) throw new FormError(SAME_ADDRESS, "newEmail");
  await reauthenticate(deps, member, { password: input.password });
  const limit = await hitRateLimit(db, `change-email:${member.id}`, { window: 3600, max: 3 });
  if (!limit.allowed) throw new FormError(TOO_MANY_EMAIL_CHANGES);

  const [taken] = await db.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${input.newEmail}`);
  const base = siteUrl();
  await db.transaction(async (tx) => {
    // One pending change per member: a new request retires the older link.
    await tx.delete(verification).where(and(like(verification.identifier, "change-email:%"), eq(sql`(${verification.value}::jsonb ->> 'userId')`, member.id)));
    if (taken) {
      if (await mayMail(db, "email-change-taken", input.newEmail)) {
        await enqueueEmail(tx, { kind: "email-change-taken", to: input.newEmail, ...changeEmailTakenEmail(`${base}/login`) });
      }
      return;
    }
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + CHANGE_LINK_SECONDS * 1000);
    await tx.insert(verification).values({
      id: randomBytes(16).toString("hex"),
      identifier: changeIdentifier(token),
      value: JSON.stringify({ userId: member.id, newEmail: input.newEmail }),
      expiresAt,
    });
    const link = `${base}/confirm-email-change?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, { kind: "email-change-confirm", to: input.newEmail, ...changeEmailConfirmEmail(link, member.email), log: { link }, expiresAt });
  });
  void kickEmailDelivery();
  return { newEmail: input.newEmail };
}

/**
 * Confirms a change with the token from the new mailbox (only when its owner presses Confirm): the
 * address changes and counts as confirmed, the link is used up, and the old address is told.
 */
export async function confirmEmailChange(db: Database, token: string, now = clock.now()): Promise<{ newEmail: string }> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, changeIdentifier(token)), gt(verification.expiresAt, now)))
      .returning({ value: verification.value });
    if (!row) throw new FormError(CHANGE_LINK_INVALID);
    const { userId, newEmail } = JSON.parse(row.value) as { userId: string; newEmail: string };
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).for("update");
    if (!owner) throw new FormError(CHANGE_LINK_INVALID);
    const [taken] = await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${newEmail}`);
    if (taken) throw new FormError(taken.id === userId ? CHANGE_LINK_INVALID : ADDRESS_NOW_TAKEN);
    await tx.update(user).set({ email: newEmail, emailVerified: true }).where(eq(user.id, userId));
    // A reset link mailed to the old address must not let whoever still reads it take the account back.
    await retireResetLinks(tx, userId);
    await enqueueEmail(tx, { kind: "email-changed", to: owner.email, ...emailChangedEmail(newEmail, `${siteUrl()}/contact`) });
    return { newEmail };
  }).catch((error: unknown) => {
    // Two confirmations racing for the same address: the unique index answers for the loser.
    if ((error as { code?: string }).code === "23505") throw new FormError(ADDRESS_NOW_TAKEN);
    throw error;
  });
  void kickEmailDelivery();
  return changed;
}

/**
 * Deletes the account after re-authentication (ADR 0020). Registrations to events to come are
 * cancelled first (the events feature's `accountDeleting` hook), exactly as the member cancelling them
 * would (seats go to the waitlist). Then, in one transaction: orders and gifts are kept (amounts,
 * lines, receipt numbers) with the person's details replaced; the newsletter consent of a confirmed address goes; the user row goes, and with
 * it (cascade) sessions, sign-in methods, profile, settings, cart, membership and calendar feed.
 */
export async function deleteAccount(deps: Omit<AccountDeps, "headers">, member: Member, input: DeleteAccountInput, now = clock.now()): Promise<void> {
  const { db } = deps;
  await reauthenticate(deps, member, { password: input.password, confirmEmail: input.confirmEmail });
  const email = member.email.toLowerCase();
  // Gifts are matched by address only once the member proved it (a stranger's gifts are not theirs to erase).
  const mine = (t: typeof donations | typeof recurringDonations) =>
    member.emailVerified ? or(eq(t.userId, member.id), sql`lower(${t.donorEmail}) = ${email}`) : eq(t.userId, member.id);

  const running = await db
    .select({ id: recurringDonations.id })
    .from(recurringDonations)
    .where(and(mine(recurringDonations), inArray(recurringDonations.status, ["active", "past_due"])));
  if (running.length > 0) throw new FormError(MONTHLY_GIFT_ACTIVE);

  await runAccountHooks("accountDeleting", db, member.id, now);

  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({
        email: sql`'deleted-' || ${orders.number} || '@deleted.invalid'`,
        contactName: ANONYMISED_NAME,
        phone: "",
        shipLine1: sql`case when ${orders.shipLine1} is null then null else 'Removed' end`,
        shipLine2: null,
        shipCity: sql`case when ${orders.shipCity} is null then null else 'Removed' end`,
        shipRegion: sql`case when ${orders.shipRegion} is null then null else 'Removed' end`,
        shipPostalCode: sql`case when ${orders.shipPostalCode} is null then null else 'Removed' end`,
        guestTokenHash: null,
        payLinkTokenHash: null,
      })
      .where(eq(orders.userId, member.id));
    const anonymisedGift = {
      donorName: ANONYMISED_NAME,
      donorEmail: sql`'deleted-' || id || '@deleted.invalid'`,
      tributeName: null,
      tributeNotifyName: null,
      tributeNotifyEmail: null,
    };
    await tx.update(donations).set(anonymisedGift).where(mine(donations));
    await tx.update(recurringDonations).set(anonymisedGift).where(mine(recurringDonations));
    if (member.emailVerified) {
      await tx
        .update(donationStatements)
        .set({ emailKey: sql`'deleted-' || gen_random_uuid() || '@deleted.invalid'`, donorName: ANONYMISED_NAME })
        .where(eq(donationStatements.emailKey, email));
      await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    }
    await enqueueEmail(tx, { kind: "account-deleted", to: member.email, ...accountDeletedEmail() });
    await tx.delete(user).where(eq(user.id, member.id));
  });
  void kickEmailDelivery();
}
