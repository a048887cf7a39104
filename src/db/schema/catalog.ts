import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, pgEnum, pgTable, serial, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { images } from "./images";

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
    /** An image uploaded in the staff area; `imagePath` then holds one of its URLs for plain readers (cart, orders). */
    imageId: integer("image_id").references(() => images.id, { onDelete: "set null" }),
    /** Lower comes first under "Featured"; null means not featured on the home page. */
    featuredRank: integer("featured_rank"),
    releasedAt: timestamp("released_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff archive the product: gone from the shop, kept for the orders that name it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** A product made at the catalog desk starts as a draft: not in the shop, not sold, until staff publish it. */
    draft: boolean("draft").notNull().default(false),
    /** At or below this many, a size counts as low stock (shop label, staff dashboard). */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
  },
  (t) => [
    check("products_price_non_negative", sql`${t.priceCents} >= 0`),
    check("products_low_stock_threshold_non_negative", sql`${t.lowStockThreshold} >= 0`),
  ],
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

export const stockReasons = ["received", "counted", "damaged", "other", "order", "order-cancelled", "order-refunded"] as const;
export type StockReason = (typeof stockReasons)[number];

/**
 * The stock ledger: every change of a variant's stock made by staff (and by orders), with why, who,
 * when, and the stock before and after. Rows are only ever added.
 */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: stockReasons }).notNull(),
    note: text("note"),
    change: integer("change").notNull(),
    stockBefore: integer("stock_before").notNull(),
    stockAfter: integer("stock_after").notNull(),
    orderId: uuid("order_id"),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_adjustments_variant_idx").on(t.variantId, t.at),
    check("stock_adjustments_consistent", sql`${t.stockAfter} = ${t.stockBefore} + ${t.change} and ${t.stockAfter} >= 0`),
  ],
);
