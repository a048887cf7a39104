import type { DeskOrderRow } from "../../orders-desk.queries";

/** Where the order stands, in one phrase: payment, then hand-over. */
export function deskStatus(order: Pick<DeskOrderRow, "status" | "statusLabel" | "pickedUpAt" | "shippedAt" | "fulfilment">): string {
  if (order.pickedUpAt) return `${order.statusLabel} · picked up`;
  if (order.shippedAt) return `${order.statusLabel} · shipped`;
  if (order.status === "paid" && order.fulfilment === "pickup") return "Paid · to pick up";
  if (order.status === "paid" && order.fulfilment === "shipping") return "Paid · to ship";
  return order.statusLabel;
}

export function deliveryLabel(order: Pick<DeskOrderRow, "fulfilment" | "pickupLocation">): string {
  if (order.fulfilment === "pickup") return `Pickup: ${order.pickupLocation ?? "location removed"}`;
  return order.fulfilment === "shipping" ? "Shipping" : "Nothing to deliver";
}
