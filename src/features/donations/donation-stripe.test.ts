/**
 * Card gifts end to end, through the Stripe SDK against the local stand-in, with its signed
 * webhooks delivered to the site's real webhook route: one-time and monthly gifts, their receipts,
 * replays, refunds, declined monthly charges, ended subscriptions, and the portal link in receipts.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { POST as webhook } from "@/app/api/stripe/webhook/route";
import { getDb } from "@/db/client";
import { donations, recurringDonations } from "@/db/schema/donations";
import { emailOutbox } from "@/db/schema/email";
import { stripeEvents } from "@/db/schema/orders";
import { getStripe } from "@/lib/payments/stripe";
import { site } from "@/lib/site";
import { form } from "../../../test/form";
import {
  cancelSubscription,
  failSubscriptionPayment,
  payCheckout,
  refundFromDashboard,
  renewSubscription,
  resendEvent,
  withStripeSite,
  type HookDelivery,
} from "../../../test/stripe-site";
import { openDonationPortalAction } from "./donations.actions";
import { planForManageToken, thankYouFor } from "./donations.queries";
import { donationSchema } from "./donations.schema";
import { startDonationCheckout } from "./donations.service";
import { NO_GOODS_OR_SERVICES } from "./emails/donation-emails";

const stripeSite = withStripeSite();
const back = { success: "http://localhost/donate/thank-you", cancel: "http://localhost/donate?gift=cancelled" };

function input(overrides: Record<string, string> = {}) {
  return donationSchema.parse({
    amount: "50",
    donorName: "Avery Brooks",
    donorEmail: `donor-${randomUUID()}@example.com`,
    tributeKind: "none",
    idempotencyKey: randomUUID(),
    ...overrides,
  });
}

const outcomeOf = (delivery: HookDelivery) => (JSON.parse(delivery.body) as { outcome: string }).outcome;

async function mailTo(to: string, kind: string) {
  return getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
    .orderBy(asc(emailOutbox.id));
}

async function giftsOf(email: string) {
  return getDb().select().from(donations).where(eq(donations.donorEmail, email)).orderBy(asc(donations.number));
}

async function planOf(email: string) {
  const [plan] = await getDb().select().from(recurringDonations).where(eq(recurringDonations.donorEmail, email));
  return plan!;
}

const lastEvent = (type: string) => stripeSite.standIn.events.findLast((event) => event.type === type)!;

function manageToken(text: string): string {
  const match = /\/donate\/manage\?token=([A-Za-z0-9_-]{43})/.exec(text);
  expect(match, "the email has a manage link").not.toBeNull();
  return match![1]!;
}

function redirectTarget(error: unknown): string {
  return String((error as { digest?: string } | undefined)?.digest ?? "").split(";")[2] ?? `no redirect: ${String(error)}`;
}

describe("a one-time card gift", () => {
  it("opens Stripe Checkout in payment mode with the Donate button and the whole amount", async () => {
    const gift = input({ coverFee: "on", tributeKind: "honor", tributeName: "Cpl. Jesse Park" });
    const url = await startDonationCheckout(getDb(), getStripe()!, gift, null, back);
    expect(url).toMatch(new RegExp(`^${stripeSite.standIn.url}/c/pay/cs_test_standin_\\d+$`));
    const [row] = await giftsOf(gift.donorEmail);
    expect(Object.fromEntries(stripeSite.standIn.requests.at(-1)!.form)).toMatchObject({
      mode: "payment",
      submit_type: "donate",
      customer_email: gift.donorEmail,
      client_reference_id: row!.id,
      "metadata[kind]": "donation",
      "metadata[donationId]": row!.id,
      "line_items[0][price_data][unit_amount]": "5180",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][quantity]": "1",
      success_url: "http://localhost/donate/thank-you?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: back.cancel,
    });
    expect(row).toMatchObject({ status: "pending", paymentMethod: "stripe", amountCents: 5000, feeCents: 180, totalCents: 5180, tributeKind: "honor", stripeCheckoutSessionId: expect.stringMatching(/^cs_/) });
  });

  it("is received when paid: receipt numbered and emailed once, even when Stripe delivers the event again", async () => {
    const gift = input({ amount: "other", customAmount: "120" });
    const url = await startDonationCheckout(getDb(), getStripe()!, gift, null, back);
    const sessionId = url.split("/").pop()!;
    expect(await thankYouFor(getDb(), sessionId)).toEqual({ frequency: "one_time", totalCents: 12000, received: false, receiptNumber: null });

    await payCheckout(url);
    const [row] = await giftsOf(gift.donorEmail);
    expect(row).toMatchObject({ status: "paid", receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/), paidAt: expect.any(Date), stripePaymentIntentId: expect.stringMatching(/^pi_/) });
    expect(await thankYouFor(getDb(), sessionId)).toEqual({ frequency: "one_time", totalCents: 12000, received: true, receiptNumber: row!.receiptNumber });

    const [receipt, ...more] = await mailTo(gift.donorEmail, "donation-receipt");
    expect(more).toHaveLength(0);
    expect(receipt!.replyTo).toBe(site.email);
    expect(receipt!.textBody).toContain(`Receipt number: ${row!.receiptNumber}`);
    expect(receipt!.textBody).toContain("Amount: $120.00");
    expect(receipt!.textBody).toContain("One-time gift, paid by card");
    expect(receipt!.textBody).toContain(NO_GOODS_OR_SERVICES);
    expect(receipt!.textBody).not.toContain("/donate/manage");

    const completed = lastEvent("checkout.session.completed");
    const replay = await resendEvent(stripeSite.standIn, completed.id);
    expect(replay.status).toBe(200);
    expect(outcomeOf(replay)).toBe("duplicate");
    expect(await giftsOf(gift.donorEmail)).toEqual([row]);
    expect(await mailTo(gift.donorEmail, "donation-receipt")).toHaveLength(1);
    expect(await getDb().$count(stripeEvents, eq(stripeEvents.id, completed.id))).toBe(1);
  });

  it("refunded from the Stripe dashboard: its receipt is void and the donor is told, once", async () => {
    const gift = input({ amount: "25" });
    await payCheckout(await startDonationCheckout(getDb(), getStripe()!, gift, null, back));
    const [paid] = await giftsOf(gift.donorEmail);

    const refund = await refundFromDashboard(stripeSite.standIn, paid!.stripePaymentIntentId!);
    expect(outcomeOf(refund)).toBe("refunded");
    const [refunded] = await giftsOf(gift.donorEmail);
    expect(refunded).toMatchObject({ status: "refunded", refundedAt: expect.any(Date), receiptNumber: paid!.receiptNumber });

    const [voided] = await mailTo(gift.donorEmail, "donation-receipt-void");
    expect(voided!.subject).toBe(`Receipt ${paid!.receiptNumber} is void: your gift was refunded`);
    expect(voided!.textBody).toContain(`Receipt ${paid!.receiptNumber} is VOID: please do not use it for a tax deduction.`);
    expect(voided!.textBody).toContain("We refunded your gift of $25.00");

    expect(outcomeOf(await resendEvent(stripeSite.standIn, lastEvent("charge.refunded").id))).toBe("duplicate");
    expect(await mailTo(gift.donorEmail, "donation-receipt-void")).toHaveLength(1);
  });

  it("a tribute notice goes out when the gift is paid, never before, and never says the amount", async () => {
    const notify = `family-${randomUUID()}@example.com`;
    const gift = input({ amount: "250", tributeKind: "honor", tributeName: "Lt. Sam Okafor", tributeNotifyEmail: notify });
    const url = await startDonationCheckout(getDb(), getStripe()!, gift, null, back);
    expect(await mailTo(notify, "donation-tribute")).toHaveLength(0);
    await payCheckout(url);
    const [notice, ...more] = await mailTo(notify, "donation-tribute");
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe("A gift in honor of Lt. Sam Okafor");
    expect(`${notice!.textBody}${notice!.htmlBody}`).not.toMatch(/\$|250/);
    const [receipt] = await mailTo(gift.donorEmail, "donation-receipt");
    expect(receipt!.textBody).toContain("In honor of: Lt. Sam Okafor");
  });

  it("a refund of a payment no gift took (an order's) is left to the orders' handler", async () => {
    const event = { id: `evt_${randomUUID()}`, object: "event", type: "charge.refunded", created: 1, data: { object: { id: "ch_x", object: "charge", payment_intent: "pi_an_order", refunded: true, amount_refunded: 100 } } };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
    const response = await webhook(new Request("http://localhost/api/stripe/webhook", { method: "POST", body: payload, headers: { "stripe-signature": signature } }));
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("a monthly card gift", () => {
  async function subscribe(overrides: Record<string, string> = {}) {
    const gift = input({ frequency: "monthly", ...overrides });
    const url = await startDonationCheckout(getDb(), getStripe()!, gift, null, back);
    await payCheckout(url);
    return { gift, url, plan: await planOf(gift.donorEmail) };
  }

  it("opens Stripe Checkout in subscription mode with an inline monthly price and the Donate button", async () => {
    const gift = input({ frequency: "monthly", amount: "25" });
    await startDonationCheckout(getDb(), getStripe()!, gift, null, back);
    const plan = await planOf(gift.donorEmail);
    expect(Object.fromEntries(stripeSite.standIn.requests.at(-1)!.form)).toMatchObject({
      mode: "subscription",
      submit_type: "donate",
      customer_email: gift.donorEmail,
      "metadata[recurringDonationId]": plan.id,
      "subscription_data[metadata][kind]": "donation",
      "subscription_data[metadata][recurringDonationId]": plan.id,
      "line_items[0][price_data][unit_amount]": "2500",
      "line_items[0][price_data][recurring][interval]": "month",
    });
    expect(plan).toMatchObject({ status: "pending", totalCents: 2500, stripeCheckoutSessionId: expect.stringMatching(/^cs_/) });
  });

  it("gets one receipt per monthly charge, each with its own number and a link to manage the gift", async () => {
    const { gift, url, plan } = await subscribe({ coverFee: "on" });
    expect(plan).toMatchObject({ status: "active", stripeSubscriptionId: expect.stringMatching(/^sub_/), stripeCustomerId: expect.stringMatching(/^cus_/), totalCents: 5180 });
    expect(await thankYouFor(getDb(), url.split("/").pop())).toMatchObject({ frequency: "monthly", received: true });

    const renewal = await renewSubscription(stripeSite.standIn, plan.stripeSubscriptionId!);
    expect(outcomeOf(renewal)).toBe("receipted");
    const gifts = await giftsOf(gift.donorEmail);
    expect(gifts).toHaveLength(2);
    expect(gifts.map((g) => g.frequency)).toEqual(["monthly", "monthly"]);
    expect(gifts[0]!.receiptNumber).not.toBe(gifts[1]!.receiptNumber);
    expect(gifts[1]).toMatchObject({ status: "paid", totalCents: 5180, feeCents: 180, recurringDonationId: plan.id, stripeInvoiceId: renewal.invoice, stripePaymentIntentId: renewal.paymentIntent });

    const receipts = await mailTo(gift.donorEmail, "donation-receipt");
    expect(receipts).toHaveLength(2);
    for (const [i, receipt] of receipts.entries()) {
      expect(receipt.textBody).toContain(`Receipt number: ${gifts[i]!.receiptNumber}`);
      expect(receipt.textBody).toContain("Monthly gift, this month's card payment");
      expect(receipt.textBody).toContain("Amount: $51.80 (your gift of $50.00 plus $1.80 you added to cover the card processing fee)");
      expect(receipt.textBody).toContain(NO_GOODS_OR_SERVICES);
      expect(await planForManageToken(getDb(), manageToken(receipt.textBody))).toMatchObject({ id: plan.id });
    }
    // Each email carries a token of its own; only hashes are stored.
    expect(manageToken(receipts[0]!.textBody)).not.toBe(manageToken(receipts[1]!.textBody));

    // The same invoice.paid again changes nothing.
    expect(outcomeOf(await resendEvent(stripeSite.standIn, lastEvent("invoice.paid").id))).toBe("duplicate");
    expect(await giftsOf(gift.donorEmail)).toHaveLength(2);
    expect(await mailTo(gift.donorEmail, "donation-receipt")).toHaveLength(2);
  });

  it("works whichever of checkout.session.completed and invoice.paid arrives first", async () => {
    stripeSite.standIn.invoiceBeforeSession = true;
    try {
      const { gift, plan } = await subscribe({ amount: "100" });
      expect(plan).toMatchObject({ status: "active", stripeSubscriptionId: expect.stringMatching(/^sub_/), stripeCustomerId: expect.stringMatching(/^cus_/) });
      expect(await giftsOf(gift.donorEmail)).toHaveLength(1);
      expect(await mailTo(gift.donorEmail, "donation-receipt")).toHaveLength(1);
    } finally {
      stripeSite.standIn.invoiceBeforeSession = false;
    }
  });

  it("a declined month: the donor is told once per invoice, with a link to update the card", async () => {
    const { gift, plan } = await subscribe();
    const failure = await failSubscriptionPayment(stripeSite.standIn, plan.stripeSubscriptionId!);
    expect(outcomeOf(failure)).toBe("payment-failed");
    expect(await planOf(gift.donorEmail)).toMatchObject({ status: "past_due", lastFailedInvoiceId: failure.invoice });
    const [told, ...more] = await mailTo(gift.donorEmail, "donation-payment-failed");
    expect(more).toHaveLength(0);
    expect(told!.subject).toBe("Your monthly gift could not be charged");
    expect(told!.textBody).toContain("nothing was taken this time");
    expect(await planForManageToken(getDb(), manageToken(told!.textBody))).toMatchObject({ id: plan.id, status: "past_due" });
    expect(await giftsOf(gift.donorEmail), "a declined month is no gift").toHaveLength(1);

    expect(outcomeOf(await resendEvent(stripeSite.standIn, lastEvent("invoice.payment_failed").id))).toBe("duplicate");
    expect(await mailTo(gift.donorEmail, "donation-payment-failed")).toHaveLength(1);

    // The next month goes through: the gift is active again.
    await renewSubscription(stripeSite.standIn, plan.stripeSubscriptionId!);
    expect((await planOf(gift.donorEmail)).status).toBe("active");
  });

  it("ended in Stripe: the gift is canceled and the donor told, once", async () => {
    const { gift, plan } = await subscribe();
    expect(outcomeOf(await cancelSubscription(stripeSite.standIn, plan.stripeSubscriptionId!))).toBe("cancelled");
    expect(await planOf(gift.donorEmail)).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
    const [ended] = await mailTo(gift.donorEmail, "donation-monthly-ended");
    expect(ended!.textBody).toContain("Your monthly gift of $50.00");
    expect(ended!.textBody).toContain("No further payments will be taken.");
    expect(outcomeOf(await resendEvent(stripeSite.standIn, lastEvent("customer.subscription.deleted").id))).toBe("duplicate");
    expect(await mailTo(gift.donorEmail, "donation-monthly-ended")).toHaveLength(1);
  });

  it("a refunded month voids that month's receipt only", async () => {
    const { gift, plan } = await subscribe();
    const renewal = await renewSubscription(stripeSite.standIn, plan.stripeSubscriptionId!);
    expect(outcomeOf(await refundFromDashboard(stripeSite.standIn, renewal.paymentIntent!))).toBe("refunded");
    expect((await giftsOf(gift.donorEmail)).map((g) => g.status)).toEqual(["paid", "refunded"]);
    expect((await planOf(gift.donorEmail)).status).toBe("active");
    expect(await mailTo(gift.donorEmail, "donation-receipt-void")).toHaveLength(1);
  });

  it("the receipt's link opens Stripe's customer portal without an account; cancelling there ends the gift", async () => {
    const { gift, plan } = await subscribe();
    const [receipt] = await mailTo(gift.donorEmail, "donation-receipt");
    const token = manageToken(receipt!.textBody);

    const redirected = await openDonationPortalAction(form({ token })).catch((error: unknown) => error);
    const portalUrl = redirectTarget(redirected);
    expect(portalUrl).toMatch(new RegExp(`^${stripeSite.standIn.url}/p/session/bps_`));
    expect(Object.fromEntries(stripeSite.standIn.requests.at(-1)!.form)).toEqual({
      customer: plan.stripeCustomerId,
      return_url: `http://localhost:3000/donate/manage?token=${token}`,
    });

    const page = await (await fetch(portalUrl)).text();
    expect(page).toContain("$50.00 every month");
    const cancel = await fetch(`${portalUrl}/cancel`, { method: "POST", body: new URLSearchParams({ subscription: plan.stripeSubscriptionId! }), redirect: "manual" });
    expect(cancel.status).toBe(303);
    expect(await planOf(gift.donorEmail)).toMatchObject({ status: "cancelled" });
  });

  it("a link with an unknown or malformed token opens nothing", async () => {
    expect(await planForManageToken(getDb(), "x".repeat(43))).toBeNull();
    expect(await planForManageToken(getDb(), "'; drop table donations; --")).toBeNull();
    expect(redirectTarget(await openDonationPortalAction(form({ token: "A".repeat(43) })).catch((e: unknown) => e))).toBe("/donate/manage");
  });
});
