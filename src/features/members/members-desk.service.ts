import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { session, user } from "@/db/schema/auth";
import { recordAudit } from "@/lib/audit.service";
import type { StaffRole } from "@/lib/access-control";
import { FormError } from "@/lib/form-state";
import { retireResetLinks } from "@/lib/auth/accounts.service";
import { MEMBER_ID, MEMBER_NOT_FOUND } from "@/lib/auth/member-id";
import type { DisableAccountInput } from "./members-desk.schema";


export const NOT_YOURSELF = "You cannot disable your own account.";
export const ADMINS_ONLY = "Only an admin can disable or re-enable an admin's account.";

/** The staff member making a change: the audit log names them, and their role limits whom they may disable. */
export interface DeskActor {
  id: string;
  email: string;
  role: StaffRole;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The account, locked for this transaction; a FormError (nothing changed) when there is none. */
async function lockAccount(tx: Transaction, id: string) {
  if (!MEMBER_ID.test(id)) throw new FormError(MEMBER_NOT_FOUND);
  const [account] = await tx
    .select({ id: user.id, email: user.email, role: user.role, banned: user.banned, banReason: user.banReason })
    .from(user)
    .where(eq(user.id, id))
    .for("update");
  if (!account) throw new FormError(MEMBER_NOT_FOUND);
  return account;
}

const record = (id: string) => ({ recordType: "user", recordId: id });

function mayChange(actor: DeskActor, account: { id: string; role: string | null }): void {
  if (account.id === actor.id) throw new FormError(NOT_YOURSELF);
  if (account.role === "admin" && actor.role !== "admin") throw new FormError(ADMINS_ONLY);
}

/**
 * Disables an account (better-auth's `banned`, with no end): every session ends and every reset
 * link still out is retired, in the same transaction; the auth composition then refuses sign-in
 * (password and Google) and password resets. Disabling a disabled account changes nothing.
 */
export async function disableAccount(db: Database, actor: DeskActor, input: DisableAccountInput): Promise<{ email: string; changed: boolean; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, input.memberId);
    mayChange(actor, account);
    if (account.banned) return { email: account.email, changed: false, sessionsEnded: 0 };
    await tx.update(user).set({ banned: true, banReason: input.reason, banExpires: null }).where(eq(user.id, account.id));
    const ended = await tx.delete(session).where(eq(session.userId, account.id)).returning({ id: session.id });
    await retireResetLinks(tx, account.id);
    await recordAudit(tx, actor, {
      action: "account.disable",
      ...record(account.id),
      before: { disabled: false },
      after: { disabled: true, reason: input.reason, sessionsEnded: ended.length },
    });
    return { email: account.email, changed: true, sessionsEnded: ended.length };
  });
}

/** Lets a disabled account sign in again. Re-enabling an enabled account changes nothing. */
export async function enableAccount(db: Database, actor: DeskActor, memberId: string): Promise<{ email: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, memberId);
    mayChange(actor, account);
    if (!account.banned) return { email: account.email, changed: false };
    await tx.update(user).set({ banned: false, banReason: null, banExpires: null }).where(eq(user.id, account.id));
    await recordAudit(tx, actor, { action: "account.enable", ...record(account.id), before: { disabled: true, reason: account.banReason }, after: { disabled: false } });
    return { email: account.email, changed: true };
  });
}
