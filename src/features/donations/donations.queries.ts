import "server-only";
import { count, desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { donationManageTokens, donations, recurringDonations } from "@/db/schema/donations";
import { hashOpaqueToken, isOpaqueToken } from "@/lib/opaque-token";
import { TRIBUTE_LABELS } from "./donation-fields";
import { donationReference } from "./donations.schema";

export type GiftStatus = (typeof donations.$inferSelect)["status"];

export interface StaffGiftRow {
  id: string;
  reference: string;
  createdAt: Date;
  paidAt: Date | null;
  donorName: string;
  donorEmail: string;
  totalCents: number;
  feeCents: number;
  frequency: "one_time" | "monthly";
  paymentMethod: "stripe" | "offline";
  status: GiftStatus;
  receiptNumber: string | null;
  tribute: string | null;
}

export const STAFF_PAGE_SIZE = 50;

/** Every gift, newest first, a page at a time (a page past the last shows the last). */
export async function listGiftsForStaff(db: Database, requestedPage: number): Promise<{ gifts: StaffGiftRow[]; total: number; page: number; pageCount: number }> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(donations);
  const pageCount = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const rows = await db
    .select()
    .from(donations)
    .orderBy(desc(donations.createdAt), desc(donations.number))
    .limit(STAFF_PAGE_SIZE)
    .offset((page - 1) * STAFF_PAGE_SIZE);
  return {
    total,
    page,
    pageCount,
    gifts: rows.map((row) => ({
      id: row.id,
      reference: donationReference(row.number),
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      donorName: row.donorName,
      donorEmail: row.donorEmail,
      totalCents: row.totalCents,
      feeCents: row.feeCents,
      frequency: row.frequency,
      paymentMethod: row.paymentMethod,
      status: row.status,
      receiptNumber: row.receiptNumber,
      tribute: row.tributeKind && row.tributeName ? `${TRIBUTE_LABELS[row.tributeKind]} ${row.tributeName}` : null,
    })),
  };
}

export interface ThankYou {
  frequency: "one_time" | "monthly";
  totalCents: number;
  /** Whether Stripe has told us the payment went through (the webhook may come a moment after the donor). */
  received: boolean;
  receiptNumber: string | null;
}

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** What the page Stripe sends the donor back to may say about their gift: amount and receipt, nothing personal. */
export async function thankYouFor(db: Database, sessionId: string | undefined): Promise<ThankYou | null> {
  if (!sessionId || !SESSION_ID.test(sessionId)) return null;
  const [gift] = await db.select().from(donations).where(eq(donations.stripeCheckoutSessionId, sessionId));
  if (gift) return { frequency: "one_time", totalCents: gift.totalCents, received: gift.status === "paid", receiptNumber: gift.receiptNumber };
  const [plan] = await db.select().from(recurringDonations).where(eq(recurringDonations.stripeCheckoutSessionId, sessionId));
  if (!plan) return null;
  const [first] = await db
    .select({ receiptNumber: donations.receiptNumber })
    .from(donations)
    .where(eq(donations.recurringDonationId, plan.id))
    .orderBy(donations.paidAt)
    .limit(1);
  return { frequency: "monthly", totalCents: plan.totalCents, received: first !== undefined, receiptNumber: first?.receiptNumber ?? null };
}

export interface ManageablePlan {
  id: string;
  totalCents: number;
  status: (typeof recurringDonations.$inferSelect)["status"];
  /** Stripe's customer, needed to open the portal; null until the first payment went through. */
  stripeCustomerId: string | null;
}

/** The monthly gift a receipt's "manage" link opens, or null for an unknown or malformed token. */
export async function planForManageToken(db: Database, token: unknown): Promise<ManageablePlan | null> {
  if (!isOpaqueToken(token)) return null;
  const [row] = await db
    .select({ id: recurringDonations.id, totalCents: recurringDonations.totalCents, status: recurringDonations.status, stripeCustomerId: recurringDonations.stripeCustomerId })
    .from(donationManageTokens)
    .innerJoin(recurringDonations, eq(recurringDonations.id, donationManageTokens.recurringDonationId))
    .where(eq(donationManageTokens.tokenHash, hashOpaqueToken(token)));
  return row ?? null;
}

/** The gift a staff action just changed, for the list's notice (`?received=<id>`). */
export async function giftForNotice(db: Database, id: unknown): Promise<{ reference: string; receiptNumber: string | null; totalCents: number; donorEmail: string } | null> {
  if (typeof id !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db
    .select({ number: donations.number, receiptNumber: donations.receiptNumber, totalCents: donations.totalCents, donorEmail: donations.donorEmail })
    .from(donations)
    .where(eq(donations.id, id));
  return row ? { reference: donationReference(row.number), receiptNumber: row.receiptNumber, totalCents: row.totalCents, donorEmail: row.donorEmail } : null;
}
