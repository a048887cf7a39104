import "server-only";
import { asc, eq, sum } from "drizzle-orm";
import type { Database } from "@/db/client";
import { cartLines, carts } from "@/db/schema/cart";
import { products, productVariants } from "@/db/schema/catalog";
import type { DbOrTransaction } from "@/lib/email/outbox";
import { MEMBERSHIP_PLANS, type PaidPlan } from "@/features/memberships/membership-plans.service";
import type { CartOwner } from "./cart-owner";
import type { VariantLabel } from "./cart.messages";
import { MAX_LINE_QUANTITY } from "./cart.schema";

export interface CartLineView {
  id: number;
  variantId: number | null;
  plan: PaidPlan | null;
  name: string;
  /** Product page, or null for a membership. */
  href: string | null;
  size: string | null;
  imagePath: string | null;
  imageAlt: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** The most this line may hold (stock, or 1 for a membership); 0 when sold out. */
  maxQuantity: number;
  /** Stock left, or null for a membership. */
  stock: number | null;
}

export interface CartView {
  lines: CartLineView[];
  count: number;
  subtotalCents: number;
  /** True when some line holds more than is in stock now (another buyer got there first). */
  overStock: boolean;
}

function ownerCondition(owner: CartOwner) {
  return owner.kind === "member" ? eq(carts.userId, owner.userId) : eq(carts.tokenHash, owner.tokenHash);
}

export const emptyCart: CartView = { lines: [], count: 0, subtotalCents: 0, overStock: false };

/** The owner's cart with current names, prices and stock, oldest line first. */
export async function getCart(db: DbOrTransaction, owner: CartOwner | null): Promise<CartView> {
  if (!owner) return emptyCart;
  const rows = await db
    .select({
      id: cartLines.id,
      variantId: cartLines.variantId,
      plan: cartLines.membershipPlan,
      quantity: cartLines.quantity,
      size: productVariants.size,
      stock: productVariants.stock,
      archivedAt: products.archivedAt,
      draft: products.draft,
      slug: products.slug,
      name: products.name,
      priceCents: products.priceCents,
      imagePath: products.imagePath,
      imageAlt: products.imageAlt,
    })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .leftJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .where(ownerCondition(owner))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.id));

  const lines = rows.map((row): CartLineView => {
    if (row.plan) {
      const plan = MEMBERSHIP_PLANS[row.plan];
      return {
        id: row.id, variantId: null, plan: row.plan, name: `${plan.name} (1 year)`, href: null, size: null,
        imagePath: null, imageAlt: "", unitPriceCents: plan.priceCents, quantity: 1, lineTotalCents: plan.priceCents,
        maxQuantity: 1, stock: null,
      };
    }
    const unit = row.priceCents ?? 0;
    // An archived product is no longer sold (nor a draft yet): its line counts as sold out until removed.
    const stock = row.archivedAt || row.draft ? 0 : (row.stock ?? 0);
    return {
      id: row.id, variantId: row.variantId, plan: null, name: row.name ?? "", href: `/shop/${row.slug}`, size: row.size,
      imagePath: row.imagePath, imageAlt: row.imageAlt ?? "", unitPriceCents: unit, quantity: row.quantity,
      lineTotalCents: unit * row.quantity, maxQuantity: Math.min(stock, MAX_LINE_QUANTITY), stock,
    };
  });
  return {
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: lines.reduce((n, l) => n + l.lineTotalCents, 0),
    overStock: lines.some((l) => l.quantity > l.maxQuantity),
  };
}

/** Items in the cart, for the header badge: no query at all for a visitor without a cart cookie. */
export async function getCartCount(db: Database, owner: CartOwner | null): Promise<number> {
  if (!owner) return 0;
  const [row] = await db
    .select({ n: sum(cartLines.quantity) })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(ownerCondition(owner));
  return Number(row?.n ?? 0);
}

/** Name, size and stock of one variant, for messages. */
export async function getVariantLabel(db: Database, variantId: number): Promise<VariantLabel | undefined> {
  const [row] = await db
    .select({ name: products.name, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row;
}
