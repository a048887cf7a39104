import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The association's contact details and hours, edited by staff: one row (id 1). Until staff first
 * save it, the site shows the defaults in `lib/site.ts`.
 */
export const siteContact = pgTable(
  "site_contact",
  {
    id: integer("id").primaryKey().default(1),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    phoneHours: text("phone_hours").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("site_contact_single_row", sql`${t.id} = 1`)],
);

/**
 * Written once, in the transaction that loads the sample content (or finds a database that already
 * has content): while this row exists, starting the site never loads the samples again.
 */
export const sampleContentLoads = pgTable(
  "sample_content_loads",
  {
    id: integer("id").primaryKey().default(1),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** "loaded": the samples went into an empty database; "existing": the database already had content. */
    outcome: text("outcome", { enum: ["loaded", "existing"] }).notNull(),
  },
  (t) => [check("sample_content_loads_single_row", sql`${t.id} = 1`)],
);
