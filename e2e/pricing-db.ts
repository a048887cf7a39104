/** Member benefits arranged by data for the pricing journeys: a plan with its expiry, an approved service verification. */
import { E2E_CLOCK_START } from "./clock";
import { query } from "./staff-db";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant `days` from the e2e site's clock start (its clock runs on from there in real time). */
export const fromClockStart = (days: number) => new Date(new Date(E2E_CLOCK_START).getTime() + days * DAY_MS);

async function userIdOf(email: string): Promise<string> {
  const [row] = await query<{ id: string }>(`select id from "user" where lower(email) = lower($1)`, [email]);
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

/** The account's paid plan, expiring at `renewsOn` (14 days of grace follow it, then it lapses). */
export async function giveMembership(email: string, plan: "premium" | "elite", renewsOn: Date): Promise<void> {
  const userId = await userIdOf(email);
  await query(
    `insert into memberships (user_id, plan, started_at, renews_on) values ($1, $2, $3::timestamptz - interval '1 year', $3)
     on conflict (user_id) do update set plan = excluded.plan, started_at = excluded.started_at, renews_on = excluded.renews_on`,
    [userId, plan, renewsOn.toISOString()],
  );
}

/** Staff's approval of the account's service status, holding until `expiresAt` (as the verification desk records it). */
export async function approveVerification(email: string, status: string, expiresAt: Date): Promise<void> {
  const userId = await userIdOf(email);
  await query(
    `insert into service_verifications (user_id, service_status, decision, requested_at, decided_at, decided_by, expires_at)
     values ($1, $2, 'approved', $3::timestamptz - interval '1 year', $3::timestamptz - interval '1 year', 'staff@example.com', $3)`,
    [userId, status, expiresAt.toISOString()],
  );
}

/** The discount snapshot of an order's lines. */
export async function orderDiscounts(orderId: string) {
  const lines = await query<{ unit_price_cents: number; unit_discount_cents: number; discount_kind: string | null; discount_tenths: number | null; discount_basis: string | null }>(
    `select unit_price_cents, unit_discount_cents, discount_kind, discount_tenths, discount_basis from order_lines where order_id = $1 order by id`,
    [orderId],
  );
  const [order] = await query<{ subtotal_cents: number; member_pricing_cents: number; verification_discount_cents: number; total_cents: number }>(
    `select subtotal_cents, member_pricing_cents, verification_discount_cents, total_cents from orders where id = $1`,
    [orderId],
  );
  return { lines, order };
}

export async function pricingRatesRow() {
  const [row] = await query<{ premium_tenths: number; elite_tenths: number; verification_tenths: number }>(
    `select premium_tenths, elite_tenths, verification_tenths from pricing_rates where id = 1`,
  );
  return row ?? null;
}
