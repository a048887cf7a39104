import { csvText } from "@/lib/csv";
import { spreadsheetCell as local } from "@/lib/time";
import type { DeskOrderItem, DeskOrderRow } from "../orders-desk.queries";
import { PAYMENT_LABELS } from "../orders-desk.schema";

export const CSV_COLUMNS = [
  "Order", "Placed (Central Time)", "Name", "Email", "Phone", "Status", "Payment", "Delivery", "Pickup location",
  "Item", "Size", "Quantity", "Order total",
  "Paid (Central Time)", "Picked up (Central Time)", "Shipped (Central Time)", "Tracking number", "Canceled (Central Time)",
] as const;

/**
 * The orders as CSV text (CRLF line ends, a header row), one row per item with its size and quantity, so
 * that the list filtered to one pickup location and "to hand over" is that location's pickup list. The
 * order's own columns repeat on each of its rows; its total is the whole order's, in dollars.
 */
export function ordersCsv(orders: DeskOrderRow[], items: Map<string, DeskOrderItem[]>): string {
  const rows = orders.flatMap((o) => {
    const order = [o.number, local(o.placedAt), o.contactName, o.email, o.phone, o.statusLabel, PAYMENT_LABELS[o.paymentMethod], o.fulfilment, o.pickupLocation];
    const after = [(o.totalCents / 100).toFixed(2), local(o.paidAt), local(o.pickedUpAt), local(o.shippedAt), o.trackingNumber, local(o.cancelledAt)];
    const lines = items.get(o.id) ?? [];
    if (lines.length === 0) return [[...order, null, null, null, ...after]];
    return lines.map((item) => [...order, item.name, item.size, item.quantity, ...after]);
  });
  return csvText(CSV_COLUMNS, rows);
}
