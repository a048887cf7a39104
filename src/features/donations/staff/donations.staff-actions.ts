"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { refusedBackToRecord } from "@/lib/desk-refusal";
import { getStripe } from "@/lib/payments/stripe";
import { refundGift, resendReceipt } from "../donations-desk.service";
import { markPledgeReceived, NOT_A_PLEDGE } from "../donations.service";
import { sendYearEndStatements } from "../year-end-statements.service";
import { giftIdSchema, NO_SUCH_GIFT, refundGiftSchema, sendStatementsSchema } from "../donations-desk.schema";

const donationIdSchema = z.object({ donationId: z.uuid({ message: NOT_A_PLEDGE }) });

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

/** "Mark received" on a pledge: the donor is emailed the receipt; the list then says what was done. */
export const markReceivedAction = staffAction({ donation: ["update"] }, donationIdSchema, async ({ donationId }, staff) => {
  await markPledgeReceived(getDb(), actorOf(staff), donationId);
  revalidatePath("/admin/donations");
  redirect(`/admin/donations?received=${donationId}`);
});

/** Back to the gift's page, which says what was done (a plain redirect: the same with or without JavaScript). */
function done(donationId: string, what: "refunded" | "resent"): never {
  revalidatePath("/admin/donations");
  redirect(`/admin/donations/${donationId}?done=${what}`);
}

/** Runs the desk action; refused because the gift moved on (refunded in another tab), it goes back to the gift's page as it is now. */
function onGift<T>(donationId: string, work: () => Promise<T>): Promise<T> {
  return refusedBackToRecord(`/admin/donations/${donationId}`, work, { keepInForm: [NO_SUCH_GIFT] });
}

/** Refunds a card gift in full through Stripe; its receipt is void and the donor told once. */
export const refundGiftAction = staffAction({ donation: ["refund"] }, refundGiftSchema, async ({ donationId }, staff) => {
  await onGift(donationId, () => refundGift(getDb(), getStripe(), actorOf(staff), donationId));
  done(donationId, "refunded");
});

/** Emails a received gift's receipt again, with the same number. */
export const resendReceiptAction = staffAction({ donation: ["update"] }, giftIdSchema, async ({ donationId }, staff) => {
  await onGift(donationId, () => resendReceipt(getDb(), actorOf(staff), donationId));
  done(donationId, "resent");
});

/** Emails every donor of a finished year their statement, once each; says how many went out. */
export const sendStatementsAction = staffAction({ donation: ["update"] }, sendStatementsSchema, async ({ year }, staff) => {
  const run = await sendYearEndStatements(getDb(), actorOf(staff), year);
  revalidatePath("/admin/donations/statements");
  const sent = run.sent === 1 ? "1 statement was" : `${run.sent} statements were`;
  const already = run.alreadySent > 0 ? ` ${run.alreadySent === 1 ? "1 donor" : `${run.alreadySent} donors`} had theirs already and ${run.alreadySent === 1 ? "was" : "were"} not emailed again.` : "";
  return { message: `${sent} queued for the ${run.year} donors.${already}` };
});
