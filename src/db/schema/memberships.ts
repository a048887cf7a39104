import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { membershipPlan } from "./cart";

/** The renewal reminders (ADR 0019): 30, 7 and 1 days before expiry, 1 day after, and at the end of grace. */
export const membershipReminderKind = pgEnum("membership_reminder_kind", ["before-30", "before-7", "before-1", "after-1", "grace-ended"]);

/**
 * One row per reminder queued, for one membership period (its expiry): inserted in the transaction
 * that queues the e-mail, so each reminder goes out once however many servers run the job. A renewal
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
