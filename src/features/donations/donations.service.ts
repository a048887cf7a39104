import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { donations, recurringDonations } from "@/db/schema/donations";
import { enqueueEmail } from "@/lib/email/outbox";
import { kickEmailDelivery } from "@/lib/email/worker";
import { FormError } from "@/lib/form-state";
import { formatCents } from "@/lib/money";
import * as clock from "@/lib/clock";
import { site } from "@/lib/site";
import { getGivingContact } from "./giving-contact";
import { hitRateLimit } from "@/lib/rate-limit.service";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { donationReference, type DonationInput } from "./donations.schema";
import { pledgeEmail } from "./emails/donation-emails";
import { receiveOneTimeGift } from "./receipts.service";
import { receiptOrganization } from "@/lib/receipt-organization";

export const MONTHLY_NEEDS_CARD = "A monthly gift is made by card. To give by check or at our office, please choose a one-time gift.";
export const CARD_PROCESSOR_DOWN = `We could not reach our card processor just now, and nothing was charged. Please try again in a few minutes, or call us at ${site.phone}.`;
export const ALREADY_GIVEN = "This gift has already been made. Thank you! Reload the page to make another.";

const tributeColumns = (input: DonationInput) => ({
  tributeKind: input.tribute?.kind ?? null,
  tributeName: input.tribute?.name ?? null,
  tributeNotifyName: input.tribute?.notifyName ?? null,
  tributeNotifyEmail: input.tribute?.notifyEmail ?? null,
});

export interface Pledge {
  id: string;
  reference: string;
  totalCents: number;
  donorEmail: string;
  /** Whether the instructions were emailed (not when that mailbox had several already this hour). */
  mailed: boolean;
}

/**
 * Without card payments: records a pledge and emails the donor how to give it (by check or at the
 * office). A pledge is one gift; the card fee does not apply. A double submit finds the same pledge
 * and sends nothing again. `mailAllowed` is the per-mailbox limit on the instructions email (the
 * form takes any address); the page shows the same instructions either way.
 */
export async function recordPledge(db: Database, input: DonationInput, userId: string | null, mailAllowed = true): Promise<Pledge> {
  if (input.frequency === "monthly") throw new FormError(MONTHLY_NEEDS_CARD, "frequency");
  const contact = await getGivingContact(db);
  const pledge = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(donations)
      .values({
        frequency: "one_time",
        userId,
        donorName: input.donorName,
        donorEmail: input.donorEmail,
        amountCents: input.amountCents,
        feeCents: 0,
        totalCents: input.amountCents,
        status: "pledged",
        paymentMethod: "offline",
        ...tributeColumns(input),
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: donations.idempotencyKey })
      .returning();
    if (!created) {
      const [existing] = await tx.select().from(donations).where(eq(donations.idempotencyKey, input.idempotencyKey));
      if (!existing || existing.status !== "pledged" || existing.donorEmail !== input.donorEmail) throw new FormError(ALREADY_GIVEN);
      return { ...existing, mailed: false };
    }
    if (mailAllowed) {
      await enqueueEmail(tx, {
        kind: "donation-pledge",
        to: created.donorEmail,
        replyTo: site.email,
        ...pledgeEmail({
          donorName: created.donorName,
          reference: donationReference(created.number),
          totalCents: created.totalCents,
          organization: receiptOrganization(),
          address: contact.address,
          phone: contact.phone,
          phoneHours: contact.phoneHours,
        }),
      });
    }
    return { ...created, mailed: mailAllowed };
  });
  void kickEmailDelivery();
  return { id: pledge.id, reference: donationReference(pledge.number), totalCents: pledge.totalCents, donorEmail: pledge.donorEmail, mailed: pledge.mailed };
}

/** How long a donation's Checkout page stays payable (Stripe allows 30 minutes to 24 hours). */
export const DONATION_CHECKOUT_HOURS = 24;

export interface CheckoutReturn {
  /** e.g. https://site/donate/thank-you — Stripe adds ?session_id=… */
  success: string;
  cancel: string;
}

/**
 * With Stripe keys: records the gift as pending and opens Stripe Checkout for it — `mode=payment`
 * for a one-time gift, `mode=subscription` with an inline monthly price for a monthly one, both
 * with the "Donate" button. Returns the Checkout page's URL. A repeated submit of the same form
 * opens a new page for the same (still unpaid) gift.
 */
export async function startDonationCheckout(db: Database, stripe: Stripe, input: DonationInput, userId: string | null, back: CheckoutReturn): Promise<string> {
  const expiresAt = Math.floor(clock.now().getTime() / 1000) + DONATION_CHECKOUT_HOURS * 60 * 60;
  const common = {
    submit_type: "donate" as const,
    customer_email: input.donorEmail,
    expires_at: expiresAt,
    success_url: `${back.success}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: back.cancel,
  };
  const description = input.feeCents > 0 ? ` (includes the ${formatCents(input.feeCents)} card fee you chose to cover)` : "";

  if (input.frequency === "one_time") {
    const gift = await pendingGift(db, input, userId);
    const session = await stripe.checkout.sessions.create({
      ...common,
      mode: "payment",
      client_reference_id: gift.id,
      metadata: { kind: "donation", donationId: gift.id },
      payment_intent_data: { description: `Donation ${donationReference(gift.number)}`, metadata: { kind: "donation", donationId: gift.id } },
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: gift.totalCents, product_data: { name: `Gift to the ${site.name}${description}` } } }],
    });
    if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
    await db.update(donations).set({ stripeCheckoutSessionId: session.id }).where(eq(donations.id, gift.id));
    return session.url;
  }

  const plan = await pendingPlan(db, input, userId);
  const session = await stripe.checkout.sessions.create({
    ...common,
    mode: "subscription",
    client_reference_id: plan.id,
    metadata: { kind: "donation", recurringDonationId: plan.id },
    subscription_data: { description: `Monthly gift to the ${site.name}`, metadata: { kind: "donation", recurringDonationId: plan.id } },
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "usd", unit_amount: plan.totalCents, recurring: { interval: "month" }, product_data: { name: `Monthly gift to the ${site.name}${description}` } },
      },
    ],
  });
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  await db.update(recurringDonations).set({ stripeCheckoutSessionId: session.id }).where(eq(recurringDonations.id, plan.id));
  return session.url;
}

async function pendingGift(db: Database, input: DonationInput, userId: string | null) {
  const [created] = await db
    .insert(donations)
    .values({
      frequency: "one_time",
      userId,
      donorName: input.donorName,
      donorEmail: input.donorEmail,
      amountCents: input.amountCents,
      feeCents: input.feeCents,
      totalCents: input.totalCents,
      status: "pending",
      paymentMethod: "stripe",
      ...tributeColumns(input),
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: donations.idempotencyKey })
    .returning();
  if (created) return created;
  const [existing] = await db.select().from(donations).where(eq(donations.idempotencyKey, input.idempotencyKey));
  if (!existing || existing.status !== "pending" || existing.donorEmail !== input.donorEmail) throw new FormError(ALREADY_GIVEN);
  return existing;
}

async function pendingPlan(db: Database, input: DonationInput, userId: string | null) {
  const [created] = await db
    .insert(recurringDonations)
    .values({
      userId,
      donorName: input.donorName,
      donorEmail: input.donorEmail,
      amountCents: input.amountCents,
      feeCents: input.feeCents,
      totalCents: input.totalCents,
      ...tributeColumns(input),
      idempotencyKey: input.idempotencyKey,
    })
    .onConflictDoNothing({ target: recurringDonations.idempotencyKey })
    .returning();
  if (created) return created;
  const [existing] = await db.select().from(recurringDonations).where(eq(recurringDonations.idempotencyKey, input.idempotencyKey));
  if (!existing || existing.status !== "pending" || existing.donorEmail !== input.donorEmail) throw new FormError(ALREADY_GIVEN);
  return existing;
}

export const NOT_A_PLEDGE = "This gift is not waiting to be received: it may have been marked received already. Reload the page.";

/**
 * Staff record a pledged gift as received (a check arrived, cash at the desk): once, even if two
 * people press the button together (the row is locked); the donor gets the receipt.
 */
export async function markPledgeReceived(db: Database, actor: Actor, donationId: string): Promise<{ reference: string; receiptNumber: string }> {
  const result = await db.transaction(async (tx) => {
    const [gift] = await tx
      .select()
      .from(donations)
      .where(and(eq(donations.id, donationId), eq(donations.status, "pledged")))
      .for("update");
    if (!gift) throw new FormError(NOT_A_PLEDGE);
    const receivedAt = clock.now();
    const receiptNumber = await receiveOneTimeGift(tx, gift, { paidAt: receivedAt });
    await recordAudit(tx, actor, {
      action: "donation.mark-received",
      recordType: "donation",
      recordId: gift.id,
      before: { status: "pledged" },
      after: { status: "paid", receiptNumber, paidAt: receivedAt.toISOString() },
    });
    return { reference: donationReference(gift.number), receiptNumber };
  });
  void kickEmailDelivery();
  return result;
}

/** Per visitor address: a donation form that opens Checkout pages is what card testers look for. */
export async function countDonationAttempt(db: Database, ip: string, factor: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const result = await hitRateLimit(db, `donation:${ip}`, { window: 3600, max: 10 * factor });
  return result.allowed ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds: result.retryAfterSeconds };
}

