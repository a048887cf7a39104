import { sql } from "drizzle-orm";
import { donationReceiptCounters } from "@/db/schema/donations";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { calendarDay } from "@/lib/time";

/** The calendar year of an instant in the association's zone (a gift at 11 PM on 31 December is that year's). */
export function receiptYear(at: Date): number {
  return calendarDay(at).year;
}

export function formatReceiptNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * The next receipt number of the gift's year, e.g. 2027-000123. One upsert takes the year's counter
 * row under its lock, so two gifts received at the same moment get different numbers, and a
 * transaction that rolls back gives its number back (no gaps from failed work).
 */
export async function allocateReceiptNumber(tx: DbOrTransaction, receivedAt: Date): Promise<string> {
  const year = receiptYear(receivedAt);
  const [row] = await tx
    .insert(donationReceiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: donationReceiptCounters.year, set: { lastNumber: sql`${donationReceiptCounters.lastNumber} + 1` } })
    .returning({ lastNumber: donationReceiptCounters.lastNumber });
  if (!row) throw new Error("Allocating a receipt number returned no row");
  return formatReceiptNumber(year, row.lastNumber);
}
