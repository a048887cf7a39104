import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: serial("id").primaryKey(),
  /** Stored lower-cased so the same address cannot subscribe twice. */
  email: text("email").notNull().unique(),
  subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set once double opt-in is confirmed (a later issue); null until then. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
});
