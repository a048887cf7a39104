import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { emailOutbox } from "./email";

/**
 * One row per address that asked for the newsletter: the consent record, shared by the footer form and
 * the profile's "Marketing emails" setting (which reads and writes this row for the member's address).
 * Unconfirmed, it holds the SHA-256 of the confirmation link's token until the link lapses; confirmed,
 * the token is gone and `confirmedAt` says when the owner pressed Confirm, or, for an address staff
 * entered from a paper sign-up sheet, when it was entered (`consentSource`). Unsubscribing deletes the row.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased so the same address cannot subscribe twice. */
    email: text("email").notNull().unique(),
    /** When the address was last submitted for the newsletter (each new request renews the link). */
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the owner pressed Confirm on the page the confirmation email links to; null until then. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** SHA-256 (hex) of the confirmation token while unconfirmed; the token itself is only in the email. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    /** The confirmation link stops working at this instant, and the unconfirmed row is then deleted. */
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /**
     * How the owner consented: `email`, they pressed Confirm on the link we sent; `paper-sheet`, they
     * wrote their address on a sign-up sheet and staff entered it (confirmedAt is then when it was entered);
     * `imported`, they consented elsewhere (the association's earlier list) and staff imported the address
     * with the date of that consent (confirmedAt).
     */
    consentSource: text("consent_source", { enum: ["email", "paper-sheet", "imported"] }).notNull().default("email"),
    /** A paper sign-up's sheet, as staff described it (where and when it was signed), or an imported list's source. */
    consentNote: text("consent_note"),
    /** A paper sign-up's or an import's staff member, by email address (kept if their account goes). */
    recordedBy: text("recorded_by"),
  },
  (t) => [index("newsletter_subscribers_unconfirmed_idx").on(t.confirmExpiresAt).where(sql`${t.confirmedAt} is null`)],
);

/** A newsletter issue written by staff: a draft until someone sends it, then read-only. */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    /** What staff typed: paragraphs, **bold**, [links](https://…) and lists, rendered by features/newsletter/newsletter-format.ts. */
    body: text("body").notNull(),
    createdById: text("created_by_id").references(() => user.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** Set once, when staff press Send: from then on the issue cannot change or be sent again. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentById: text("sent_by_id").references(() => user.id, { onDelete: "set null" }),
    sentByEmail: text("sent_by_email"),
    /** How many confirmed subscribers it was addressed to when sent. */
    recipientCount: integer("recipient_count"),
    /** When the last recipient's message was handed to the outbox. */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
  },
  (t) => [check("newsletter_issues_recipient_count_non_negative", sql`${t.recipientCount} is null or ${t.recipientCount} >= 0`)],
);

export const newsletterDeliveryStatus = pgEnum("newsletter_delivery_status", ["pending", "queued", "skipped"]);

/**
 * One row per issue and recipient, written when the issue is sent: the unique pair is what makes an
 * issue reach an address at most once, however many servers queue it and however often they restart.
 * pending: waiting for the batch job; queued: its message is in the outbox (`outboxId`); skipped: the
 * address unsubscribed before its turn came.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: serial("id").primaryKey(),
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: newsletterDeliveryStatus("status").notNull().default("pending"),
    outboxId: integer("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    /** SHA-256 of the token in this message's unsubscribe link (List-Unsubscribe and the footer). */
    unsubscribeTokenHash: text("unsubscribe_token_hash").unique(),
    queuedAt: timestamp("queued_at", { withTimezone: true }),
  },
  (t) => [
    unique("newsletter_deliveries_issue_email_key").on(t.issueId, t.email),
    index("newsletter_deliveries_pending_idx").on(t.issueId, t.id).where(sql`${t.status} = 'pending'`),
  ],
);
