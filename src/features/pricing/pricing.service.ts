import "server-only";
import { eq } from "drizzle-orm";
import { pricingRates } from "@/db/schema/pricing";
import type { DbOrTransaction } from "@/lib/email/outbox";
import * as clock from "@/lib/clock";
import { benefitPlan, type PaidPlan } from "@/features/memberships/membership-plans.service";
import { activeVerification, type ServiceStatus } from "@/features/verification/verification-standing.service";
import { DEFAULT_RATES, basisLabel, discountLabel, type DiscountKind, type PricingRates } from "./pricing-rates";

/** The rates staff saved, or the defaults until they do. */
export async function getPricingRates(db: DbOrTransaction): Promise<PricingRates> {
  const [row] = await db
    .select({ premiumTenths: pricingRates.premiumTenths, eliteTenths: pricingRates.eliteTenths, verificationTenths: pricingRates.verificationTenths })
    .from(pricingRates)
    .where(eq(pricingRates.id, 1));
  return row ?? DEFAULT_RATES;
}

/** What a buyer is entitled to at one instant: a plan while active or in grace, a verification not expired. */
export interface BuyerBenefits {
  plan: PaidPlan | null;
  verification: ServiceStatus | null;
}

export const NO_BENEFITS: BuyerBenefits = { plan: null, verification: null };

/** Read again on every pricing, in the order's transaction too: a guest (null) has none. */
export async function buyerBenefits(db: DbOrTransaction, userId: string | null, at: Date = clock.now()): Promise<BuyerBenefits> {
  if (!userId) return NO_BENEFITS;
  const [plan, verification] = await Promise.all([benefitPlan(db, userId, at), activeVerification(db, userId, at)]);
  return { plan, verification: verification?.serviceStatus ?? null };
}

/** A line to price: a shop product (both discounts may apply) or membership dues (verification only). */
export interface PriceableLine {
  kind: "product" | "dues";
  unitPriceCents: number;
  quantity: number;
}

export interface AppliedDiscount {
  kind: DiscountKind;
  /** The plan or the service status it comes from. */
  basis: string;
  tenths: number;
  /** "Member pricing (Premium, 10%)". */
  label: string;
}

export interface LinePrice {
  listUnitCents: number;
  /** Taken off each unit, rounded up to the cent (the buyer's favour). */
  unitDiscountCents: number;
  unitPriceCents: number;
  quantity: number;
  listTotalCents: number;
  discountCents: number;
  lineTotalCents: number;
  discount: AppliedDiscount | null;
}

export interface DiscountLine {
  kind: DiscountKind;
  label: string;
  amountCents: number;
}

export interface PricedLines<L> {
  lines: (L & { price: LinePrice })[];
  /** The items at list prices. */
  listSubtotalCents: number;
  /** One line per discount label (kind, basis and rate), in a fixed order: member pricing first. */
  discountLines: DiscountLine[];
  memberPricingCents: number;
  verificationDiscountCents: number;
  /** What the items cost after discounts (shipping is not discounted and comes on top). */
  subtotalCents: number;
}

/** The discount per unit for a rate: rounded up to the cent, so the buyer never pays the odd fraction. */
export function unitDiscount(unitPriceCents: number, tenths: number): number {
  return Math.min(unitPriceCents, Math.ceil((unitPriceCents * tenths) / 1000));
}

/**
 * The single best discount for one line (ADR 0019: the better one, never both): member pricing for a
 * product while the plan is active or in grace, the verification discount on products and dues. On a
 * tie member pricing is named (the amount is the same).
 */
export function bestDiscount(kind: PriceableLine["kind"], rates: PricingRates, benefits: BuyerBenefits): AppliedDiscount | null {
  const candidates: AppliedDiscount[] = [];
  if (kind === "product" && benefits.plan) {
    const tenths = benefits.plan === "elite" ? rates.eliteTenths : rates.premiumTenths;
    candidates.push({ kind: "member-pricing", basis: benefits.plan, tenths, label: discountLabel("member-pricing", basisLabel("member-pricing", benefits.plan), tenths) });
  }
  if (benefits.verification) {
    const tenths = rates.verificationTenths;
    candidates.push({
      kind: "verified-service",
      basis: benefits.verification,
      tenths,
      label: discountLabel("verified-service", basisLabel("verified-service", benefits.verification), tenths),
    });
  }
  const best = candidates.filter((c) => c.tenths > 0).reduce<AppliedDiscount | null>((a, c) => (a && a.tenths >= c.tenths ? a : c), null);
  return best;
}

/** Prices lines with given rates and benefits (no database): what every page and the order use. */
export function priceLines<L extends PriceableLine>(lines: L[], rates: PricingRates, benefits: BuyerBenefits): PricedLines<L> {
  const discounts = new Map<string, DiscountLine>();
  let memberPricingCents = 0;
  let verificationDiscountCents = 0;
  let listSubtotalCents = 0;
  const priced = lines.map((line) => {
    const discount = bestDiscount(line.kind, rates, benefits);
    const unitDiscountCents = discount ? unitDiscount(line.unitPriceCents, discount.tenths) : 0;
    const listTotalCents = line.unitPriceCents * line.quantity;
    const discountCents = unitDiscountCents * line.quantity;
    listSubtotalCents += listTotalCents;
    if (discount && discountCents > 0) {
      if (discount.kind === "member-pricing") memberPricingCents += discountCents;
      else verificationDiscountCents += discountCents;
      const grouped = discounts.get(discount.label) ?? { kind: discount.kind, label: discount.label, amountCents: 0 };
      grouped.amountCents += discountCents;
      discounts.set(discount.label, grouped);
    }
    const price: LinePrice = {
      listUnitCents: line.unitPriceCents,
      unitDiscountCents,
      unitPriceCents: line.unitPriceCents - unitDiscountCents,
      quantity: line.quantity,
      listTotalCents,
      discountCents,
      lineTotalCents: listTotalCents - discountCents,
      discount: discountCents > 0 ? discount : null,
    };
    return { ...line, price };
  });
  const discountLines = [...discounts.values()].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "member-pricing" ? -1 : 1));
  return {
    lines: priced,
    listSubtotalCents,
    discountLines,
    memberPricingCents,
    verificationDiscountCents,
    subtotalCents: listSubtotalCents - memberPricingCents - verificationDiscountCents,
  };
}

/**
 * The one pricing service (ADR 0019): reads the rates, the buyer's plan and verification at `at`, and
 * prices the lines. `userId` null is a guest. Pass the order's transaction to price inside it.
 */
export async function priceForBuyer<L extends PriceableLine>(db: DbOrTransaction, userId: string | null, lines: L[], at: Date = clock.now()): Promise<PricedLines<L>> {
  const [rates, benefits] = await Promise.all([getPricingRates(db), buyerBenefits(db, userId, at)]);
  return priceLines(lines, rates, benefits);
}

export interface ProductPriceView {
  listCents: number;
  /** The viewer's own discount, when they have one now. */
  yours: { unitCents: number; label: string } | null;
  /** What Premium and Elite members pay, for a viewer without member pricing (a visitor, a Basic member). */
  memberPrices: { premiumCents: number; eliteCents: number } | null;
}

/** The product page's price for whoever looks (a visitor: null). */
export async function productPriceForViewer(db: DbOrTransaction, userId: string | null, listCents: number, at: Date = clock.now()): Promise<ProductPriceView> {
  const [rates, benefits] = await Promise.all([getPricingRates(db), buyerBenefits(db, userId, at)]);
  const [line] = priceLines([{ kind: "product" as const, unitPriceCents: listCents, quantity: 1 }], rates, benefits).lines;
  const discount = line?.price.discount;
  const memberPrice = (tenths: number) => listCents - unitDiscount(listCents, tenths);
  return {
    listCents,
    yours: discount && line ? { unitCents: line.price.unitPriceCents, label: discount.label } : null,
    memberPrices:
      benefits.plan || (memberPrice(rates.premiumTenths) === listCents && memberPrice(rates.eliteTenths) === listCents)
        ? null
        : { premiumCents: memberPrice(rates.premiumTenths), eliteCents: memberPrice(rates.eliteTenths) },
  };
}
