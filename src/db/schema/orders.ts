import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { membershipPlan } from "./cart";
import { productVariants } from "./catalog";
import { trainingLocations } from "./content";
import { discountKind } from "./pricing";

/** `refunded`: paid by card, then the whole payment was returned through Stripe. */
export const orderStatus = pgEnum("order_status", ["awaiting_payment", "paid", "cancelled", "refunded"]);
/** `pay_later`: paid at the pickup desk (or on the invoice for shipped orders); `stripe`: Stripe Checkout. */
export const paymentMethod = pgEnum("payment_method", ["pay_later", "stripe"]);
/** How money taken in person (at the desk, at pickup, by post for an invoice) was paid. */
export const deskPaymentMethod = pgEnum("desk_payment_method", ["cash", "card", "check"]);
/** `none`: nothing to hand over (an order of membership upgrades only). */
export const fulfilment = pgEnum("fulfilment", ["shipping", "pickup", "none"]);

export const orders = pgTable(
  "orders",
  {
    /** Random, so an order's URL cannot be guessed; `number` is what people read. */
    id: uuid("id").primaryKey().defaultRandom(),
    number: serial("number").notNull().unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** A guest's cart cookie token, hashed: it lets the same browser open the confirmation page. */
    guestTokenHash: text("guest_token_hash"),
    email: text("email").notNull(),
    contactName: text("contact_name").notNull(),
    phone: text("phone").notNull(),
    fulfilment: fulfilment("fulfilment").notNull(),
    shipLine1: text("ship_line1"),
    shipLine2: text("ship_line2"),
    shipCity: text("ship_city"),
    shipRegion: text("ship_region"),
    shipPostalCode: text("ship_postal_code"),
    pickupLocationId: integer("pickup_location_id").references(() => trainingLocations.id),
    /** The items at their list prices. */
    subtotalCents: integer("subtotal_cents").notNull(),
    /** What member pricing and the verified service discount took off the items (ADR 0019). */
    memberPricingCents: integer("member_pricing_cents").notNull().default(0),
    verificationDiscountCents: integer("verification_discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    status: orderStatus("status").notNull().default("awaiting_payment"),
    paymentMethod: paymentMethod("payment_method").notNull(),
    /** Rendered into the checkout form: a double submit or a retried request finds the same order. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The Checkout session the buyer was last sent to; an older one expiring changes nothing. */
    stripeSessionId: text("stripe_session_id").unique(),
    /** When that session stops taking payments: a card order still unpaid well after it is released. */
    stripeSessionExpiresAt: timestamp("stripe_session_expires_at", { withTimezone: true }),
    /** The card payment, kept from the paid session: a refund is made against it. */
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    stripeRefundId: text("stripe_refund_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /**
     * A pay-later order's pay-by-card link (hashed): staff send it and the buyer pays from any device.
     * Sending a new link replaces the old one.
     */
    payLinkTokenHash: text("pay_link_token_hash").unique(),
    payLinkSentAt: timestamp("pay_link_sent_at", { withTimezone: true }),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** How a pay-later order was paid, as staff recorded it when marking it paid (null for a card checkout). */
    deskPaymentMethod: deskPaymentMethod("desk_payment_method"),
    /** Handed over at the pickup desk (pickup orders). */
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    /** Posted (shipping orders), with the carrier's tracking number. */
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    trackingNumber: text("tracking_number"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    index("orders_email_idx").on(sql`lower(${t.email})`),
    index("orders_placed_at_idx").on(t.placedAt),
    check(
      "orders_totals",
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.memberPricingCents} >= 0 and ${t.verificationDiscountCents} >= 0
          and ${t.totalCents} = ${t.subtotalCents} - ${t.memberPricingCents} - ${t.verificationDiscountCents} + ${t.shippingCents}`,
    ),
  ],
);

/** Names, sizes and prices copied at the moment of purchase: later catalog edits never change an order. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    membershipPlan: membershipPlan("membership_plan"),
    name: text("name").notNull(),
    size: text("size"),
    imagePath: text("image_path"),
    /** The list price per unit when ordered. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** The discount taken off each unit (the buyer pays unit price less this), its kind, rate and basis. */
    unitDiscountCents: integer("unit_discount_cents").notNull().default(0),
    discountKind: discountKind("discount_kind"),
    /** The rate in tenths of a percent (100 = 10.0 %). */
    discountTenths: integer("discount_tenths"),
    /** The plan (member pricing) or the verified service status the discount came from. */
    discountBasis: text("discount_basis"),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("order_lines_discount", sql`${t.unitDiscountCents} >= 0 and ${t.unitDiscountCents} <= ${t.unitPriceCents} and (${t.unitDiscountCents} = 0 or ${t.discountKind} is not null)`),
  ],
);

/** Stripe webhook events already handled: Stripe retries deliveries, so each event id counts once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A paid membership upgrade; members without a row are on the free Basic plan. */
export const memberships = pgTable("memberships", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  plan: membershipPlan("plan").notNull(),
  orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  renewsOn: timestamp("renews_on", { withTimezone: true }).notNull(),
});
