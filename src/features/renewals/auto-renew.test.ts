// @module-tag second-clock: renewal dates a year on from today.
/**
 * Automatic yearly renewal of a membership by card (ADR 0021), through the Stripe SDK against the local
 * stand-in, with its webhooks delivered to the real route: set-up without a charge while the year runs,
 * each yearly charge extending the membership once (an order, a receipt), a declined card, cancelling in
 * the portal, and a desk refund taking back only the year it paid for.
 */
import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { membershipSubscriptions } from "@/db/schema/memberships";
import { memberships, orderLines, orders } from "@/db/schema/orders";
import { refundCardOrder } from "@/features/orders/orders-desk.service";
import { getStripe } from "@/lib/payments/stripe";
import { approveVerification, days, giveMembership, insertMember } from "../../../test/benefits";
import { cancelSubscription, failSubscriptionPayment, payCheckout, renewSubscription, resendEvent, withStripeSite } from "../../../test/stripe-site";
import { AutoRenewRefusal } from "./auto-renew-notices";
import { autoRenewOf, openRenewalPortal, startAutoRenewCheckout } from "./auto-renew.service";
import { listMemberships } from "@/features/memberships/memberships-desk.queries";

delete process.env.SMTP_URL;

const stripeSite = withStripeSite();
const stripe = () => getStripe()!;
const urls = { success: "http://localhost/profile?tab=membership&auto-renew=started", cancel: "http://localhost/profile?tab=membership" };
const desk = { id: null, email: "desk@example.org" };
const aYearAfter = (date: Date) => DateTime.fromJSDate(date, { zone: "America/Chicago" }).plus({ months: 12 }).toJSDate();

/** A Premium member whose year ends `renewsOn` (the stand-in's charges happen now, in real time). */
async function member(renewsOn: Date | null) {
  const id = await insertMember(getDb());
  const [row] = await getDb().select({ email: user.email }).from(user).where(eq(user.id, id));
  if (renewsOn) await giveMembership(getDb(), id, "premium", renewsOn);
  return { id, email: row!.email };
}

async function expiryOf(userId: string) {
  const [row] = await getDb().select({ renewsOn: memberships.renewsOn, plan: memberships.plan }).from(memberships).where(eq(memberships.userId, userId));
  return row;
}

async function subscriptionOf(userId: string) {
  const [row] = await getDb().select().from(membershipSubscriptions).where(eq(membershipSubscriptions.userId, userId));
  return row!;
}

const ordersOf = (userId: string) => getDb().select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.placedAt);
const mails = (to: string, kind: string) => getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
const outcome = (delivery: { status: number; body: string }) => (JSON.parse(delivery.body) as { outcome: string }).outcome;

/** The member turns renewal on and finishes Stripe Checkout; answers the form Stripe was sent. */
async function turnOn(m: { id: string; email: string }, now = new Date()) {
  await payCheckout(await startAutoRenewCheckout(getDb(), stripe(), m, urls, now));
  const sent = stripeSite.standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.form;
  return { sent, subscriptionId: (await subscriptionOf(m.id)).stripeSubscriptionId! };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AutoRenewRefusal);
  return (error as AutoRenewRefusal).notice;
}

describe("turning automatic renewal on", () => {
  it("while the year runs charges nothing now: the first yearly charge falls on the expiry", async () => {
    const renewsOn = new Date(Date.now() + days(100));
    const m = await member(renewsOn);
    const { sent } = await turnOn(m);
    expect(Object.fromEntries(sent)).toMatchObject({
      mode: "subscription",
      customer_email: m.email,
      "line_items[0][price_data][unit_amount]": "9900",
      "line_items[0][price_data][recurring][interval]": "year",
      "subscription_data[trial_end]": String(Math.floor(renewsOn.getTime() / 1000)),
      "subscription_data[metadata][kind]": "membership-renewal",
    });
    expect(await subscriptionOf(m.id)).toMatchObject({ status: "active", plan: "premium", listPriceCents: 9900, discountCents: 0, stripeCustomerId: expect.stringMatching(/^cus_/) });
    expect(await autoRenewOf(getDb(), m.id)).toEqual({ status: "active", plan: "premium", amountCents: 9900 });
    expect(await ordersOf(m.id)).toEqual([]);
    expect((await expiryOf(m.id))!.renewsOn).toEqual(renewsOn);
    const [confirmation] = await mails(m.email, "membership-auto-renew-on");
    expect(confirmation!.textBody).toContain("Nothing is charged now.");
    expect(confirmation!.textBody).toContain("your card will be charged $99.00 for another year");

    expect(await refusal(startAutoRenewCheckout(getDb(), stripe(), m, urls))).toBe("already-on");
    // Staff see it on the memberships desk.
    const { rows } = await listMemberships(getDb(), "active");
    expect(rows.find((row) => row.userId === m.id)).toMatchObject({ autoRenew: "active" });
  });

  it("for a lapsed membership charges today, and the new year starts today", async () => {
    const m = await member(new Date(Date.now() - days(60)));
    const before = new Date(Math.floor(Date.now() / 1000) * 1000); // Stripe's times are in whole seconds
    const { sent } = await turnOn(m);
    expect(sent.has("subscription_data[trial_end]")).toBe(false);
    const [order] = await ordersOf(m.id);
    expect(order).toMatchObject({ status: "paid", totalCents: 9900, paymentMethod: "stripe", stripePaymentIntentId: expect.stringMatching(/^pi_/) });
    const { renewsOn } = (await expiryOf(m.id))!;
    expect(renewsOn.getTime()).toBeGreaterThanOrEqual(aYearAfter(before).getTime());
    expect(renewsOn.getTime()).toBeLessThanOrEqual(aYearAfter(new Date()).getTime());
    expect(await mails(m.email, "membership-receipt")).toHaveLength(1);
    expect((await mails(m.email, "membership-auto-renew-on"))[0]!.textBody).toContain("Your card was charged $99.00 today");
  });

  it("keeps a verified member's discount in the yearly price, and each renewal order records it", async () => {
    const m = await member(new Date(Date.now() + days(100)));
    await approveVerification(getDb(), m.id, "veteran", new Date(Date.now() + days(400)));
    const { sent, subscriptionId } = await turnOn(m);
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("8910");
    await renewSubscription(stripeSite.standIn, subscriptionId);
    const [order] = await ordersOf(m.id);
    expect(order).toMatchObject({ subtotalCents: 9900, verificationDiscountCents: 990, totalCents: 8910 });
    expect(await getDb().select().from(orderLines).where(eq(orderLines.orderId, order!.id))).toEqual([
      expect.objectContaining({ membershipPlan: "premium", unitPriceCents: 9900, unitDiscountCents: 990, discountKind: "verified-service", discountBasis: "veteran" }),
    ]);
  });

  it("set up twice at once (two tabs): only the first is put in force, and no webhook fails", async () => {
    const m = await member(new Date(Date.now() + days(100)));
    const first = await startAutoRenewCheckout(getDb(), stripe(), m, urls);
    const second = await startAutoRenewCheckout(getDb(), stripe(), m, urls);
    await payCheckout(first);
    await payCheckout(second); // throws if the site answered a webhook with an error
    const rows = await getDb().select({ status: membershipSubscriptions.status }).from(membershipSubscriptions).where(eq(membershipSubscriptions.userId, m.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["active", "pending"]);
  });

  it("is refused to a member without a paid plan, storing nothing", async () => {
    const m = await member(null);
    expect(await refusal(startAutoRenewCheckout(getDb(), stripe(), m, urls))).toBe("no-plan");
    expect(await getDb().select().from(membershipSubscriptions).where(eq(membershipSubscriptions.userId, m.id))).toEqual([]);
  });
});

describe("the yearly charge", () => {
  it("extends the membership by a year once, with a paid order and a receipt, even when Stripe delivers it twice", async () => {
    const renewsOn = new Date(Date.now() + days(100));
    const m = await member(renewsOn);
    const { subscriptionId } = await turnOn(m);
    const renewal = await renewSubscription(stripeSite.standIn, subscriptionId);
    expect(outcome(renewal)).toBe("renewed");
    expect((await expiryOf(m.id))!.renewsOn).toEqual(aYearAfter(renewsOn));
    const [order] = await ordersOf(m.id);
    expect(order).toMatchObject({ status: "paid", totalCents: 9900, stripePaymentIntentId: renewal.paymentIntent, idempotencyKey: `stripe-invoice:${renewal.invoice}` });
    expect(await mails(m.email, "membership-receipt")).toHaveLength(1);

    const paidEvent = stripeSite.standIn.events.filter((e) => e.type === "invoice.paid").at(-1)!;
    expect(outcome(await resendEvent(stripeSite.standIn, paidEvent.id))).toBe("duplicate");
    expect(await ordersOf(m.id)).toHaveLength(1);
    expect((await expiryOf(m.id))!.renewsOn).toEqual(aYearAfter(renewsOn));
  });

  it("declined: the member is told once, with the end of their benefits; a later paid retry puts it back in force", async () => {
    const m = await member(new Date(Date.now() + days(100)));
    const { subscriptionId } = await turnOn(m);
    const declined = await failSubscriptionPayment(stripeSite.standIn, subscriptionId);
    expect(outcome(declined)).toBe("payment-failed");
    expect(await autoRenewOf(getDb(), m.id)).toMatchObject({ status: "past_due" });
    const failedEvent = stripeSite.standIn.events.filter((e) => e.type === "invoice.payment_failed").at(-1)!;
    expect(outcome(await resendEvent(stripeSite.standIn, failedEvent.id))).toBe("duplicate");
    const [told] = await mails(m.email, "membership-auto-renew-failed");
    expect(told!.textBody).toContain("Your member benefits go on until");
    expect(await mails(m.email, "membership-auto-renew-failed")).toHaveLength(1);

    expect(outcome(await renewSubscription(stripeSite.standIn, subscriptionId))).toBe("renewed");
    expect(await subscriptionOf(m.id)).toMatchObject({ status: "active", lastFailedInvoiceId: null });
  });
});

describe("managing it", () => {
  it("the customer portal cancels it: renewal is off, the member is told, and the paid time stays", async () => {
    const renewsOn = new Date(Date.now() + days(100));
    const m = await member(renewsOn);
    const { subscriptionId } = await turnOn(m);
    const portal = await openRenewalPortal(getDb(), stripe(), m.id, "http://localhost/profile?tab=membership");
    expect(portal).toMatch(new RegExp(`^${stripeSite.standIn.url}/p/session/bps_`));
    const cancelled = await fetch(`${portal}/cancel`, { method: "POST", body: new URLSearchParams({ subscription: subscriptionId }), redirect: "manual" });
    expect(cancelled.status).toBe(303);
    expect(await subscriptionOf(m.id)).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
    expect(await autoRenewOf(getDb(), m.id)).toBeNull();
    expect((await expiryOf(m.id))!.renewsOn).toEqual(renewsOn);
    expect((await mails(m.email, "membership-auto-renew-off"))[0]!.textBody).toContain("no more charges will be made");
    expect(await refusal(openRenewalPortal(getDb(), stripe(), m.id, "http://localhost/profile"))).toBe("nothing-to-manage");
    // Cancelled twice (the dashboard too): nothing more.
    expect((await cancelSubscription(stripeSite.standIn, subscriptionId)).status).toBe(409);
    expect(await mails(m.email, "membership-auto-renew-off")).toHaveLength(1);
  });

  it("a desk refund takes back only the year that order paid for; with no paid time left the membership ends", async () => {
    const renewsOn = new Date(Date.now() + days(100));
    const early = await member(renewsOn);
    const { subscriptionId } = await turnOn(early);
    await renewSubscription(stripeSite.standIn, subscriptionId);
    const [renewalOrder] = await ordersOf(early.id);
    // The year before came from an earlier paid order of theirs.
    await getDb().insert(orders).values({
      userId: early.id, email: early.email, contactName: "Test Member", phone: "", fulfilment: "none", subtotalCents: 9900, shippingCents: 0, totalCents: 9900,
      paymentMethod: "pay_later", status: "paid", paidAt: new Date(Date.now() - days(265)), placedAt: new Date(Date.now() - days(265)), idempotencyKey: `earlier-${early.id}`,
    }).returning().then(([earlier]) => getDb().insert(orderLines).values({ orderId: earlier!.id, membershipPlan: "premium", name: "Premium Membership", unitPriceCents: 9900, quantity: 1 }));
    await refundCardOrder(getDb(), stripe(), desk, renewalOrder!.id);
    expect(await expiryOf(early.id)).toEqual({ renewsOn, plan: "premium" });

    // Time recorded at the desk (no order) stays when a later card renewal is refunded.
    const atDesk = await member(renewsOn);
    await renewSubscription(stripeSite.standIn, (await turnOn(atDesk)).subscriptionId);
    await refundCardOrder(getDb(), stripe(), desk, (await ordersOf(atDesk.id))[0]!.id);
    expect(await expiryOf(atDesk.id)).toEqual({ renewsOn, plan: "premium" });

    const lapsed = await member(new Date(Date.now() - days(60)));
    await turnOn(lapsed);
    const [paidToday] = await ordersOf(lapsed.id);
    await refundCardOrder(getDb(), stripe(), desk, paidToday!.id);
    expect(await expiryOf(lapsed.id)).toBeUndefined();
  });
});
