import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable, timestamp } from "drizzle-orm/pg-core";

/** Why an order line cost less than its list price (ADR 0019): member pricing, or the verified service discount. */
export const discountKind = pgEnum("discount_kind", ["member-pricing", "verified-service"]);

/**
 * The discount rates staff set (ADR 0019), in tenths of a percent (100 = 10.0 %): one row (id 1).
 * Until staff first save them, pricing uses the defaults in features/pricing/pricing-rates.ts.
 */
export const pricingRates = pgTable(
  "pricing_rates",
  {
    id: integer("id").primaryKey().default(1),
    premiumTenths: integer("premium_tenths").notNull(),
    eliteTenths: integer("elite_tenths").notNull(),
    verificationTenths: integer("verification_tenths").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("pricing_rates_single_row", sql`${t.id} = 1`),
    check(
      "pricing_rates_range",
      sql`${t.premiumTenths} between 0 and 500 and ${t.eliteTenths} between 0 and 500 and ${t.verificationTenths} between 0 and 500`,
    ),
  ],
);
