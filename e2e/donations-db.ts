/** Gifts for the donations desk's specs, written straight into an e2e site's database. */
import { randomUUID } from "node:crypto";
import { ASSOCIATION_TIME_ZONE, calendarDay } from "../src/lib/time";
import { query } from "./staff-db";

export interface SeededGift {
  id: string;
  reference: string;
  receiptNumber: string | null;
}

let sequence = 0;

/**
 * A gift of `cents` from `email`: received (`paid`, with a receipt number of its year) at `at`, refunded,
 * or pledged. The receipt numbers are made unique for the test, in the shape the site gives them.
 */
export async function seedGift(
  values: { email: string; name?: string; cents: number; at: Date; status?: "paid" | "refunded" | "pledged"; frequency?: "one_time" | "monthly"; recurringId?: string },
  databaseUrl?: string,
): Promise<SeededGift> {
  const status = values.status ?? "paid";
  const receipted = status !== "pledged";
  const { year } = calendarDay(values.at);
  const receiptNumber = receipted ? `${year}-${String(500000 + (Date.now() % 400000) + ++sequence).padStart(6, "0")}${randomUUID().slice(0, 2)}` : null;
  const [row] = await query<{ id: string; number: number }>(
    `insert into donations (frequency, recurring_donation_id, donor_name, donor_email, amount_cents, fee_cents, total_cents, status, payment_method,
       receipt_number, receipt_issued_at, paid_at, refunded_at, created_at, idempotency_key)
     values ($1, $2, $3, $4, $5, 0, $5, $6, 'offline', $7, $8, $8, $9, $10, $11) returning id, number`,
    [
      values.frequency ?? "one_time",
      values.recurringId ?? null,
      values.name ?? "Morgan Lee",
      values.email,
      values.cents,
      status,
      receiptNumber,
      receipted ? values.at : null,
      status === "refunded" ? values.at : null,
      values.at,
      randomUUID(),
    ],
    databaseUrl,
  );
  return { id: row!.id, reference: `DON-${String(row!.number).padStart(4, "0")}`, receiptNumber };
}

/** A running monthly gift (as after its first charge) and that charge. */
export async function seedMonthlyGift(values: { email: string; name: string; cents: number; at: Date }): Promise<{ planId: string; charge: SeededGift }> {
  const [plan] = await query<{ id: string }>(
    `insert into recurring_donations (donor_name, donor_email, amount_cents, fee_cents, total_cents, status, idempotency_key, created_at)
     values ($1, $2, $3, 0, $3, 'active', $4, $5) returning id`,
    [values.name, values.email, values.cents, randomUUID(), values.at],
  );
  const charge = await seedGift({ email: values.email, name: values.name, cents: values.cents, at: values.at, frequency: "monthly", recurringId: plan!.id });
  return { planId: plan!.id, charge };
}

/** Empties one calendar year of gifts (and its statements) that a spec keeps to itself. */
export async function clearYear(year: number): Promise<void> {
  await query(
    `delete from donations where status in ('paid', 'refunded') and extract(year from paid_at at time zone $2::text) = $1 and recurring_donation_id is null`,
    [year, ASSOCIATION_TIME_ZONE],
  );
  await query("delete from donation_statements where year = $1", [year]);
}

/** Central Time wall clock → the instant. */
export function chicago(year: number, month: number, day: number, hour = 12): Date {
  // Central Standard Time is UTC−6, daylight time UTC−5; noon is safe either way for a date.
  const offset = month >= 4 && month <= 10 ? 5 : 6;
  return new Date(Date.UTC(year, month - 1, day, hour + offset));
}
