/** The members pages' and email log's tests read and write the e2e database directly: accounts, memberships, outbox rows. */
import { randomUUID } from "node:crypto";
import { query } from "./staff-db";


/** An account written directly (no sign-up): for pages that need a member to exist. */
export async function createAccount(name = "Dana Reyes"): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `account-${id}@example.com`;
  await query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [id, name, email]);
  return { id, email };
}

export async function userIdOf(email: string): Promise<string> {
  const [row] = await query<{ id: string }>(`select id from "user" where lower(email) = lower($1)`, [email]);
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

export async function accountState(email: string): Promise<{ banned: boolean; sessions: number }> {
  const [row] = await query<{ banned: boolean | null; sessions: number }>(
    `select banned, (select count(*)::int from session s where s.user_id = u.id) as sessions from "user" u where lower(email) = lower($1)`,
    [email],
  );
  if (!row) throw new Error(`no account ${email}`);
  return { banned: row.banned === true, sessions: row.sessions };
}

export async function setMembership(userId: string, plan: "premium" | "elite", startedAt: Date, renewsOn: Date): Promise<void> {
  await query(
    `insert into memberships (user_id, plan, started_at, renews_on) values ($1, $2, $3, $4)
     on conflict (user_id) do update set plan = excluded.plan, started_at = excluded.started_at, renews_on = excluded.renews_on, order_id = null`,
    [userId, plan, startedAt, renewsOn],
  );
}

export async function membershipOf(userId: string): Promise<{ plan: string; renewsOn: Date; orderId: string | null } | undefined> {
  const [row] = await query<{ plan: string; renews_on: Date; order_id: string | null }>(`select plan, renews_on, order_id from memberships where user_id = $1`, [userId]);
  return row && { plan: row.plan, renewsOn: row.renews_on, orderId: row.order_id };
}

export async function auditCount(recordType: string, recordId: string, action: string): Promise<number> {
  const [row] = await query<{ count: number }>(`select count(*)::int as count from audit_log where record_type = $1 and record_id = $2 and action = $3`, [recordType, recordId, action]);
  return row!.count;
}

export interface OutboxValues {
  kind?: string;
  to?: string;
  subject?: string;
  text?: string;
  status?: "pending" | "sent" | "failed" | "expired";
  attempts?: number;
  lastError?: string | null;
  expiresAt?: Date | null;
}

/** An outbox row as the delivery worker would leave it (by default: failed for good after eight attempts). */
export async function addOutboxRow(values: OutboxValues = {}): Promise<number> {
  const [row] = await query<{ id: number }>(
    `insert into email_outbox (kind, to_address, subject, text_body, status, attempts, last_error, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      values.kind ?? "order-confirmation",
      values.to ?? `outbox-${randomUUID()}@example.com`,
      values.subject ?? "Your order",
      values.text ?? "Thank you for your order.",
      values.status ?? "failed",
      values.attempts ?? 8,
      values.lastError === undefined ? "Error: 550 5.1.1 mailbox unavailable" : values.lastError,
      values.expiresAt ?? null,
    ],
  );
  return row!.id;
}

export async function outboxStatus(id: number): Promise<{ status: string; attempts: number }> {
  const [row] = await query<{ status: string; attempts: number }>(`select status, attempts from email_outbox where id = $1`, [id]);
  return row!;
}
