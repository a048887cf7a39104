import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { session, user } from "@/db/schema/auth";
import type { StaffRole } from "@/lib/access-control";
import { FormError } from "@/lib/form-state";
import { recordAudit, type Actor } from "@/lib/audit.service";

export const NO_SUCH_ACCOUNT = "No account uses that email address. The person must sign up first.";
export const LAST_ADMIN = "This is the only admin: make someone else an admin first.";

/**
 * Gives an account a staff role, or takes it away (role null: a member again), with an audit record
 * in the same transaction. The last admin cannot be demoted, so the site always has one.
 */
export async function setStaffRole(db: Database, actor: Actor, email: string, role: StaffRole | null): Promise<{ userId: string; before: string | null }> {
  return db.transaction(async (tx) => {
    // Role changes are rare: one at a time, so two admins demoting each other cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff-roles'))`);
    const [account] = await tx
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(sql`lower(${user.email}) = lower(${email.trim()})`);
    if (!account) throw new FormError(NO_SUCH_ACCOUNT, "email");
    if (account.role === "admin" && role !== "admin" && (await tx.$count(user, eq(user.role, "admin"))) <= 1) throw new FormError(LAST_ADMIN);
    if (account.role === role) return { userId: account.id, before: account.role };
    await tx.update(user).set({ role }).where(eq(user.id, account.id));
    await recordAudit(tx, actor, { action: role ? "staff.grant" : "staff.revoke", recordType: "user", recordId: account.id, before: { role: account.role }, after: { role } });
    return { userId: account.id, before: account.role };
  });
}

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  role: string;
}

export async function listStaff(db: Database): Promise<StaffAccount[]> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role })
    .from(user)
    .where(sql`${user.role} is not null and ${user.role} <> 'user'`)
    .orderBy(user.email);
  return rows.map((row) => ({ ...row, role: row.role ?? "user" }));
}

/** Ends every session of an account (after a role is taken away or the account is disabled). */
export async function endSessions(db: Database, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
}
