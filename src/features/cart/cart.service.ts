import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { cartLines, carts } from "@/db/schema/cart";
import { productVariants, products } from "@/db/schema/catalog";
import type { DbOrTransaction } from "@/lib/email/outbox";
import type { PaidPlan } from "@/features/memberships/membership-plans.service";
import type { CartOwner } from "./cart-owner";
import { MAX_LINE_QUANTITY, type AddToCartOutcome } from "./cart.schema";

function ownerCondition(owner: CartOwner) {
  return owner.kind === "member" ? eq(carts.userId, owner.userId) : eq(carts.tokenHash, owner.tokenHash);
}

export async function findCartId(db: DbOrTransaction, owner: CartOwner): Promise<number | undefined> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner));
  return row?.id;
}

/** The owner's cart id, creating the cart on first use (safe when two requests race to create it). */
export async function ensureCart(db: DbOrTransaction, owner: CartOwner): Promise<number> {
  const values = owner.kind === "member" ? { userId: owner.userId } : { tokenHash: owner.tokenHash };
  const [created] = await db.insert(carts).values(values).onConflictDoNothing().returning({ id: carts.id });
  if (created) return created.id;
  const id = await findCartId(db, owner);
  if (id === undefined) throw new Error("Cart vanished while being created");
  return id;
}

export interface AddResult {
  outcome: AddToCartOutcome;
  /** The line's quantity after the add (0 when nothing was added). */
  quantity: number;
  stock: number;
}

/**
 * Adds `quantity` of a variant. The line never holds more than the stock (or MAX_LINE_QUANTITY):
 * asking for more fills it up to the limit and says so; a sold-out variant adds nothing.
 */
export async function addToCart(db: Database, owner: CartOwner, variantId: number, quantity: number): Promise<AddResult> {
  return db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.id, variantId), isNull(products.archivedAt), eq(products.draft, false)));
    if (!variant) return { outcome: "invalid", quantity: 0, stock: 0 };
    if (variant.stock <= 0) return { outcome: "out-of-stock", quantity: 0, stock: 0 };
    const cartId = await ensureCart(tx, owner);
    // Locking the cart row serialises concurrent adds to one cart, so the read below stays true.
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for("update");
    const [existing] = await tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
    const limit = Math.min(variant.stock, MAX_LINE_QUANTITY);
    const wanted = (existing?.quantity ?? 0) + quantity;
    const stored = Math.min(wanted, limit);
    await tx
      .insert(cartLines)
      .values({ cartId, variantId, quantity: stored })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { quantity: stored } });
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
    return { outcome: wanted > limit ? "limited" : "added", quantity: stored, stock: variant.stock };
  });
}

export interface SetQuantityResult {
  /** The quantity actually stored (0: the line was removed). */
  quantity: number;
  /** True when the request asked for more than the stock allows. */
  capped: boolean;
  stock: number;
}

/** Sets a line's quantity, capped by stock; 0 removes the line. Only lines of the owner's cart. */
export async function setLineQuantity(db: Database, owner: CartOwner, lineId: number, quantity: number): Promise<SetQuantityResult> {
  return db.transaction(async (tx) => {
    const cartId = await findCartId(tx, owner);
    if (cartId === undefined) return { quantity: 0, capped: false, stock: 0 };
    const [line] = await tx
      .select({ variantId: cartLines.variantId, plan: cartLines.membershipPlan, stock: productVariants.stock })
      .from(cartLines)
      .leftJoin(productVariants, eq(productVariants.id, cartLines.variantId))
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
    if (!line) return { quantity: 0, capped: false, stock: 0 };
    const limit = line.plan ? 1 : Math.min(line.stock ?? 0, MAX_LINE_QUANTITY);
    const stored = Math.min(quantity, limit);
    if (stored <= 0) {
      await tx.delete(cartLines).where(eq(cartLines.id, lineId));
    } else {
      await tx.update(cartLines).set({ quantity: stored }).where(eq(cartLines.id, lineId));
    }
    return { quantity: stored, capped: quantity > limit, stock: line.stock ?? 1 };
  });
}

export async function removeLine(db: Database, owner: CartOwner, lineId: number): Promise<void> {
  const cartId = await findCartId(db, owner);
  if (cartId === undefined) return;
  await db.delete(cartLines).where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
}

/**
 * Puts a membership upgrade in a member's cart, replacing any other plan there. One upsert on the
 * one-plan-per-cart index, so a double click (two requests at once) ends with one line, not an error.
 */
export async function addMembershipToCart(db: Database, userId: string, plan: PaidPlan): Promise<void> {
  await db.transaction(async (tx) => {
    const cartId = await ensureCart(tx, { kind: "member", userId });
    await tx
      .insert(cartLines)
      .values({ cartId, membershipPlan: plan, quantity: 1 })
      .onConflictDoUpdate({
        target: cartLines.cartId,
        targetWhere: sql`${cartLines.membershipPlan} is not null`,
        set: { membershipPlan: plan, addedAt: new Date() },
      });
  });
}

/**
 * Signing in: the visitor's lines move into the member's cart and the visitor cart is deleted.
 * Quantities of the same variant add up, capped by stock, but never below what either cart held,
 * so nothing put in a cart is lost. Runs in one transaction; a second run finds nothing to merge.
 */
export async function mergeVisitorCart(db: Database, tokenHash: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [visitor] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.tokenHash, tokenHash)).for("update");
    if (!visitor) return;
    const memberCartId = await ensureCart(tx, { kind: "member", userId });
    await tx.execute(sql`
      insert into cart_lines (cart_id, variant_id, membership_plan, quantity, added_at)
      select ${memberCartId}, l.variant_id, l.membership_plan, l.quantity, l.added_at
      from cart_lines l where l.cart_id = ${visitor.id} and l.variant_id is not null
      on conflict (cart_id, variant_id) do update set quantity = greatest(
        least(cart_lines.quantity + excluded.quantity,
              (select least(v.stock, ${MAX_LINE_QUANTITY}) from product_variants v where v.id = excluded.variant_id)),
        cart_lines.quantity, excluded.quantity)`);
    // A plan line: kept only when the member's cart has none (at most one plan per cart).
    await tx.execute(sql`
      insert into cart_lines (cart_id, membership_plan, quantity)
      select ${memberCartId}, l.membership_plan, 1 from cart_lines l
      where l.cart_id = ${visitor.id} and l.membership_plan is not null
      on conflict do nothing`);
    await tx.delete(carts).where(eq(carts.id, visitor.id));
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, memberCartId));
  });
}
