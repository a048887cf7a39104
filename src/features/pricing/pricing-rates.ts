import { serviceStatusLabel } from "../verification/verification.fields";

/** Discount rates in tenths of a percent (100 = 10.0 %), as staff set them (ADR 0019). */
export interface PricingRates {
  premiumTenths: number;
  eliteTenths: number;
  verificationTenths: number;
}

/** Until staff first save the rates: Premium 10 %, Elite 15 %, verified service 10 %. */
export const DEFAULT_RATES: PricingRates = { premiumTenths: 100, eliteTenths: 150, verificationTenths: 100 };

/** The most staff may set, in tenths of a percent (50 %). */
export const MAX_RATE_TENTHS = 500;

/** "10%", "12.5%". */
export function formatRate(tenths: number): string {
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}%`;
}

export const PLAN_LABELS = { premium: "Premium", elite: "Elite" } as const;

export type DiscountKind = "member-pricing" | "verified-service";

export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = {
  "member-pricing": "Member pricing",
  "verified-service": "Verified service discount",
};

/** "Member pricing (Premium, 10%)", "Verified service discount (Veteran, 10%)". */
export function discountLabel(kind: DiscountKind, basisLabel: string, tenths: number): string {
  return `${DISCOUNT_KIND_LABELS[kind]} (${basisLabel}, ${formatRate(tenths)})`;
}

/** The label of a plan or a service status, as stored in an order line's `discount_basis`. */
export function basisLabel(kind: DiscountKind, basis: string): string {
  if (kind === "member-pricing") return PLAN_LABELS[basis as keyof typeof PLAN_LABELS] ?? basis;
  return serviceStatusLabel(basis);
}
