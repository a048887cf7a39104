import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const productCategory = pgEnum("product_category", ["apparel", "gear", "accessories"]);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: productCategory("category").notNull(),
    priceCents: integer("price_cents").notNull(),
    imagePath: text("image_path").notNull(),
    imageAlt: text("image_alt").notNull(),
    /** Lower comes first under "Featured"; null means not featured on the home page. */
    featuredRank: integer("featured_rank"),
    releasedAt: timestamp("released_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("products_price_non_negative", sql`${t.priceCents} >= 0`)],
);
