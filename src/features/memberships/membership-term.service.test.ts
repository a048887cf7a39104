import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { memberships, orderLines, orders } from "@/db/schema/orders";
import { auditLog } from "@/db/schema/staff";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { createMembers } from "../../../test/events";
import { getMembership } from "@/features/renewals/my-membership.queries";
import { markOrderPaid } from "@/features/orders/orders.service";
import { benefitValues, giftPartCents } from "./membership-benefits";
import { extendMembership } from "./membership-term.service";
import { benefitValuesSchema, deskRenewalSchema } from "./memberships-desk.schema";
import { recordDeskRenewal, setBenefitValues } from "./memberships-desk.service";

delete process.env.SMTP_URL;

const DAY = 86_400_000;
const NOW = new Date("2027-03-10T18:00:00Z");
const staff = { id: null, email: "desk@example.org" };

async function member(label: string, current?: { plan: "premium" | "elite"; renewsOn: Date }) {
  const [m] = await createMembers(1, label);
  if (current) await testDb().insert(memberships).values({ userId: m!.id, plan: current.plan, startedAt: new Date("2025-01-05T18:00:00Z"), renewsOn: current.renewsOn });
  return m!;
}

const rowOf = async (userId: string) => (await testDb().select().from(memberships).where(eq(memberships.userId, userId)))[0];

/** An order for one membership, awaiting payment, as checkout leaves it. */
async function membershipOrder(userId: string, email: string, plan: "premium" | "elite", priceCents: number, discountCents = 0) {
  const number = Math.floor(Math.random() * 1e9);
  const [order] = await testDb()
    .insert(orders)
    .values({
      number,
      userId,
      email,
      contactName: "Sam Member",
      phone: "512 555 0100",
      fulfilment: "none",
      subtotalCents: priceCents,
      verificationDiscountCents: discountCents,
      shippingCents: 0,
      totalCents: priceCents - discountCents,
      paymentMethod: "pay_later",
      idempotencyKey: `k-${number}`,
    })
    .returning({ id: orders.id });
  await testDb().insert(orderLines).values({ orderId: order!.id, membershipPlan: plan, name: `${plan} membership`, unitPriceCents: priceCents, quantity: 1,
    ...(discountCents > 0 ? { unitDiscountCents: discountCents, discountKind: "verified-service" as const, discountTenths: 100, discountBasis: "veteran" } : {}) });
  return order!.id;
}

describe("the renewal rule", () => {
  it("adds a year to the current expiry when renewed early, keeping 'member since'", async () => {
    const m = await member("early", { plan: "premium", renewsOn: new Date("2027-05-01T05:00:00Z") });
    const term = await extendMembership(testDb(), { userId: m.id, plan: "premium", at: NOW });
    expect(term.renewsOn).toEqual(new Date("2028-05-01T05:00:00Z"));
    expect(term.startedAt).toEqual(new Date("2025-01-05T18:00:00Z"));
  });

  it("starts a year from today in grace or after lapsing ('member since' kept in grace only)", async () => {
    const grace = await member("grace", { plan: "premium", renewsOn: new Date(NOW.getTime() - 3 * DAY) });
    const inGrace = await extendMembership(testDb(), { userId: grace.id, plan: "premium", at: NOW });
    expect(inGrace.renewsOn).toEqual(new Date("2028-03-10T18:00:00Z"));
    expect(inGrace.startedAt).toEqual(new Date("2025-01-05T18:00:00Z"));
    const lapsed = await member("lapsed", { plan: "elite", renewsOn: new Date(NOW.getTime() - 40 * DAY) });
    const again = await extendMembership(testDb(), { userId: lapsed.id, plan: "elite", at: NOW });
    expect(again).toMatchObject({ renewsOn: new Date("2028-03-10T18:00:00Z"), startedAt: NOW });
  });

  it("applies a change of plan at once and carries the paid time over", async () => {
    const m = await member("upgrade", { plan: "premium", renewsOn: new Date("2027-09-01T05:00:00Z") });
    await extendMembership(testDb(), { userId: m.id, plan: "elite", at: NOW });
    expect(await rowOf(m.id)).toMatchObject({ plan: "elite", renewsOn: new Date("2028-09-01T05:00:00Z") });
  });
});

describe("a paid membership order", () => {
  it("states on the receipt what was paid after a verified service discount, and the gift part of that", async () => {
    const m = await member("discounted-dues");
    const orderId = await membershipOrder(m.id, m.email, "premium", 9900, 990);
    expect(await markOrderPaid(testDb(), orderId, NOW)).toBe(true);
    const [receipt] = await testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, m.email), eq(emailOutbox.kind, "membership-receipt")));
    const values = await benefitValues(testDb());
    expect(receipt!.textBody).toContain("Amount paid: $89.10");
    expect(receipt!.textBody).toContain(`$${(giftPartCents(8910, values.premium) / 100).toFixed(2)} is a gift`);
  });

  it("renews by the rule once, and emails a receipt with the benefits, their value and the gift part (Publication 1771)", async () => {
    const m = await member("receipt", { plan: "elite", renewsOn: new Date("2027-04-01T05:00:00Z") });
    const orderId = await membershipOrder(m.id, m.email, "elite", 19900);
    expect(await markOrderPaid(testDb(), orderId, NOW)).toBe(true);
    expect(await markOrderPaid(testDb(), orderId, NOW)).toBe(false);
    expect(await rowOf(m.id)).toMatchObject({ plan: "elite", orderId, renewsOn: new Date("2028-04-01T05:00:00Z") });
    const receipts = await testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, m.email), eq(emailOutbox.kind, "membership-receipt")));
    expect(receipts).toHaveLength(1);
    const text = receipts[0]!.textBody;
    expect(receipts[0]!.subject).toMatch(/^Your Elite membership receipt \(order VVA-\d+\)$/);
    expect(text).toContain("Amount paid: $199.00");
    expect(text).toContain("Elite-only leadership and mentorship events");
    const values = await benefitValues(testDb());
    expect(text).toContain(`Our good-faith estimate of the value of these benefits is $${(values.elite / 100).toFixed(2)}.`);
    expect(text).toContain(`$${((19900 - values.elite) / 100).toFixed(2)} is a gift`);
    expect(text).toMatch(/EIN: \S+/);
    expect(text).toContain("It now runs until April 1, 2028.");
  });

  it("never states a negative gift", () => {
    expect(giftPartCents(9900, 2500)).toBe(7400);
    expect(giftPartCents(2000, 2500)).toBe(0);
  });
});

describe("the profile's membership tab", () => {
  it("shows active, in grace (with the end of benefits) and lapsed from the dates", async () => {
    const m = await member("standing", { plan: "premium", renewsOn: new Date("2027-03-20T05:00:00Z") });
    expect(await getMembership(testDb(), m.id, NOW)).toMatchObject({ plan: "Premium", status: "active", paidPlanId: "premium" });
    const inGrace = await getMembership(testDb(), m.id, new Date("2027-03-25T05:00:00Z"));
    expect(inGrace).toMatchObject({ status: "grace", benefitsUntil: new Date("2027-04-03T05:00:00Z") });
    expect(await getMembership(testDb(), m.id, new Date("2027-04-03T05:00:00Z"))).toMatchObject({ plan: "Premium", status: "lapsed" });
  });
});

describe("the staff memberships desk", () => {
  it("records a desk renewal by the same rule, audited", async () => {
    const m = await member("desk", { plan: "premium", renewsOn: new Date("2027-04-01T05:00:00Z") });
    const renewed = await recordDeskRenewal(testDb(), staff, deskRenewalSchema.parse({ email: ` ${m.email.toUpperCase()} `, plan: "premium", amount: "99.00", method: "cash", confirm: "yes" }), NOW);
    expect(renewed.renewsOn).toEqual(new Date("2028-04-01T05:00:00Z"));
    const [entry] = await testDb().select().from(auditLog).where(eq(auditLog.recordId, m.id)).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: "membership.desk-renewal", actorEmail: "desk@example.org" });
  });

  it("refuses an unknown member beside the field and changes nothing", async () => {
    const error = await recordDeskRenewal(testDb(), staff, deskRenewalSchema.parse({ email: "nobody-here@example.com", plan: "elite", amount: "199", method: "check", confirm: "yes" }), NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormError);
    expect((error as FormError).field).toBe("email");
  });

  it("refuses bad input beside each field", () => {
    for (const [input, field] of [
      [{ email: "not-an-address", plan: "premium", amount: "99", method: "cash", confirm: "yes" }, "email"],
      [{ email: "a@example.com", plan: "gold", amount: "99", method: "cash", confirm: "yes" }, "plan"],
      [{ email: "a@example.com", plan: "premium", amount: "99", method: "cash" }, "confirm"],
      [{ email: "a@example.com\u0000", plan: "premium", amount: "99", method: "cash", confirm: "yes" }, "email"],
      [{ email: "a@example.com", plan: "premium", amount: "-99", method: "cash", confirm: "yes" }, "amount"],
      [{ email: "a@example.com", plan: "premium", amount: "", method: "cash", confirm: "yes" }, "amount"],
      [{ email: "a@example.com", plan: "premium", amount: "99", method: "bitcoin", confirm: "yes" }, "method"],
      [{ email: "a@example.com", plan: "premium", amount: "99", confirm: "yes" }, "method"],
    ] as const) {
      expect(deskRenewalSchema.safeParse(input).error?.issues[0]?.path, JSON.stringify(input)).toEqual([field]);
    }
    for (const premium of ["-1", "abc", "1e3", "2000", "", "25.999"]) {
      expect(benefitValuesSchema.safeParse({ premium, elite: "50" }).error?.issues[0]?.path, premium).toEqual(["premium"]);
    }
    expect(benefitValuesSchema.parse({ premium: "$30", elite: "0" })).toEqual({ premium: 3000, elite: 0 });
  });

  it("sets the benefits' value, which the next receipt states", async () => {
    await setBenefitValues(testDb(), staff, { premium: 3000, elite: 6000 }, NOW);
    expect(await benefitValues(testDb())).toEqual({ premium: 3000, elite: 6000 });
    const m = await member("new-value");
    const orderId = await membershipOrder(m.id, m.email, "premium", 9900);
    await markOrderPaid(testDb(), orderId, NOW);
    const [receipt] = await testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, m.email), eq(emailOutbox.kind, "membership-receipt")));
    expect(receipt!.textBody).toContain("value of these benefits is $30.00");
    expect(receipt!.textBody).toContain("$69.00 is a gift");
    await setBenefitValues(testDb(), staff, { premium: 2500, elite: 5000 }, NOW);
  });
});
