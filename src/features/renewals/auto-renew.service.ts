import "server-only";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "@/db/client";
import { membershipSubscriptions } from "@/db/schema/memberships";
import { memberships } from "@/db/schema/orders";
import { MEMBERSHIP_PLANS, membershipStanding, type PaidPlan } from "@/features/memberships/membership-plans.service";
import { priceForBuyer } from "@/features/pricing/pricing.service";
import * as clock from "@/lib/clock";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { AutoRenewRefusal } from "./auto-renew-notices";

/** The metadata kind that marks a Stripe object as a membership's automatic renewal. */
export const AUTO_RENEW_KIND = "membership-renewal";

/** Where every automatic-renewal email leads: the membership tab's renewal section (sign-in first). */
export const AUTO_RENEW_PATH = "/profile?tab=membership#auto-renew";

/** Stripe Checkout refuses a trial that ends less than 48 hours ahead; an hour's margin for the member filling in the card. */
const MIN_TRIAL_MS = 49 * 3_600_000;

export type AutoRenewStatus = "active" | "past_due";

/** What the membership tab shows of an automatic renewal in force. */
export interface AutoRenew {
  status: AutoRenewStatus;
  plan: PaidPlan;
  /** Charged each year: the plan's price less the discount the member had when they turned it on. */
  amountCents: number;
}

const inForce = (userId: string) => and(eq(membershipSubscriptions.userId, userId), inArray(membershipSubscriptions.status, ["active", "past_due"]));

/** The member's automatic renewal in force, if any. */
export async function autoRenewOf(db: DbOrTransaction, userId: string): Promise<AutoRenew | null> {
  const [row] = await db
    .select({
      status: membershipSubscriptions.status,
      plan: membershipSubscriptions.plan,
      listPriceCents: membershipSubscriptions.listPriceCents,
      discountCents: membershipSubscriptions.discountCents,
    })
    .from(membershipSubscriptions)
    .where(inForce(userId));
  if (!row || (row.status !== "active" && row.status !== "past_due")) return null;
  return { status: row.status, plan: row.plan, amountCents: row.listPriceCents - row.discountCents };
}

/**
 * When Stripe first charges: at the expiry of a membership still active (a trial until then, so the
 * paid time is used up first), at once for one in grace or lapsed. Null means at once.
 */
export function firstChargeAt(renewsOn: Date, now: Date): Date | null {
  if (membershipStanding(renewsOn, now) !== "active") return null;
  return renewsOn.getTime() - now.getTime() >= MIN_TRIAL_MS ? renewsOn : new Date(now.getTime() + MIN_TRIAL_MS);
}

/** A year of the member's plan as the pricing service prices it for them now (a verified service discount applies to dues). */
export async function renewalPrice(db: DbOrTransaction, userId: string, plan: PaidPlan, now: Date = clock.now()) {
  const priced = await priceForBuyer(db, userId, [{ kind: "dues", unitPriceCents: MEMBERSHIP_PLANS[plan].priceCents, quantity: 1 }], now);
  return priced.lines[0]!.price;
}

/**
 * Sends the member to Stripe Checkout to set up a yearly subscription for their plan, priced by the
 * pricing service now (a verified service discount applies to dues; ADR 0021 keeps that amount for
 * every year). No charge is made before the current membership expires.
 */
export async function startAutoRenewCheckout(
  db: Database,
  stripe: Stripe,
  member: { id: string; email: string },
  urls: { success: string; cancel: string },
  now: Date = clock.now(),
): Promise<string> {
  const [membership] = await db.select({ plan: memberships.plan, renewsOn: memberships.renewsOn }).from(memberships).where(eq(memberships.userId, member.id));
  if (!membership) throw new AutoRenewRefusal("no-plan");
  if (await autoRenewOf(db, member.id)) throw new AutoRenewRefusal("already-on");
  const plan = MEMBERSHIP_PLANS[membership.plan];
  const price = await renewalPrice(db, member.id, membership.plan, now);
  const [row] = await db
    .insert(membershipSubscriptions)
    .values({
      userId: member.id,
      plan: membership.plan,
      listPriceCents: price.listUnitCents,
      discountCents: price.unitDiscountCents,
      discountKind: price.discount?.kind ?? null,
      discountTenths: price.discount?.tenths ?? null,
      discountBasis: price.discount?.basis ?? null,
      createdAt: now,
    })
    .returning({ id: membershipSubscriptions.id });
  const metadata = { kind: AUTO_RENEW_KIND, membershipSubscriptionId: row!.id };
  const trialEnd = firstChargeAt(membership.renewsOn, now);
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer_email: member.email,
    client_reference_id: row!.id,
    metadata,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: price.unitPriceCents,
          recurring: { interval: "year" },
          product_data: { name: `${plan.name}, renewed every year`, ...(price.discount ? { description: price.discount.label } : {}) },
        },
      },
    ],
    subscription_data: { metadata, ...(trialEnd ? { trial_end: Math.floor(trialEnd.getTime() / 1000) } : {}) },
    success_url: urls.success,
    cancel_url: urls.cancel,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
  await db.update(membershipSubscriptions).set({ stripeCheckoutSessionId: session.id }).where(eq(membershipSubscriptions.id, row!.id));
  return session.url;
}

/** Stripe's customer portal for the member's renewal (change the card, cancel), coming back to `returnUrl`. */
export async function openRenewalPortal(db: Database, stripe: Stripe, userId: string, returnUrl: string): Promise<string> {
  const [row] = await db
    .select({ customer: membershipSubscriptions.stripeCustomerId })
    .from(membershipSubscriptions)
    .where(and(inForce(userId), isNotNull(membershipSubscriptions.stripeCustomerId)))
    .orderBy(desc(membershipSubscriptions.createdAt));
  if (!row?.customer) throw new AutoRenewRefusal("nothing-to-manage");
  return (await stripe.billingPortal.sessions.create({ customer: row.customer, return_url: returnUrl })).url;
}
