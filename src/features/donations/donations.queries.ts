import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { donationManageTokens, donations, recurringDonations } from "@/db/schema/donations";
import { hashOpaqueToken, isOpaqueToken } from "@/lib/opaque-token";
import { donationReference } from "./donations.schema";

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

/** A gift promised by check or cash that the association has not received yet. */
export interface OpenPledge {
  reference: string;
  totalCents: number;
  pledgedAt: Date;
}

/** The pledges made with this address still waiting for the gift, oldest first (by address, as gifts are found). */
export async function openPledges(db: Database, email: string): Promise<OpenPledge[]> {
  const rows = await db
    .select({ number: donations.number, totalCents: donations.totalCents, pledgedAt: donations.createdAt })
    .from(donations)
    .where(and(eq(donations.status, "pledged"), eq(sql`lower(${donations.donorEmail})`, email.trim().toLowerCase())))
    .orderBy(asc(donations.createdAt), asc(donations.number));
  return rows.map((row) => ({ reference: donationReference(row.number), totalCents: row.totalCents, pledgedAt: row.pledgedAt }));
}
