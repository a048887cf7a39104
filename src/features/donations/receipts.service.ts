import { and, eq, isNull } from "drizzle-orm";
import { donationManageTokens, donations, recurringDonations } from "@/db/schema/donations";
import { enqueueEmail, type DbOrTransaction } from "@/lib/email/outbox";
import { siteUrl } from "@/lib/env";
import { newOpaqueToken, hashOpaqueToken } from "@/lib/opaque-token";
import { site } from "@/lib/site";
import { donationReference, type Tribute } from "./donations.schema";
import { receiptEmail, receiptVoidEmail, tributeEmail } from "./emails/donation-emails";
import { receiptOrganization } from "@/lib/receipt-organization";
import { allocateReceiptNumber } from "./receipt-numbers.service";

type DonationRow = typeof donations.$inferSelect;
type RecurringRow = typeof recurringDonations.$inferSelect;

/**
 * A fresh "manage my monthly gift" link for one email: only the token's hash is kept, and every
 * link sent stays valid (an older receipt still works).
 */
export async function newManageLink(tx: DbOrTransaction, recurringDonationId: string): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(donationManageTokens).values({ tokenHash: hashOpaqueToken(token), recurringDonationId });
  return `${siteUrl()}/donate/manage?token=${token}`;
}

export function tributeOf(row: Pick<DonationRow | RecurringRow, "tributeKind" | "tributeName" | "tributeNotifyName" | "tributeNotifyEmail">): Tribute | null {
  if (!row.tributeKind || !row.tributeName) return null;
  return { kind: row.tributeKind, name: row.tributeName, notifyName: row.tributeNotifyName, notifyEmail: row.tributeNotifyEmail };
}

/** Sends the tribute notice once: the row's `tributeNotifiedAt` is claimed by a conditional update. */
async function notifyTribute(tx: DbOrTransaction, donorName: string, tribute: Tribute | null, claim: () => Promise<boolean>): Promise<void> {
  if (!tribute?.notifyEmail) return;
  if (!(await claim())) return;
  await enqueueEmail(tx, { kind: "donation-tribute", to: tribute.notifyEmail, replyTo: site.email, ...tributeEmail({ donorName, tribute }) });
}

const RECEIPT_KINDS = { monthly: "monthly card", stripe: "one-time card", offline: "check or cash" } as const;

/**
 * Queues a received gift's receipt email (IRS Publication 1771) in the caller's transaction: the
 * first one, or the same receipt again (same number, date and amount) when staff resend it. A monthly
 * charge's receipt carries a link to manage the monthly gift (`manageLink`).
 */
export async function queueReceipt(
  tx: DbOrTransaction,
  gift: Pick<DonationRow, "number" | "donorName" | "donorEmail" | "totalCents" | "feeCents" | "frequency" | "paymentMethod" | "receiptNumber" | "paidAt">,
  tribute: Tribute | null,
  manageLink: string | null,
): Promise<void> {
  if (!gift.receiptNumber || !gift.paidAt) throw new Error("Only a received gift has a receipt");
  await enqueueEmail(tx, {
    kind: "donation-receipt",
    to: gift.donorEmail,
    replyTo: site.email,
    ...receiptEmail({
      receiptNumber: gift.receiptNumber,
      reference: donationReference(gift.number),
      donorName: gift.donorName,
      donorEmail: gift.donorEmail,
      totalCents: gift.totalCents,
      feeCents: gift.feeCents,
      receivedAt: gift.paidAt,
      kind: RECEIPT_KINDS[gift.frequency === "monthly" ? "monthly" : gift.paymentMethod],
      tribute,
      manageLink,
      organization: receiptOrganization(),
    }),
  });
}

/** Queues the email telling the donor that a refunded gift's receipt is void, in the caller's transaction. */
export async function queueReceiptVoid(
  tx: DbOrTransaction,
  gift: Pick<DonationRow, "donorName" | "donorEmail" | "totalCents" | "receiptNumber" | "paidAt">,
  refundedAt: Date,
): Promise<void> {
  if (!gift.receiptNumber || !gift.paidAt) throw new Error("Only a received gift has a receipt");
  await enqueueEmail(tx, {
    kind: "donation-receipt-void",
    to: gift.donorEmail,
    replyTo: site.email,
    ...receiptVoidEmail({ receiptNumber: gift.receiptNumber, donorName: gift.donorName, totalCents: gift.totalCents, receivedAt: gift.paidAt, refundedAt }),
  });
}

export interface ReceivedGift {
  paidAt: Date;
  stripePaymentIntentId?: string | null;
  stripeCustomerId?: string | null;
}

/**
 * A one-time gift or pledge just received: numbers its receipt, marks it paid, emails the receipt
 * and (once) the tribute notice, in the caller's transaction. The caller has locked the row and
 * checked that it was waiting (`pending` or `pledged`).
 */
export async function receiveOneTimeGift(tx: DbOrTransaction, gift: DonationRow, received: ReceivedGift): Promise<string> {
  const receiptNumber = await allocateReceiptNumber(tx, received.paidAt);
  await tx
    .update(donations)
    .set({
      status: "paid",
      paidAt: received.paidAt,
      receiptNumber,
      receiptIssuedAt: received.paidAt,
      ...(received.stripePaymentIntentId ? { stripePaymentIntentId: received.stripePaymentIntentId } : {}),
      ...(received.stripeCustomerId ? { stripeCustomerId: received.stripeCustomerId } : {}),
    })
    .where(eq(donations.id, gift.id));
  const tribute = tributeOf(gift);
  await queueReceipt(tx, { ...gift, receiptNumber, paidAt: received.paidAt }, tribute, null);
  await notifyTribute(tx, gift.donorName, tribute, async () => {
    const claimed = await tx
      .update(donations)
      .set({ tributeNotifiedAt: received.paidAt })
      .where(and(eq(donations.id, gift.id), isNull(donations.tributeNotifiedAt)))
      .returning({ id: donations.id });
    return claimed.length > 0;
  });
  return receiptNumber;
}

export interface MonthlyCharge {
  invoiceId: string;
  amountPaidCents: number;
  paidAt: Date;
  stripePaymentIntentId: string | null;
  stripeSubscriptionId: string | null;
  stripeCustomerId: string | null;
}

/**
 * One paid month of a monthly gift: a gift row of its own with its own receipt number and receipt,
 * which carries a link to manage the gift. The first paid month also sends the tribute notice.
 */
export async function receiveMonthlyCharge(tx: DbOrTransaction, plan: RecurringRow, charge: MonthlyCharge): Promise<string> {
  const receiptNumber = await allocateReceiptNumber(tx, charge.paidAt);
  // The donor may change the amount in Stripe's portal: the receipt follows what was actually paid.
  const planned = charge.amountPaidCents === plan.totalCents;
  const [gift] = await tx
    .insert(donations)
    .values({
      frequency: "monthly",
      recurringDonationId: plan.id,
      userId: plan.userId,
      donorName: plan.donorName,
      donorEmail: plan.donorEmail,
      amountCents: planned ? plan.amountCents : charge.amountPaidCents,
      feeCents: planned ? plan.feeCents : 0,
      totalCents: charge.amountPaidCents,
      status: "paid",
      paymentMethod: "stripe",
      receiptNumber,
      receiptIssuedAt: charge.paidAt,
      paidAt: charge.paidAt,
      stripeInvoiceId: charge.invoiceId,
      stripePaymentIntentId: charge.stripePaymentIntentId,
      stripeSubscriptionId: charge.stripeSubscriptionId,
      stripeCustomerId: charge.stripeCustomerId,
    })
    .returning();
  const tribute = tributeOf(plan);
  await queueReceipt(tx, gift!, tribute, await newManageLink(tx, plan.id));
  await notifyTribute(tx, plan.donorName, tribute, async () => {
    const claimed = await tx
      .update(recurringDonations)
      .set({ tributeNotifiedAt: charge.paidAt })
      .where(and(eq(recurringDonations.id, plan.id), isNull(recurringDonations.tributeNotifiedAt)))
      .returning({ id: recurringDonations.id });
    return claimed.length > 0;
  });
  return receiptNumber;
}
