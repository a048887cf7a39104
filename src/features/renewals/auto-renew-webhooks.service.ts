import "server-only";
import { and, eq, inArray, ne } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { membershipSubscriptions } from "@/db/schema/memberships";
import { memberships, orderLines, orders, stripeEvents } from "@/db/schema/orders";
import { MEMBERSHIP_PLANS, graceEndsAt } from "@/features/memberships/membership-plans.service";
import { markOrderPaid } from "@/features/orders/orders.service";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { siteUrl } from "@/lib/env";
import { log } from "@/lib/log";
import { invoicePaymentIntent, invoiceSubscription, stripeDate, stripeId, type StripeMetadata } from "@/lib/payments/stripe-objects";
import { AUTO_RENEW_KIND, AUTO_RENEW_PATH, firstChargeAt } from "./auto-renew.service";
import { autoRenewEndedEmail, autoRenewFailedEmail, autoRenewOnEmail } from "./emails/renewal-emails";

export type AutoRenewWebhookOutcome = "subscribed" | "renewed" | "payment-failed" | "cancelled" | "duplicate" | "ignored" | "amount-mismatch";

type SubscriptionRow = typeof membershipSubscriptions.$inferSelect;

const isAutoRenew = (metadata: StripeMetadata) => metadata?.kind === AUTO_RENEW_KIND;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function rowOf(db: DbOrTransaction, metadata: StripeMetadata, subscriptionId: string | null, lock = false): Promise<SubscriptionRow | undefined> {
  const id = metadata?.membershipSubscriptionId;
  const condition =
    id && UUID.test(id) ? eq(membershipSubscriptions.id, id) : subscriptionId ? eq(membershipSubscriptions.stripeSubscriptionId, subscriptionId) : undefined;
  if (!condition) return undefined;
  const query = db.select().from(membershipSubscriptions).where(condition);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Whether this event concerns a membership's automatic renewal; other events go on to gifts and orders. */
async function concernsAutoRenew(db: Database, event: Stripe.Event): Promise<boolean> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.expired":
      return isAutoRenew(event.data.object.metadata);
    case "invoice.paid":
    case "invoice.payment_failed": {
      const { subscriptionId, metadata } = invoiceSubscription(event.data.object);
      return isAutoRenew(metadata) || (subscriptionId !== null && (await rowOf(db, undefined, subscriptionId)) !== undefined);
    }
    case "customer.subscription.deleted":
      return isAutoRenew(event.data.object.metadata) || (await rowOf(db, undefined, event.data.object.id)) !== undefined;
    default:
      return false;
  }
}

/**
 * Applies one verified Stripe event about a membership's automatic renewal, at most once (its id is
 * recorded with the change, as for orders and gifts), and answers undefined for any other event.
 */
export async function applyAutoRenewEvent(db: Database, stripe: Stripe, event: Stripe.Event): Promise<AutoRenewWebhookOutcome | undefined> {
  if (!(await concernsAutoRenew(db, event))) return undefined;
  const paidInvoice = event.type === "invoice.paid" && event.data.object.amount_paid > 0 ? event.data.object : null;
  const paymentIntent = paidInvoice ? await invoicePaymentIntent(stripe, paidInvoice) : null;
  const outcome = await db.transaction(async (tx): Promise<AutoRenewWebhookOutcome> => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
        return completedSession(tx, event.data.object);
      case "invoice.paid":
        return paidRenewal(tx, event.data.object, paymentIntent, event.created);
      case "invoice.payment_failed":
        return failedRenewal(tx, event.data.object);
      case "customer.subscription.deleted":
        return endedRenewal(tx, event.data.object, event.created);
      default:
        return "ignored";
    }
  });
  void kickEmailDelivery();
  return outcome;
}

async function memberOf(tx: DbOrTransaction, userId: string) {
  const [row] = await tx
    .select({ email: user.email, name: user.name, renewsOn: memberships.renewsOn })
    .from(user)
    .leftJoin(memberships, eq(memberships.userId, user.id))
    .where(eq(user.id, userId));
  return row;
}

const manageLink = () => `${siteUrl()}${AUTO_RENEW_PATH}`;
const planName = (row: SubscriptionRow) => MEMBERSHIP_PLANS[row.plan].shortName;
const amountOf = (row: SubscriptionRow) => row.listPriceCents - row.discountCents;

/** Checkout finished: the subscription is in force. A charge made today arrives as its own invoice.paid. */
async function completedSession(tx: DbOrTransaction, session: Stripe.Checkout.Session): Promise<AutoRenewWebhookOutcome> {
  const row = await rowOf(tx, session.metadata, null, true);
  if (!row || row.status !== "pending") return "ignored";
  const [other] = await tx
    .select({ id: membershipSubscriptions.id })
    .from(membershipSubscriptions)
    .where(and(eq(membershipSubscriptions.userId, row.userId), ne(membershipSubscriptions.id, row.id), inArray(membershipSubscriptions.status, ["active", "past_due"])));
  const ids = { stripeSubscriptionId: row.stripeSubscriptionId ?? stripeId(session.subscription), stripeCustomerId: row.stripeCustomerId ?? stripeId(session.customer) };
  if (other) {
    // Two set-ups finished at once (two tabs): the second would charge twice a year. Staff cancel it in Stripe.
    log.error({ event: "memberships.auto-renew-twice", membershipSubscriptionId: row.id, ...ids }, "a member set up automatic renewal twice: cancel the newer subscription in the Stripe dashboard");
    await tx.update(membershipSubscriptions).set(ids).where(eq(membershipSubscriptions.id, row.id));
    return "ignored";
  }
  await tx.update(membershipSubscriptions).set({ status: "active", ...ids }).where(eq(membershipSubscriptions.id, row.id));
  const member = await memberOf(tx, row.userId);
  if (member?.renewsOn) {
    // In a trial (the membership still runs) nothing is paid now; otherwise today's invoice.paid extends the membership.
    const inTrial = session.payment_status === "no_payment_required" || session.amount_total === 0;
    const firstCharge = inTrial ? firstChargeAt(member.renewsOn, stripeDate(session.created, session.created)) : null;
    await enqueueEmail(tx, {
      kind: "membership-auto-renew-on",
      to: member.email,
      ...autoRenewOnEmail({ planName: planName(row), amountCents: amountOf(row), firstChargeOn: firstCharge, manageLink: manageLink() }),
    });
  }
  return "subscribed";
}

/**
 * A paid yearly invoice becomes a paid membership order (one per invoice: its idempotency key names the
 * invoice), so the one renewal rule extends the membership, the receipt goes out, the order appears in
 * the member's orders and on the staff desk, and staff can refund it against its payment.
 */
async function paidRenewal(tx: DbOrTransaction, invoice: Stripe.Invoice, paymentIntent: string | null, created: number): Promise<AutoRenewWebhookOutcome> {
  const { subscriptionId, metadata } = invoiceSubscription(invoice);
  const row = await rowOf(tx, metadata, subscriptionId, true);
  if (!row) return "ignored";
  await tx
    .update(membershipSubscriptions)
    .set({
      stripeSubscriptionId: row.stripeSubscriptionId ?? subscriptionId,
      stripeCustomerId: row.stripeCustomerId ?? stripeId(invoice.customer),
      lastFailedInvoiceId: null,
      ...(row.status === "past_due" ? { status: "active" as const } : {}),
    })
    .where(eq(membershipSubscriptions.id, row.id));
  if (invoice.amount_paid <= 0) return "ignored"; // the $0 invoice that starts a subscription in its trial
  if (invoice.amount_paid !== amountOf(row)) {
    log.error(
      { event: "memberships.auto-renew-amount-mismatch", invoiceId: invoice.id, paidCents: invoice.amount_paid, expectedCents: amountOf(row) },
      "Stripe charged another amount than the membership renewal's: nothing was extended; refund or record it by hand",
    );
    return "amount-mismatch";
  }
  const member = await memberOf(tx, row.userId);
  if (!member) return "ignored";
  const paidAt = stripeDate(invoice.status_transitions?.paid_at, created);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: row.userId,
      email: member.email,
      contactName: member.name.trim() || member.email,
      phone: "",
      fulfilment: "none",
      subtotalCents: row.listPriceCents,
      verificationDiscountCents: row.discountKind === "verified-service" ? row.discountCents : 0,
      memberPricingCents: row.discountKind === "member-pricing" ? row.discountCents : 0,
      shippingCents: 0,
      totalCents: amountOf(row),
      paymentMethod: "stripe",
      idempotencyKey: `stripe-invoice:${invoice.id}`,
      stripePaymentIntentId: paymentIntent,
      placedAt: paidAt,
    })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning({ id: orders.id });
  if (!order) return "duplicate";
  await tx.insert(orderLines).values({
    orderId: order.id,
    membershipPlan: row.plan,
    name: MEMBERSHIP_PLANS[row.plan].name,
    unitPriceCents: row.listPriceCents,
    quantity: 1,
    unitDiscountCents: row.discountCents,
    discountKind: row.discountKind,
    discountTenths: row.discountTenths,
    discountBasis: row.discountBasis,
  });
  await markOrderPaid(tx, order.id, paidAt);
  return "renewed";
}

async function failedRenewal(tx: DbOrTransaction, invoice: Stripe.Invoice): Promise<AutoRenewWebhookOutcome> {
  const { subscriptionId, metadata } = invoiceSubscription(invoice);
  const row = await rowOf(tx, metadata, subscriptionId, true);
  // Stripe retries a declined invoice and announces each failure: the member hears once per invoice.
  if (!row || row.status === "cancelled" || row.lastFailedInvoiceId === invoice.id) return "ignored";
  await tx.update(membershipSubscriptions).set({ status: "past_due", lastFailedInvoiceId: invoice.id }).where(eq(membershipSubscriptions.id, row.id));
  const member = await memberOf(tx, row.userId);
  if (!member?.renewsOn) return "payment-failed";
  await enqueueEmail(tx, {
    kind: "membership-auto-renew-failed",
    to: member.email,
    ...autoRenewFailedEmail({ planName: planName(row), amountCents: amountOf(row), expiresOn: member.renewsOn, graceEndsOn: graceEndsAt(member.renewsOn), manageLink: manageLink() }),
  });
  return "payment-failed";
}

async function endedRenewal(tx: DbOrTransaction, subscription: Stripe.Subscription, created: number): Promise<AutoRenewWebhookOutcome> {
  const row = await rowOf(tx, subscription.metadata, subscription.id, true);
  if (!row || row.status === "cancelled") return "ignored";
  const wasInForce = row.status === "active" || row.status === "past_due";
  await tx
    .update(membershipSubscriptions)
    .set({ status: "cancelled", cancelledAt: stripeDate(subscription.ended_at ?? subscription.canceled_at, created), stripeSubscriptionId: row.stripeSubscriptionId ?? subscription.id })
    .where(eq(membershipSubscriptions.id, row.id));
  const member = await memberOf(tx, row.userId);
  if (wasInForce && member?.renewsOn) {
    await enqueueEmail(tx, {
      kind: "membership-auto-renew-off",
      to: member.email,
      ...autoRenewEndedEmail({ planName: planName(row), expiresOn: member.renewsOn, manageLink: manageLink() }),
    });
  }
  return "cancelled";
}
