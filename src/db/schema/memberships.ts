import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { membershipPlan } from "./cart";
import { deskPaymentMethod } from "./orders";
import { discountKind } from "./pricing";

/** The renewal reminders (ADR 0019): 30, 7 and 1 days before expiry, 1 day after, and at the end of grace. */
export const membershipReminderKind = pgEnum("membership_reminder_kind", ["before-30", "before-7", "before-1", "after-1", "grace-ended"]);

/**
 * One row per reminder queued, for one membership period (its expiry): inserted in the transaction
 * that queues the email, so each reminder goes out once however many servers run the job. A renewal
 * moves the expiry, which starts a new period with its own reminders.
 */
export const membershipReminders = pgTable(
  "membership_reminders",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: membershipReminderKind("kind").notNull(),
    expiresOn: timestamp("expires_on", { withTimezone: true }).notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.expiresOn] })],
);

/**
 * Staff's good-faith estimate of what a paid plan's benefits are worth (IRS Publication 1771), stated on
 * the membership receipt. A plan without a row uses the defaults in membership-benefits.ts.
 */
export const membershipBenefitValues = pgTable(
  "membership_benefit_values",
  {
    plan: membershipPlan("plan").primaryKey(),
    valueCents: integer("value_cents").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("membership_benefit_values_non_negative", sql`${t.valueCents} >= 0`)],
);

/**
 * pending: sent to Stripe Checkout, not completed. active: Stripe will charge the card each year.
 * past_due: the last charge was declined (Stripe retries). cancelled: ended in the portal or by Stripe.
 */
export const membershipSubscriptionStatus = pgEnum("membership_subscription_status", ["pending", "active", "past_due", "cancelled"]);

/**
 * Automatic yearly renewal by card: a Stripe subscription for one member's plan, at the yearly amount set
 * when they turned it on (the plan's price less any verified service discount then). Each paid invoice
 * becomes a paid membership order (its idempotency key names the invoice), which extends the membership by
 * the one renewal rule. At most one per member is in force (active or past due).
 */
export const membershipSubscriptions = pgTable(
  "membership_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    plan: membershipPlan("plan").notNull(),
    /** The plan's list price and the discount taken off it when the member turned renewal on. */
    listPriceCents: integer("list_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    discountKind: discountKind("discount_kind"),
    discountTenths: integer("discount_tenths"),
    discountBasis: text("discount_basis"),
    status: membershipSubscriptionStatus("status").notNull().default("pending"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    /** The declined invoice the member was last told about: Stripe retries and announces each failure. */
    lastFailedInvoiceId: text("last_failed_invoice_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("membership_subscriptions_one_in_force").on(t.userId).where(sql`${t.status} in ('active', 'past_due')`),
    check("membership_subscriptions_amounts", sql`${t.listPriceCents} > 0 and ${t.discountCents} >= 0 and ${t.discountCents} < ${t.listPriceCents}`),
  ],
);

/**
 * A membership recorded at the desk (the memberships desk's renewal or the grant form on a member's
 * page): what was paid and how, or that it was given free (`complimentary`, no amount, no receipt).
 * Its number is the reference on the receipt (`M-<id>`); a second one for the same member within a few
 * minutes is recorded only once the volunteer confirms it is a second payment.
 */
export const membershipDeskPayments = pgTable(
  "membership_desk_payments",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    plan: membershipPlan("plan").notNull(),
    months: integer("months").notNull(),
    /** Null when complimentary. */
    method: deskPaymentMethod("method"),
    amountCents: integer("amount_cents").notNull(),
    complimentary: boolean("complimentary").notNull().default(false),
    renewsOn: timestamp("renews_on", { withTimezone: true }).notNull(),
    recordedBy: text("recorded_by"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("membership_desk_payments_user_idx").on(t.userId, t.recordedAt),
    check(
      "membership_desk_payments_paid_or_free",
      sql`${t.months} > 0 and ((not ${t.complimentary} and ${t.method} is not null and ${t.amountCents} > 0) or (${t.complimentary} and ${t.method} is null and ${t.amountCents} = 0))`,
    ),
  ],
);
