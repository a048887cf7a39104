import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const eventCategory = pgEnum("event_category", ["firearms", "fitness", "medical", "community"]);

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: eventCategory("category").notNull(),
    description: text("description").notNull(),
    instructor: text("instructor").notNull(),
    location: text("location").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull().default("America/Chicago"),
    /** Seats offered; null means unlimited. */
    capacity: integer("capacity"),
    /** iCalendar SEQUENCE: bumped whenever the event changes so calendars pick up the update. */
    sequence: integer("sequence").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("events_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
    check("events_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
