import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { productVariants } from "./catalog";

export const membershipPlan = pgEnum("membership_plan", ["premium", "elite"]);

/**
 * A visitor's cart (found by the SHA-256 of its opaque cookie token) or a member's (found by user id):
 * exactly one of the two. Signing in merges the visitor's cart into the member's.
 */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").unique(),
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("carts_one_owner", sql`(${t.tokenHash} is null) <> (${t.userId} is null)`)],
);

/** A product variant with a quantity, or a membership upgrade (always quantity 1, at most one per cart). */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    membershipPlan: membershipPlan("membership_plan"),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cart_lines_cart_variant").on(t.cartId, t.variantId),
    uniqueIndex("cart_lines_one_plan").on(t.cartId).where(sql`${t.membershipPlan} is not null`),
    index("cart_lines_cart_idx").on(t.cartId),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("cart_lines_one_item", sql`(${t.variantId} is null) <> (${t.membershipPlan} is null)`),
    check("cart_lines_plan_quantity", sql`${t.membershipPlan} is null or ${t.quantity} = 1`),
  ],
);
