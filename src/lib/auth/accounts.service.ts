import { and, eq, like } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user as userTable, verification } from "@/db/schema/auth";

/** The account rows better-auth's callbacks (auth.ts) read and change beyond what better-auth does itself. */

/**
 * Retires every password-reset link of a member. better-auth keeps each link as a verification row
 * `reset-password:<token>` whose value is the user id. After a new password (changed or reset), a new
 * address or a disabled account, a link mailed before must no longer set the password.
 */
export async function retireResetLinks(db: Pick<Database, "delete">, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
}

/** Whether a reset token (still stored) belongs to a disabled account: its reset is refused. */
export async function resetsDisabledAccount(db: Database, token: unknown): Promise<boolean> {
  if (typeof token !== "string" || token === "") return false;
  const [row] = await db
    .select({ banned: userTable.banned })
    .from(verification)
    .innerJoin(userTable, eq(userTable.id, verification.value))
    .where(eq(verification.identifier, `reset-password:${token}`));
  return row?.banned === true;
}

/** Whether a sign-up still waits for its address to be confirmed before its password signs in. */
export async function waitsForConfirmation(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ wait: userTable.confirmBeforeSignIn }).from(userTable).where(eq(userTable.id, userId));
  return row?.wait === true;
}

/** The mailbox is proved (a reset link): the account's password signs in from now on. */
export async function stopWaitingForConfirmation(db: Database, userId: string): Promise<void> {
  await db.update(userTable).set({ confirmBeforeSignIn: false }).where(eq(userTable.id, userId));
}

/** The account with this (lower-cased) address, as far as a sign-in link needs it, or undefined. */
export async function accountByAddress(db: Database, address: string): Promise<{ banned: boolean | null; emailVerified: boolean } | undefined> {
  const [member] = await db.select({ banned: userTable.banned, emailVerified: userTable.emailVerified }).from(userTable).where(eq(userTable.email, address));
  return member;
}

/**
 * A link emailed to the account's address was used by the account itself (a guest-order claim link):
 * the mailbox is proved, so the address counts as confirmed. Only while the account still has that address.
 */
export async function confirmAddressByLink(db: Pick<Database, "update">, userId: string, address: string): Promise<boolean> {
  const confirmed = await db
    .update(userTable)
    .set({ emailVerified: true, confirmBeforeSignIn: false })
    .where(and(eq(userTable.id, userId), eq(userTable.email, address.toLowerCase())))
    .returning({ id: userTable.id });
  return confirmed.length === 1;
}
