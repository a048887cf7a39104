import { csvText } from "@/lib/csv";
import type { DeskOrderRow } from "../orders-desk.queries";
import { PAYMENT_LABELS } from "../orders-desk.schema";

export const CSV_COLUMNS = [
  "Order", "Placed (UTC)", "Name", "E-mail", "Phone", "Status", "Payment", "Delivery", "Pickup location",
  "Total", "Paid (UTC)", "Picked up (UTC)", "Shipped (UTC)", "Tracking number", "Cancelled (UTC)",
] as const;

const iso = (at: Date | null) => (at ? at.toISOString() : "");

/** The orders as CSV text (CRLF line ends, a header row); amounts in dollars with two decimals. */
export function ordersCsv(orders: DeskOrderRow[]): string {
  const rows = orders.map((o) => [
    o.number, iso(o.placedAt), o.contactName, o.email, o.phone, o.statusLabel, PAYMENT_LABELS[o.paymentMethod], o.fulfilment,
    o.pickupLocation, (o.totalCents / 100).toFixed(2), iso(o.paidAt), iso(o.pickedUpAt), iso(o.shippedAt), o.trackingNumber, iso(o.cancelledAt),
  ]);
  return csvText(CSV_COLUMNS, rows);
}
