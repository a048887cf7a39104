import { csvText } from "@/lib/csv";
import { spreadsheetCell as local } from "@/lib/time";
import type { DeskGiftRow } from "../donations-desk.queries";
import { STATUS_LABELS } from "./components/desk-format";
import { FREQUENCY_LABELS } from "../donations-desk.schema";

export const GIFT_CSV_COLUMNS = [
  "Reference", "Made (Central Time)", "Received (Central Time)", "Donor", "Email", "One-time or monthly", "Payment", "Status",
  "Gift", "Card fee", "Total", "Receipt number", "Refunded (Central Time)", "Tribute",
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The gifts as CSV text (CRLF line ends, a header row, formula-safe cells); amounts in dollars with two decimals. */
export function giftsCsv(gifts: DeskGiftRow[]): string {
  const rows = gifts.map((g) => [
    g.reference, local(g.createdAt), local(g.paidAt), g.donorName, g.donorEmail, FREQUENCY_LABELS[g.frequency],
    g.paymentMethod === "stripe" ? "Card (Stripe)" : "Check or cash", STATUS_LABELS[g.status],
    dollars(g.amountCents), dollars(g.feeCents), dollars(g.totalCents), g.receiptNumber, local(g.refundedAt), g.tribute,
  ]);
  return csvText(GIFT_CSV_COLUMNS, rows);
}
