import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";

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

/** Apparel sizes, smallest first; other products have one variant with no size. */
export const apparelSizes = ["XS", "S", "M", "L", "XL", "XXL"] as const;
export type ApparelSize = (typeof apparelSizes)[number];

/**
 * What is actually sold and counted: one row per size (apparel) or a single row (everything else).
 * Stock only changes through a conditional UPDATE … WHERE stock >= n; the CHECK is the last line.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** "XS" … "XXL", or null for a one-size product. */
    size: text("size"),
    stock: integer("stock").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    unique("product_variants_product_size").on(t.productId, t.size).nullsNotDistinct(),
    check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
  ],
);
