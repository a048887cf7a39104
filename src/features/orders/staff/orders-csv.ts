import type { DeskOrderRow } from "../orders-desk.queries";
import { PAYMENT_LABELS } from "./orders-desk.schema";

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab or
 * carriage return) would run as a formula, so it is prefixed with a quote; then quoted if it must be.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
  return [CSV_COLUMNS as readonly string[], ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
