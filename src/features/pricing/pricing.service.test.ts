// @module-tag second-clock: membership standing (active, in grace, lapsed) follows the date.
import { and, desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { orderLines, orders } from "@/db/schema/orders";
import { pricingRates } from "@/db/schema/pricing";
import { auditLog } from "@/db/schema/staff";
import { serviceVerifications } from "@/db/schema/verifications";
import { FormError } from "@/lib/form-state";
import * as clock from "@/lib/clock";
import { approveVerification, days, giveMembership, insertMember } from "../../../test/benefits";
import { checkoutInput, fillCart, newVisitor } from "../../../test/checkout";
import { variantId } from "../../../test/shop";
import type { CartOwner } from "../cart/cart-owner";
import { addMembershipToCart } from "../cart/cart.service";
import { getOrderForViewer } from "../orders/orders.queries";
import { TOTAL_CHANGED, placeOrder } from "../orders/orders.service";
import { savePricingRates } from "./pricing-desk.service";
import { DEFAULT_RATES } from "./pricing-rates";
import { pricingRatesSchema } from "./pricing-desk.schema";
import { getPricingRates, priceForBuyer, priceLines, productPriceForViewer, unitDiscount } from "./pricing.service";
import { getPricedCart } from "../cart/priced-cart";

const db = getDb();
const STAFF = { id: null, email: "pricing-staff@example.com" };
const product = (unitPriceCents: number, quantity = 1) => ({ kind: "product" as const, unitPriceCents, quantity });
const dues = (unitPriceCents: number) => ({ kind: "dues" as const, unitPriceCents, quantity: 1 });

afterEach(async () => {
  // Rates are one row for the whole database: each test starts from the defaults.
  await db.delete(pricingRates);
});

async function memberWith(plan: "premium" | "elite" | null, renewsInDays = 100): Promise<string> {
  const userId = await insertMember(db);
  if (plan) await giveMembership(db, userId, plan, new Date(clock.now().getTime() + days(renewsInDays)));
  return userId;
}

describe("the pricing service (ADR 0019)", () => {
  it("gives a guest and a Basic member list prices", async () => {
    for (const buyer of [null, await memberWith(null)]) {
      const priced = await priceForBuyer(db, buyer, [product(2999, 2), dues(9900)]);
      expect(priced.discountLines).toEqual([]);
      expect(priced.subtotalCents).toBe(2 * 2999 + 9900);
      expect(priced.lines.map((l) => l.price.discount)).toEqual([null, null]);
    }
  });

  it("gives member pricing per plan on products only, not on dues", async () => {
    const premium = await priceForBuyer(db, await memberWith("premium"), [product(3000, 2), dues(19900)]);
    expect(premium.lines[0]!.price).toMatchObject({ listUnitCents: 3000, unitDiscountCents: 300, unitPriceCents: 2700, lineTotalCents: 5400, discount: { kind: "member-pricing", basis: "premium", tenths: 100 } });
    expect(premium.lines[1]!.price).toMatchObject({ unitDiscountCents: 0, lineTotalCents: 19900, discount: null });
    expect(premium.discountLines).toEqual([{ kind: "member-pricing", label: "Member pricing (Premium, 10%)", amountCents: 600 }]);
    expect(premium).toMatchObject({ listSubtotalCents: 25900, memberPricingCents: 600, verificationDiscountCents: 0, subtotalCents: 25300 });

    const elite = await priceForBuyer(db, await memberWith("elite"), [product(3000, 2)]);
    expect(elite.discountLines).toEqual([{ kind: "member-pricing", label: "Member pricing (Elite, 15%)", amountCents: 900 }]);
  });

  it("keeps member pricing in grace and ends it when the membership lapses", async () => {
    const inGrace = await memberWith("premium", -3); // expired 3 days ago: grace is 14 days
    expect((await priceForBuyer(db, inGrace, [product(3000)])).memberPricingCents).toBe(300);
    const lapsed = await memberWith("premium", -15);
    expect((await priceForBuyer(db, lapsed, [product(3000)])).memberPricingCents).toBe(0);
    // The same member, priced at an instant after their grace ended, pays list price.
    expect((await priceForBuyer(db, inGrace, [product(3000)], new Date(clock.now().getTime() + days(12)))).memberPricingCents).toBe(0);
  });

  it("gives the verification discount on products and membership dues", async () => {
    const verified = await memberWith(null);
    await approveVerification(db, verified, "veteran", new Date(clock.now().getTime() + days(200)));
    const priced = await priceForBuyer(db, verified, [product(2999), dues(9900)]);
    expect(priced.lines[1]!.price).toMatchObject({ unitDiscountCents: 990, lineTotalCents: 8910, discount: { kind: "verified-service", basis: "veteran", tenths: 100 } });
    expect(priced.discountLines).toEqual([{ kind: "verified-service", label: "Verified service discount (Veteran, 10%)", amountCents: 300 + 990 }]);
    expect(priced).toMatchObject({ verificationDiscountCents: 1290, memberPricingCents: 0 });
  });

  it("takes the better discount per line, never both", async () => {
    const elite = await memberWith("elite");
    await approveVerification(db, elite, "law-enforcement", new Date(clock.now().getTime() + days(200)));
    const priced = await priceForBuyer(db, elite, [product(2000), dues(19900)]);
    // Product: Elite 15 % beats 10 %; dues: only the verification applies.
    expect(priced.lines.map((l) => [l.price.discount?.kind, l.price.unitDiscountCents])).toEqual([
      ["member-pricing", 300],
      ["verified-service", 1990],
    ]);
    expect(priced.discountLines.map((d) => d.label)).toEqual(["Member pricing (Elite, 15%)", "Verified service discount (Law Enforcement, 10%)"]);

    // With the verification rate above Premium's, a verified Premium member gets the verification rate on products.
    const premium = await memberWith("premium");
    await approveVerification(db, premium, "veteran", new Date(clock.now().getTime() + days(200)));
    await savePricingRates(db, STAFF, { premium: 100, elite: 150, verification: 125 });
    const better = await priceForBuyer(db, premium, [product(2000)]);
    expect(better.lines[0]!.price).toMatchObject({ unitDiscountCents: 250, discount: { kind: "verified-service", tenths: 125 } });
    expect(better.memberPricingCents).toBe(0);
  });

  it("takes the discount per unit, rounded up to the cent in the buyer's favour", () => {
    expect(unitDiscount(1999, 100)).toBe(200); // 199.9 ¢
    expect(unitDiscount(1999, 125)).toBe(250); // 249.875 ¢
    expect(unitDiscount(1000, 150)).toBe(150);
    expect(unitDiscount(1, 500)).toBe(1);
    const priced = priceLines([product(1999, 3)], DEFAULT_RATES, { plan: "premium", verification: null });
    expect(priced.lines[0]!.price).toMatchObject({ unitDiscountCents: 200, unitPriceCents: 1799, discountCents: 600, lineTotalCents: 5397 });
  });

  it("uses the rates staff save, at once, and records the change in the audit log", async () => {
    expect(await getPricingRates(db)).toEqual(DEFAULT_RATES);
    const premium = await memberWith("premium");
    await savePricingRates(db, STAFF, { premium: 200, elite: 250, verification: 50 });
    expect(await getPricingRates(db)).toEqual({ premiumTenths: 200, eliteTenths: 250, verificationTenths: 50 });
    expect((await priceForBuyer(db, premium, [product(3000)])).discountLines).toEqual([{ kind: "member-pricing", label: "Member pricing (Premium, 20%)", amountCents: 600 }]);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, "pricing.update"), eq(auditLog.actorEmail, STAFF.email))).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ recordType: "pricing_rates", after: { premiumTenths: 200, eliteTenths: 250, verificationTenths: 50 } });

    // A rate of 0 turns a discount off.
    await savePricingRates(db, STAFF, { premium: 0, elite: 150, verification: 100 });
    expect((await priceForBuyer(db, premium, [product(3000)])).discountLines).toEqual([]);
  });

  it("accepts 0 to 50 %, whole or with one decimal, and refuses anything else beside its field", () => {
    expect(pricingRatesSchema.parse({ premium: "12.5", elite: " 50 ", verification: "0" })).toEqual({ premium: 125, elite: 500, verification: 0 });
    for (const bad of ["50.1", "51", "-1", "12.55", "1e1", "abc", "", "10%", "0x10", "１０"]) {
      const result = pricingRatesSchema.safeParse({ premium: bad, elite: "15", verification: "10" });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["premium"]);
      expect(result.error?.issues[0]?.message).toContain("from 0 to 50");
    }
  });

  it("shows a product's price to each viewer: their own, or what members pay", async () => {
    expect(await productPriceForViewer(db, null, 3000)).toEqual({ listCents: 3000, yours: null, memberPrices: { premiumCents: 2700, eliteCents: 2550 } });
    const premium = await memberWith("premium");
    expect(await productPriceForViewer(db, premium, 3000)).toEqual({ listCents: 3000, yours: { unitCents: 2700, label: "Member pricing (Premium, 10%)" }, memberPrices: null });
  });
});

describe("discounts in the order (re-checked in its transaction)", () => {
  async function memberCart(userId: string): Promise<CartOwner> {
    const owner: CartOwner = { kind: "member", userId };
    await fillCart(owner, [[await variantId("veteran-strong-tshirt", "M"), 2], [await variantId("tactical-cap"), 1]]);
    return owner;
  }

  it("records the list price, each line's discount and the order's discount totals, and says so in the email", async () => {
    const userId = await memberWith("premium");
    const owner = await memberCart(userId);
    const email = `premium-${userId}@example.com`;
    const placed = await placeOrder(db, owner, await checkoutInput(owner, { email }), "pay_later");
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    // T-shirt 29.99 → 3.00 off each; cap 24.99 → 2.50 off.
    expect(order).toMatchObject({ subtotalCents: 2 * 2999 + 2499, memberPricingCents: 2 * 300 + 250, verificationDiscountCents: 0, totalCents: 2 * 2999 + 2499 - 850 });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.id)).orderBy(orderLines.id);
    expect(lines.map((l) => [l.unitPriceCents, l.unitDiscountCents, l.discountKind, l.discountTenths, l.discountBasis])).toEqual([
      [2999, 300, "member-pricing", 100, "premium"],
      [2499, 250, "member-pricing", 100, "premium"],
    ]);
    const view = await getOrderForViewer(db, placed.id, { userId });
    expect(view?.discounts).toEqual([{ kind: "member-pricing", label: "Member pricing (Premium, 10%)", amountCents: 850 }]);
    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "order-confirmation"), eq(emailOutbox.toAddress, email)));
    expect(mail?.textBody).toContain("Member pricing (Premium, 10%): −$8.50");
    expect(mail?.textBody).toContain("Total: $76.47");

    // Rates changed later do not change an order already placed.
    await savePricingRates(db, STAFF, { premium: 300, elite: 300, verification: 300 });
    expect((await getOrderForViewer(db, placed.id, { userId }))?.totalCents).toBe(7647);
  });

  it("gives no discount when the verification expired between the cart and the order", async () => {
    const userId = await memberWith(null);
    const expiresAt = new Date(clock.now().getTime() + 60_000);
    await approveVerification(db, userId, "first-responder", expiresAt);
    const owner: CartOwner = { kind: "member", userId };
    await addMembershipToCart(db, userId, "premium");
    const seen = await checkoutInput(owner); // dues at 99.00 less 9.90
    expect(seen.expectedSubtotalCents).toBe(8910);
    // Priced again once the approval has expired: list price.
    const later = await getPricedCart(db, owner, new Date(expiresAt.getTime() + 1));
    expect(later.pricing.verificationDiscountCents).toBe(0);

    // The order's transaction reads the verification again: expired now, so the total the buyer saw is refused.
    await db.update(serviceVerifications).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(serviceVerifications.userId, userId));
    const refused = await placeOrder(db, owner, seen, "pay_later").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(FormError);
    expect((refused as FormError).message).toBe(TOTAL_CHANGED);
    // Confirmed again at the new total, the order records no discount.
    const placed = await placeOrder(db, owner, await checkoutInput(owner), "pay_later");
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ subtotalCents: 9900, verificationDiscountCents: 0, totalCents: 9900 });
  });

  it("re-reads the plan in the transaction: a guest cart gets no member pricing", async () => {
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
    const placed = await placeOrder(db, owner, await checkoutInput(owner), "pay_later");
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ subtotalCents: 2499, memberPricingCents: 0, totalCents: 2499 });
  });
});
