import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { donations, recurringDonations } from "@/db/schema/donations";
import { kickEmailDelivery } from "@/lib/email/worker";
import { FormError } from "@/lib/form-state";
import * as clock from "@/lib/clock";
import { recordAudit, type Actor } from "@/lib/audit.service";
import { donationReference } from "./donations.schema";
import { newManageLink, queueReceipt, queueReceiptVoid, tributeOf } from "./receipts.service";
import { GIFT_ID, NO_SUCH_GIFT } from "./donations-desk.schema";

export const CARD_PAYMENTS_OFF = "Card payments are not set up on this site (no Stripe keys), so nothing can be refunded through Stripe.";
export const ALREADY_REFUNDED = "This gift was already refunded: its receipt is void.";
export const REFUND_NOT_RECEIVED = "Only a received gift can be refunded.";
export const REFUND_AT_DESK = "This gift was given by check or cash: Stripe holds no payment to refund. Give the money back at the desk.";
export const PAYMENT_UNKNOWN = "The site does not know which Stripe payment this gift was: refund it from the Stripe dashboard (the receipt is then voided by Stripe's webhook).";
export const NO_RECEIPT_YET = "This gift has not been received, so it has no receipt yet.";
export const RECEIPT_VOID = "This gift was refunded: its receipt is void and is not sent again.";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Locks the gift's row for the rest of the transaction: two desks (or the desk and a webhook) take turns. */
async function lockGift(tx: Tx, donationId: string) {
  if (!GIFT_ID.test(donationId)) throw new FormError(NO_SUCH_GIFT);
  const [gift] = await tx.select().from(donations).where(eq(donations.id, donationId)).for("update");
  if (!gift) throw new FormError(NO_SUCH_GIFT);
  return gift;
}

/**
 * Gives a card gift back in full through Stripe, once: the gift's row is locked, Stripe is asked with
 * an idempotency key made from the gift (a double submit or a retry after a lost answer makes one
 * refund), and the gift turns `refunded` (its receipt void) in the same transaction, which also
 * queues the one email telling the donor. Stripe then announces the refund with `charge.refunded`;
 * that webhook only changes a gift still `paid`, so for this gift it does nothing more. A month of a
 * monthly gift is refunded alone: the monthly gift goes on.
 */
export async function refundGift(db: Database, stripe: Stripe | null, actor: Actor, donationId: string): Promise<{ reference: string }> {
  if (!stripe) throw new FormError(CARD_PAYMENTS_OFF);
  const reference = await db.transaction(async (tx) => {
    const gift = await lockGift(tx, donationId);
    if (gift.status === "refunded") throw new FormError(ALREADY_REFUNDED);
    if (gift.status !== "paid" || !gift.receiptNumber || !gift.paidAt) throw new FormError(REFUND_NOT_RECEIVED);
    if (gift.paymentMethod !== "stripe") throw new FormError(REFUND_AT_DESK);
    if (!gift.stripePaymentIntentId) throw new FormError(PAYMENT_UNKNOWN);
    let refundId: string;
    try {
      const refund = await stripe.refunds.create(
        { payment_intent: gift.stripePaymentIntentId, reason: "requested_by_customer", metadata: { kind: "donation", donationId: gift.id } },
        { idempotencyKey: `refund-donation-${gift.id}` },
      );
      refundId = refund.id;
    } catch (error) {
      throw new FormError(`Stripe did not make the refund: ${error instanceof Error ? error.message : "no answer"}. Nothing was changed.`);
    }
    const refundedAt = clock.now();
    await tx.update(donations).set({ status: "refunded", refundedAt, stripeRefundId: refundId }).where(eq(donations.id, gift.id));
    await recordAudit(tx, actor, {
      action: "donation.refund",
      recordType: "donation",
      recordId: gift.id,
      before: { status: "paid" },
      after: { status: "refunded", refundedAt: refundedAt.toISOString(), stripeRefundId: refundId, receiptNumber: gift.receiptNumber, voided: true },
    });
    await queueReceiptVoid(tx, gift, refundedAt);
    return donationReference(gift.number);
  });
  void kickEmailDelivery();
  return { reference };
}

/**
 * Emails a received gift's receipt again (the donor lost it): the same receipt number, date and
 * amount. A monthly charge's copy carries a fresh link to manage the monthly gift. Audited.
 */
export async function resendReceipt(db: Database, actor: Actor, donationId: string): Promise<{ reference: string; receiptNumber: string; to: string }> {
  const result = await db.transaction(async (tx) => {
    const gift = await lockGift(tx, donationId);
    if (gift.status === "refunded") throw new FormError(RECEIPT_VOID);
    if (gift.status !== "paid" || !gift.receiptNumber) throw new FormError(NO_RECEIPT_YET);
    const [plan] = gift.recurringDonationId ? await tx.select().from(recurringDonations).where(eq(recurringDonations.id, gift.recurringDonationId)) : [];
    const manageLink = plan && plan.status !== "cancelled" ? await newManageLink(tx, plan.id) : null;
    await queueReceipt(tx, gift, tributeOf(plan ?? gift), manageLink);
    await recordAudit(tx, actor, {
      action: "donation.resend-receipt",
      recordType: "donation",
      recordId: gift.id,
      after: { receiptNumber: gift.receiptNumber, to: gift.donorEmail },
    });
    return { reference: donationReference(gift.number), receiptNumber: gift.receiptNumber, to: gift.donorEmail };
  });
  void kickEmailDelivery();
  return result;
}
