/**
 * Where an order stands, told to its buyer (the order page and the profile's Orders tab): every step it
 * has taken with its time, where its items are, and the carrier's tracking page when the
 * tracking number is one whose carrier we can tell for sure.
 */

export type OrderStepKind = "placed" | "paid" | "shipped" | "picked_up" | "cancelled" | "refunded";

export interface OrderStep {
  kind: OrderStepKind;
  label: string;
  at: Date;
}

export interface TrackingLink {
  carrier: "UPS" | "USPS" | "FedEx";
  href: string;
}

/** The dates an order keeps (all but `placedAt` may be empty). */
export interface OrderMilestones {
  status: "awaiting_payment" | "paid" | "cancelled" | "refunded";
  fulfilment: "shipping" | "pickup" | "none";
  placedAt: Date;
  paidAt: Date | null;
  shippedAt: Date | null;
  pickedUpAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date | null;
}

const stepLabels: Record<OrderStepKind, string> = {
  placed: "Placed",
  paid: "Paid",
  shipped: "Shipped",
  picked_up: "Picked up",
  cancelled: "Canceled",
  refunded: "Refunded",
};

/** The steps the order has taken, in the order they happened. */
export function orderSteps(order: OrderMilestones): OrderStep[] {
  const dated: [OrderStepKind, Date | null][] = [
    ["placed", order.placedAt],
    ["paid", order.paidAt],
    ["shipped", order.shippedAt],
    ["picked_up", order.pickedUpAt],
    ["cancelled", order.cancelledAt],
    ["refunded", order.refundedAt],
  ];
  return dated
    .filter((step): step is [OrderStepKind, Date] => step[1] !== null)
    .map(([kind, at]) => ({ kind, label: stepLabels[kind], at }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Where a paid order's items are, after its payment status ("Paid · shipped"): shipped, picked up, ready
 * for pickup or being prepared for shipping. Nothing for an unpaid, cancelled or refunded order, or one
 * with nothing to hand over.
 */
export function handOverStage(order: OrderMilestones): string | null {
  if (order.status !== "paid") return null;
  if (order.shippedAt) return "shipped";
  if (order.pickedUpAt) return "picked up";
  if (order.fulfilment === "pickup") return "ready for pickup";
  if (order.fulfilment === "shipping") return "being prepared for shipping";
  return null;
}

/** The order page's heading: thanks while the order is under way, what happened once it has. */
export function orderHeadline(order: OrderMilestones): string {
  if (order.status === "refunded") return "Your order was refunded";
  if (order.status === "cancelled") return "Your order was canceled";
  if (order.shippedAt) return "Your order is on its way";
  if (order.pickedUpAt) return "Your order was picked up";
  return "Thank you for your order";
}

/**
 * The carrier's public tracking page, only for a number whose format belongs to one carrier alone
 * (UPS "1Z" numbers, USPS 20–22-digit numbers starting 9, FedEx 12- or 15-digit numbers); anything else
 * is shown as text. The link is built from the checked number, never from what was typed.
 */
export function trackingLink(trackingNumber: string): TrackingLink | null {
  const compact = trackingNumber.replace(/[\s-]/g, "").toUpperCase();
  if (/^1Z[0-9A-Z]{16}$/.test(compact)) return { carrier: "UPS", href: `https://www.ups.com/track?tracknum=${compact}` };
  if (/^9[1-5]\d{18,20}$/.test(compact)) return { carrier: "USPS", href: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${compact}` };
  if (/^(\d{12}|\d{15})$/.test(compact)) return { carrier: "FedEx", href: `https://www.fedex.com/fedextrack/?trknbr=${compact}` };
  return null;
}
