import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { donations, recurringDonations } from "@/db/schema/donations";
import { stripeEvents } from "@/db/schema/orders";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { log } from "@/lib/log";
import { invoicePaymentIntent, invoiceSubscription, stripeDate, stripeId, type StripeMetadata } from "@/lib/payments/stripe-objects";
import { site } from "@/lib/site";
import { monthlyGiftEndedEmail, paymentFailedEmail } from "./emails/donation-emails";
import { newManageLink, queueReceiptVoid, receiveMonthlyCharge, receiveOneTimeGift } from "./receipts.service";

export type DonationWebhookOutcome =
  | "receipted"
  | "subscribed"
  | "payment-failed"
  | "cancelled"
  | "refunded"
  | "expired"
  | "duplicate"
  | "ignored"
  | "amount-mismatch";

const isDonation = (metadata: StripeMetadata) => metadata?.kind === "donation";

async function planOf(db: DbOrTransaction, recurringDonationId: string | undefined, subscriptionId: string | null, lock = false) {
  const condition = recurringDonationId
    ? eq(recurringDonations.id, recurringDonationId)
    : subscriptionId
      ? eq(recurringDonations.stripeSubscriptionId, subscriptionId)
      : undefined;
  if (!condition) return undefined;
  // A recurring id from metadata must still be a uuid: anything else matches nothing rather than erring.
  if (recurringDonationId && !/^[0-9a-f-]{36}$/i.test(recurringDonationId)) return undefined;
  const query = db.select().from(recurringDonations).where(condition);
  const [plan] = lock ? await query.for("update") : await query;
  return plan;
}

/** Whether this event concerns a gift; events about orders (and anything else) are left to the orders' handler. */
async function concernsDonation(db: Database, event: Stripe.Event): Promise<boolean> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.expired":
      return isDonation(event.data.object.metadata);
    case "invoice.paid":
    case "invoice.payment_failed": {
      const { subscriptionId, metadata } = invoiceSubscription(event.data.object);
      return isDonation(metadata) || (subscriptionId !== null && (await planOf(db, undefined, subscriptionId)) !== undefined);
    }
    case "customer.subscription.deleted":
      return isDonation(event.data.object.metadata) || (await planOf(db, undefined, event.data.object.id)) !== undefined;
    case "charge.refunded": {
      const paymentIntent = stripeId(event.data.object.payment_intent);
      if (!paymentIntent) return false;
      const [gift] = await db.select({ id: donations.id }).from(donations).where(eq(donations.stripePaymentIntentId, paymentIntent));
      return gift !== undefined;
    }
    default:
      return false;
  }
}

/**
 * Applies one verified Stripe event about a gift, at most once (its id is recorded in the same
 * transaction as the change, in the table the orders' handler uses), and answers undefined for an
 * event that is not about a gift, so the caller hands it to the orders' handler.
 */
export async function applyDonationEvent(db: Database, stripe: Stripe, event: Stripe.Event): Promise<DonationWebhookOutcome | undefined> {
  if (!(await concernsDonation(db, event))) return undefined;
  const paymentIntent = event.type === "invoice.paid" ? await invoicePaymentIntent(stripe, event.data.object) : null;
  const outcome = await db.transaction(async (tx): Promise<DonationWebhookOutcome> => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return completedSession(tx, event.data.object, event.created);
      case "checkout.session.expired":
        return expiredSession(tx, event.data.object);
      case "invoice.paid":
        return paidInvoice(tx, event.data.object, paymentIntent, event.created);
      case "invoice.payment_failed":
        return failedInvoice(tx, event.data.object);
      case "customer.subscription.deleted":
        return deletedSubscription(tx, event.data.object, event.created);
      case "charge.refunded":
        return refundedCharge(tx, event.data.object, event.created);
      default:
        return "ignored";
    }
  });
  void kickEmailDelivery();
  return outcome;
}

async function completedSession(tx: DbOrTransaction, session: Stripe.Checkout.Session, created: number): Promise<DonationWebhookOutcome> {
  const customer = stripeId(session.customer);
  if (session.mode === "subscription") {
    // The first month's receipt comes with its invoice.paid; this links the subscription to the gift.
    const plan = await planOf(tx, session.metadata?.recurringDonationId, null, true);
    if (!plan) return "ignored";
    await tx
      .update(recurringDonations)
      .set({
        stripeSubscriptionId: plan.stripeSubscriptionId ?? stripeId(session.subscription),
        stripeCustomerId: plan.stripeCustomerId ?? customer,
        ...(plan.status === "pending" ? { status: "active" as const } : {}),
      })
      .where(eq(recurringDonations.id, plan.id));
    return "subscribed";
  }
  if (session.payment_status !== "paid") return "ignored";
  const donationId = session.metadata?.donationId ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(donationId)) return "ignored";
  const [gift] = await tx.select().from(donations).where(eq(donations.id, donationId)).for("update");
  if (!gift) return "ignored";
  if (gift.status !== "pending" && gift.status !== "expired") {
    log.error({ event: "donations.stripe-paid-twice", stripeSessionId: session.id, donationId }, "Stripe took a payment for a gift already received: refund it from the Stripe dashboard");
    return "ignored";
  }
  if (session.amount_total !== gift.totalCents) {
    log.error(
      { event: "donations.stripe-amount-mismatch", stripeSessionId: session.id, donationId, paidCents: session.amount_total, totalCents: gift.totalCents },
      "a Stripe session paid another amount than the gift: no receipt was issued",
    );
    return "amount-mismatch";
  }
  await receiveOneTimeGift(tx, gift, { paidAt: new Date(created * 1000), stripePaymentIntentId: stripeId(session.payment_intent), stripeCustomerId: customer });
  return "receipted";
}

async function expiredSession(tx: DbOrTransaction, session: Stripe.Checkout.Session): Promise<DonationWebhookOutcome> {
  const donationId = session.metadata?.donationId ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(donationId)) return "ignored";
  const expired = await tx
    .update(donations)
    .set({ status: "expired" })
    .where(and(eq(donations.id, donationId), eq(donations.status, "pending"), eq(donations.stripeCheckoutSessionId, session.id)))
    .returning({ id: donations.id });
  return expired.length > 0 ? "expired" : "ignored";
}

async function paidInvoice(tx: DbOrTransaction, invoice: Stripe.Invoice, paymentIntent: string | null, created: number): Promise<DonationWebhookOutcome> {
  const { subscriptionId, metadata } = invoiceSubscription(invoice);
  const plan = await planOf(tx, metadata?.recurringDonationId, subscriptionId, true);
  if (!plan || invoice.amount_paid <= 0) return "ignored";
  const [already] = await tx.select({ id: donations.id }).from(donations).where(eq(donations.stripeInvoiceId, invoice.id!));
  if (already) return "duplicate";
  const customer = stripeId(invoice.customer);
  await receiveMonthlyCharge(tx, plan, {
    invoiceId: invoice.id!,
    amountPaidCents: invoice.amount_paid,
    paidAt: stripeDate(invoice.status_transitions?.paid_at, created),
    stripePaymentIntentId: paymentIntent,
    stripeSubscriptionId: subscriptionId,
    stripeCustomerId: customer,
  });
  await tx
    .update(recurringDonations)
    .set({
      stripeSubscriptionId: plan.stripeSubscriptionId ?? subscriptionId,
      stripeCustomerId: plan.stripeCustomerId ?? customer,
      ...(plan.status !== "cancelled" ? { status: "active" as const } : {}),
    })
    .where(eq(recurringDonations.id, plan.id));
  return "receipted";
}

async function failedInvoice(tx: DbOrTransaction, invoice: Stripe.Invoice): Promise<DonationWebhookOutcome> {
  const { subscriptionId, metadata } = invoiceSubscription(invoice);
  const plan = await planOf(tx, metadata?.recurringDonationId, subscriptionId, true);
  if (!plan || plan.status === "cancelled") return "ignored";
  // Stripe retries a declined invoice and announces each failure: the donor hears once per invoice.
  if (plan.lastFailedInvoiceId === invoice.id) return "ignored";
  await tx
    .update(recurringDonations)
    .set({
      status: "past_due",
      lastFailedInvoiceId: invoice.id,
      stripeSubscriptionId: plan.stripeSubscriptionId ?? subscriptionId,
      stripeCustomerId: plan.stripeCustomerId ?? stripeId(invoice.customer),
    })
    .where(eq(recurringDonations.id, plan.id));
  await enqueueEmail(tx, {
    kind: "donation-payment-failed",
    to: plan.donorEmail,
    replyTo: site.email,
    ...paymentFailedEmail({ donorName: plan.donorName, totalCents: invoice.amount_due || plan.totalCents, manageLink: await newManageLink(tx, plan.id) }),
  });
  return "payment-failed";
}

async function deletedSubscription(tx: DbOrTransaction, subscription: Stripe.Subscription, created: number): Promise<DonationWebhookOutcome> {
  const plan = await planOf(tx, subscription.metadata?.recurringDonationId, subscription.id, true);
  if (!plan || plan.status === "cancelled") return "ignored";
  const wasGiving = plan.status === "active" || plan.status === "past_due";
  await tx
    .update(recurringDonations)
    .set({ status: "cancelled", cancelledAt: stripeDate(subscription.ended_at ?? subscription.canceled_at, created), stripeSubscriptionId: plan.stripeSubscriptionId ?? subscription.id })
    .where(eq(recurringDonations.id, plan.id));
  if (wasGiving) {
    await enqueueEmail(tx, { kind: "donation-monthly-ended", to: plan.donorEmail, replyTo: site.email, ...monthlyGiftEndedEmail({ donorName: plan.donorName, totalCents: plan.totalCents }) });
  }
  return "cancelled";
}

async function refundedCharge(tx: DbOrTransaction, charge: Stripe.Charge, created: number): Promise<DonationWebhookOutcome> {
  const paymentIntent = stripeId(charge.payment_intent);
  if (!paymentIntent) return "ignored";
  if (!charge.refunded) {
    // A partial refund leaves the receipt as it was: staff issue a corrected one by hand for now.
    log.warn({ event: "donations.partial-refund", paymentIntent, refundedCents: charge.amount_refunded }, "a gift was partly refunded: its receipt was not changed");
    return "ignored";
  }
  const refundedAt = stripeDate(created, created);
  const [gift] = await tx
    .update(donations)
    .set({ status: "refunded", refundedAt })
    .where(and(eq(donations.stripePaymentIntentId, paymentIntent), eq(donations.status, "paid"), ne(donations.paymentMethod, "offline")))
    .returning();
  if (!gift || !gift.receiptNumber || !gift.paidAt) return "ignored";
  await queueReceiptVoid(tx, gift, refundedAt);
  return "refunded";
}
