import { sql } from "drizzle-orm";
import { donationReceiptCounters } from "@/db/schema/donations";
import type { DbOrTransaction } from "@/lib/email/outbox";

/** Gifts are dated, and receipt years counted, in the association's zone. */
export const DONATION_ZONE = "America/Chicago";

/** The calendar year of an instant in the association's zone (a gift at 11 PM on 31 December is that year's). */
export function receiptYear(at: Date): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone: DONATION_ZONE, year: "numeric" }).format(at));
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

/** "June 20, 2027": a receipt's date. */
export function formatGiftDate(at: Date): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: DONATION_ZONE, month: "long", day: "numeric", year: "numeric" }).format(at);
}
