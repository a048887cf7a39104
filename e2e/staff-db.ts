/** The staff area's tests write what they count on straight into the e2e database: roles and messages. */
import pg from "pg";
import { e2eDatabaseUrl } from "./e2e-database";

export async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = [], databaseUrl = e2eDatabaseUrl()): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export type Role = "door" | "staff" | "admin";

/** Gives an existing account a staff role, as `npm run staff -- grant` does. */
export async function setRole(email: string, role: Role | null): Promise<void> {
  const rows = await query(`update "user" set role = $2 where lower(email) = lower($1) returning id`, [email, role]);
  if (rows.length !== 1) throw new Error(`no account ${email}`);
}

export async function roleOf(email: string): Promise<string | null> {
  const [row] = await query<{ role: string | null }>(`select role from "user" where lower(email) = lower($1)`, [email]);
  if (!row) throw new Error(`no account ${email}`);
  return row.role;
}

/** A new contact message, as if sent from the contact page a moment ago; returns its id. */
export async function addContactMessage(subject: string, email = "dana@example.com"): Promise<number> {
  const [row] = await query<{ id: number }>(
    `insert into contact_messages (name, email, subject, message, category) values ('Dana Reyes', $2, $1, 'Hello', 'general') returning id`,
    [subject, email],
  );
  return row!.id;
}

/**
 * An unpaid pay-at-pickup order of a guest, written directly (no stock is taken): for pages that need
 * one to exist. `totalCents` adds one line of that price; `databaseUrl` names another e2e site's database.
 */
export async function createOrder({ totalCents = 0, databaseUrl }: { totalCents?: number; databaseUrl?: string } = {}): Promise<{ id: string; number: number; email: string }> {
  const [row] = await query<{ id: string; number: number; email: string }>(
    `insert into orders (email, contact_name, phone, fulfilment, pickup_location_id, subtotal_cents, shipping_cents, total_cents, payment_method, idempotency_key)
     values ('guest-' || gen_random_uuid() || '@example.com', 'Dana Reyes', '210 555 0100', 'pickup', (select id from training_locations order by sort_order limit 1), $1, 0, $1, 'pay_later', gen_random_uuid()::text)
     returning id, number, email`,
    [totalCents],
    databaseUrl,
  );
  if (totalCents > 0) {
    await query(`insert into order_lines (order_id, name, unit_price_cents, quantity) values ($1, 'Range day donation kit', $2, 1)`, [row!.id, totalCents], databaseUrl);
  }
  return row!;
}
