import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const donationFrequency = pgEnum("donation_frequency", ["one_time", "monthly"]);
/**
 * `pending`: sent to Stripe Checkout, not paid yet; `pledged`: to give by check or at the desk (no card
 * payments on this site); `paid`: received, with a receipt; `refunded`: given back, its receipt void;
 * `expired`: a Checkout page nobody paid.
 */
export const donationStatus = pgEnum("donation_status", ["pending", "pledged", "paid", "refunded", "expired"]);
/** `stripe`: a card through Stripe Checkout; `offline`: a check or cash, recorded by staff. */
export const donationPaymentMethod = pgEnum("donation_payment_method", ["stripe", "offline"]);
/** `pending`: Checkout not finished; `past_due`: the last monthly charge failed and Stripe is retrying. */
export const recurringDonationStatus = pgEnum("recurring_donation_status", ["pending", "active", "past_due", "cancelled"]);
export const tributeKind = pgEnum("tribute_kind", ["honor", "memory"]);

/** A monthly gift: one Stripe subscription. Each monthly charge is a row of `donations` with its own receipt. */
export const recurringDonations = pgTable(
  "recurring_donations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    /** The monthly gift the donor chose, the card fee they offered to cover, and what is charged each month. */
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    status: recurringDonationStatus("status").notNull().default("pending"),
    tributeKind: tributeKind("tribute_kind"),
    tributeName: text("tribute_name"),
    tributeNotifyName: text("tribute_notify_name"),
    tributeNotifyEmail: text("tribute_notify_email"),
    /** The tribute notice goes out with the first paid month, once. */
    tributeNotifiedAt: timestamp("tribute_notified_at", { withTimezone: true }),
    /** Rendered into the form: a double submit finds the same gift. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    /** The invoice whose failure the donor was last told about: Stripe retries, and one email per invoice is enough. */
    lastFailedInvoiceId: text("last_failed_invoice_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("recurring_donations_email_idx").on(sql`lower(${t.donorEmail})`),
    check("recurring_donations_totals", sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.totalCents} = ${t.amountCents} + ${t.feeCents}`),
  ],
);

/**
 * One gift: a one-time gift, one month of a monthly gift, or a pledge. What a receipt (and later a
 * year-end statement) is made from: donor, amount, date, receipt number, status and Stripe ids.
 */
export const donations = pgTable(
  "donations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What people read and write on a check's memo line (DON-1001). */
    number: serial("number").notNull().unique(),
    frequency: donationFrequency("frequency").notNull(),
    recurringDonationId: uuid("recurring_donation_id").references(() => recurringDonations.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    donorName: text("donor_name").notNull(),
    donorEmail: text("donor_email").notNull(),
    /** The gift chosen; the card fee the donor added; the whole contribution (what was paid, and the receipt's amount). */
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    status: donationStatus("status").notNull(),
    paymentMethod: donationPaymentMethod("payment_method").notNull(),
    /** A one-time gift's tribute (a monthly gift's is on its recurring row). */
    tributeKind: tributeKind("tribute_kind"),
    tributeName: text("tribute_name"),
    tributeNotifyName: text("tribute_notify_name"),
    tributeNotifyEmail: text("tribute_notify_email"),
    tributeNotifiedAt: timestamp("tribute_notified_at", { withTimezone: true }),
    /** One-time gifts and pledges: rendered into the form, so a double submit finds the same gift. */
    idempotencyKey: text("idempotency_key").unique(),
    /** YYYY-NNNNNN, sequential within the calendar year of the gift (in the association's zone); set when it is received. */
    receiptNumber: text("receipt_number").unique(),
    receiptIssuedAt: timestamp("receipt_issued_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The date of the contribution (the receipt's date). */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** A refund made from the staff desk (a refund from Stripe's dashboard arrives by webhook and has none here). */
    stripeRefundId: text("stripe_refund_id"),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    /** A monthly charge's invoice: each invoice makes one gift, however often Stripe announces it. */
    stripeInvoiceId: text("stripe_invoice_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    stripeCustomerId: text("stripe_customer_id"),
  },
  (t) => [
    index("donations_email_idx").on(sql`lower(${t.donorEmail})`),
    index("donations_created_at_idx").on(t.createdAt),
    index("donations_paid_at_idx").on(t.paidAt),
    index("donations_recurring_idx").on(t.recurringDonationId),
    check("donations_totals", sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.totalCents} = ${t.amountCents} + ${t.feeCents}`),
    check("donations_receipted_when_paid", sql`(${t.status} in ('paid', 'refunded')) = (${t.receiptNumber} is not null)`),
  ],
);

/** The last receipt number given out in each calendar year: incremented under the row's lock. */
export const donationReceiptCounters = pgTable(
  "donation_receipt_counters",
  {
    year: integer("year").primaryKey(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [check("donation_receipt_counters_positive", sql`${t.lastNumber} > 0`)],
);

/**
 * The "manage your monthly gift" links in receipts: each email carries a fresh token, only its
 * SHA-256 is kept. It opens a page that sends the donor to Stripe's customer portal, without an account.
 */
export const donationManageTokens = pgTable(
  "donation_manage_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    recurringDonationId: uuid("recurring_donation_id")
      .notNull()
      .references(() => recurringDonations.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("donation_manage_tokens_recurring_idx").on(t.recurringDonationId)],
);

/**
 * A year-end giving statement emailed to one donor (by email address, lower-cased) for one calendar
 * year: the row is claimed in the same transaction that queues the email, so pressing "Send" twice, or
 * on two servers at once, sends each donor one statement per year.
 */
export const donationStatements = pgTable(
  "donation_statements",
  {
    year: integer("year").notNull(),
    /** lower(donor email): how gifts are grouped into one donor's statement. */
    emailKey: text("email_key").notNull(),
    donorName: text("donor_name").notNull(),
    /** What the emailed statement said: the total of its gifts and how many there were. */
    totalCents: integer("total_cents").notNull(),
    giftCount: integer("gift_count").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    sentBy: text("sent_by").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.emailKey] }),
    check("donation_statements_email_key_lower", sql`${t.emailKey} = lower(${t.emailKey})`),
    check("donation_statements_positive", sql`${t.totalCents} > 0 and ${t.giftCount} > 0`),
  ],
);
