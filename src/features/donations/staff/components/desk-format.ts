import type { DeskGiftRow, GiftStatus, PlanStatus } from "../../donations-desk.queries";

export const STATUS_LABELS: Record<GiftStatus, string> = {
  pending: "Awaiting card payment",
  pledged: "Pledged (check or desk)",
  paid: "Received",
  refunded: "Refunded (receipt void)",
  expired: "Card payment not completed",
};

export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  pending: "Not started",
  active: "Active",
  past_due: "Card declined, Stripe retrying",
  cancelled: "Ended",
};

export function kindLabel(gift: Pick<DeskGiftRow, "frequency" | "paymentMethod">): string {
  const frequency = gift.frequency === "monthly" ? "Monthly" : "One-time";
  return `${frequency} · ${gift.paymentMethod === "stripe" ? "card" : "check or cash"}`;
}

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;
