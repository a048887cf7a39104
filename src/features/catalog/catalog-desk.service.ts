/**
 * The staff catalog's rules: products are created (as drafts), published, edited and archived (never deleted: orders name
 * them); stock changes only through adjustments that lock the size's row, so a checkout racing an
 * adjustment loses neither change, and each one is kept in the stock ledger and the audit log.
 */
import { and, asc, eq, gt, inArray, like, max, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apparelSizes, productVariants, products, stockAdjustments } from "@/db/schema/catalog";
import type { Actor } from "@/lib/audit.service";
import { recordAudit } from "@/lib/audit.service";
import { imageFallbackUrl, type ImageRef } from "@/lib/image-url";
import { now } from "@/lib/clock";
import { FieldErrors, FormError } from "@/lib/form-state";
import { quantityField, type ProductInput, type StockAdjustmentInput } from "./catalog-desk.schema";

export const UNKNOWN_PRODUCT = "This product no longer exists. Go back to the catalog and reload it.";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "product";
}

/** The name's slug, or the first of slug-2, slug-3 … that is free: a product's URL never changes once made. */
async function freeSlug(tx: Tx, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set((await tx.select({ slug: products.slug }).from(products).where(like(products.slug, `${base}%`))).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function nextFeaturedRank(tx: Tx): Promise<number> {
  const [row] = await tx.select({ rank: max(products.featuredRank) }).from(products);
  return (row?.rank ?? 0) + 1;
}

const sortOrderOf = (size: string | null) => (size === null ? 0 : apparelSizes.indexOf(size as (typeof apparelSizes)[number]));

/** What the audit log keeps of a product. */
function snapshot(row: { name: string; description: string; category: string; priceCents: number; featuredRank: number | null; lowStockThreshold: number; imagePath: string; imageAlt: string }) {
  return {
    name: row.name,
    description: row.description,
    category: row.category,
    priceCents: row.priceCents,
    featured: row.featuredRank !== null,
    lowStockThreshold: row.lowStockThreshold,
    imagePath: row.imagePath,
    imageAlt: row.imageAlt,
  };
}

export async function createProduct(db: Database, actor: Actor, input: ProductInput, image: ImageRef): Promise<{ id: number; slug: string }> {
  return db.transaction(async (tx) => {
    // Two staff adding the same name at once would race for one slug: take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog.create-product'))`);
    const slug = await freeSlug(tx, input.name);
    const values = {
      slug,
      name: input.name,
      description: input.description,
      category: input.category,
      priceCents: input.priceCents,
      featuredRank: input.featured ? await nextFeaturedRank(tx) : null,
      lowStockThreshold: input.lowStockThreshold,
      imageId: image.id,
      imagePath: imageFallbackUrl(image),
      imageAlt: input.imageAlt,
      releasedAt: now(),
      // Made without stock: a draft until staff record the stock and publish it.
      draft: true,
    };
    const [product] = await tx.insert(products).values(values).returning({ id: products.id });
    const sizes: (string | null)[] = input.sizes.length > 0 ? input.sizes : [null];
    await tx.insert(productVariants).values(sizes.map((size) => ({ productId: product!.id, size, stock: 0, sortOrder: sortOrderOf(size) })));
    await recordAudit(tx, actor, { action: "product.create", recordType: "product", recordId: String(product!.id), after: { slug, ...snapshot(values), sizes, draft: true } });
    return { id: product!.id, slug };
  });
}

export async function updateProduct(db: Database, actor: Actor, productId: number, input: ProductInput, image: ImageRef | null): Promise<{ id: number; slug: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!current) throw new FormError(UNKNOWN_PRODUCT);
    const variants = await tx.select({ size: productVariants.size }).from(productVariants).where(eq(productVariants.productId, productId));
    const existing = new Set(variants.map((variant) => variant.size));
    const added = input.sizes.filter((size) => !existing.has(size));
    if (added.length > 0 && existing.has(null)) {
      throw new FormError("A one-size product can't take sizes. Archive it and add the sized product as a new one.", "sizes");
    }
    const changes = {
      name: input.name,
      description: input.description,
      category: input.category,
      priceCents: input.priceCents,
      featuredRank: input.featured ? (current.featuredRank ?? (await nextFeaturedRank(tx))) : null,
      lowStockThreshold: input.lowStockThreshold,
      imageAlt: input.imageAlt,
      ...(image ? { imageId: image.id, imagePath: imageFallbackUrl(image) } : {}),
    };
    await tx.update(products).set(changes).where(eq(products.id, productId));
    if (added.length > 0) {
      await tx.insert(productVariants).values(added.map((size) => ({ productId, size, stock: 0, sortOrder: sortOrderOf(size) })));
    }
    await recordAudit(tx, actor, {
      action: "product.update",
      recordType: "product",
      recordId: String(productId),
      before: snapshot(current),
      after: { ...snapshot({ ...current, ...changes }), ...(added.length > 0 ? { sizesAdded: added } : {}) },
    });
    return { id: productId, slug: current.slug };
  });
}

/** Archives (gone from the shop, kept for orders) or restores a product; `changed` is false when it already was. */
export async function setProductArchived(db: Database, actor: Actor, productId: number, archived: boolean): Promise<{ name: string; changed: boolean; draft: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ name: products.name, archivedAt: products.archivedAt, draft: products.draft }).from(products).where(eq(products.id, productId)).for("update");
    if (!current) throw new FormError(UNKNOWN_PRODUCT);
    if ((current.archivedAt !== null) === archived) return { name: current.name, changed: false, draft: current.draft };
    const archivedAt = archived ? now() : null;
    await tx.update(products).set({ archivedAt }).where(eq(products.id, productId));
    await recordAudit(tx, actor, {
      action: archived ? "product.archive" : "product.restore",
      recordType: "product",
      recordId: String(productId),
      before: { archivedAt: current.archivedAt?.toISOString() ?? null },
      after: { archivedAt: archivedAt?.toISOString() ?? null },
    });
    return { name: current.name, changed: true, draft: current.draft };
  });
}

export interface StockAdjusted {
  name: string;
  size: string | null;
  before: number;
  after: number;
}

/**
 * A stock adjustment of one or more sizes of a product, all or nothing: received adds, damaged takes
 * away, counted sets the count, other adds a signed number. The sizes' rows are locked for the
 * transaction (in id order, so two adjustments never wait on each other), so a checkout's conditional
 * UPDATE waits and then sees the new stock; stock never goes below 0. A size that would is refused
 * beside its own field, and nothing is written. Each size that changes is a row of the stock ledger.
 */
export async function adjustStock(db: Database, actor: Actor, input: StockAdjustmentInput): Promise<StockAdjusted[]> {
  return db.transaction(async (tx) => {
    const ids = input.changes.map((change) => change.variantId);
    const rows = await tx
      .select({ id: productVariants.id, stock: productVariants.stock, size: productVariants.size, name: products.name })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(inArray(productVariants.id, ids), eq(productVariants.productId, input.productId)))
      .orderBy(asc(productVariants.id))
      .for("update", { of: productVariants });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const refused: Record<string, string> = {};
    const planned: (StockAdjusted & { variantId: number; change: number })[] = [];
    for (const { variantId, quantity } of input.changes) {
      const variant = byId.get(variantId);
      const field = quantityField(variantId);
      if (!variant) {
        refused[field] = "This size no longer exists. Reload the page and enter the stock again.";
        continue;
      }
      const before = variant.stock;
      const change = input.reason === "counted" ? quantity - before : input.reason === "damaged" ? -quantity : quantity;
      const after = before + change;
      if (after < 0) refused[field] = `Stock can't go below 0: there ${before === 1 ? "is 1" : `are ${before}`} in stock.`;
      else if (after > 1_000_000) refused[field] = "That would make the stock absurdly high. Check the number.";
      else planned.push({ variantId, name: variant.name, size: variant.size, before, after, change });
    }
    if (Object.keys(refused).length > 0) throw new FieldErrors(refused);
    for (const { variantId, size, before, after, change } of planned) {
      if (change === 0) continue;
      await tx.update(productVariants).set({ stock: after }).where(eq(productVariants.id, variantId));
      await tx.insert(stockAdjustments).values({
        variantId,
        reason: input.reason,
        note: input.note,
        change,
        stockBefore: before,
        stockAfter: after,
        actorId: actor.id,
        actorEmail: actor.email,
        at: now(),
      });
      await recordAudit(tx, actor, {
        action: "stock.adjust",
        recordType: "product",
        recordId: String(input.productId),
        before: { size, stock: before },
        after: { size, stock: after, reason: input.reason, note: input.note },
      });
    }
    return planned.map(({ name, size, before, after }) => ({ name, size, before, after }));
  });
}

export const NO_STOCK_TO_PUBLISH = "Record the stock first: a product with no stock would go on sale sold out.";
export const NO_PICTURE_TO_PUBLISH = "Add a picture first (under Details): the shop shows every product with its picture.";

/**
 * Puts a draft on sale. Refused while it has no picture (an imported product) or every size has 0 in
 * stock (a visitor would meet a product they can't buy); `changed` is false when it already was on sale.
 */
export async function publishProduct(db: Database, actor: Actor, productId: number): Promise<{ name: string; slug: string; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: products.name, slug: products.slug, draft: products.draft, imagePath: products.imagePath })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!current) throw new FormError(UNKNOWN_PRODUCT);
    if (!current.draft) return { name: current.name, slug: current.slug, changed: false };
    // A product brought in by a CSV import has no picture until staff add one.
    if (current.imagePath === "") throw new FormError(NO_PICTURE_TO_PUBLISH);
    const [stocked] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), gt(productVariants.stock, 0)))
      .limit(1);
    if (!stocked) throw new FormError(NO_STOCK_TO_PUBLISH);
    await tx.update(products).set({ draft: false, releasedAt: now() }).where(eq(products.id, productId));
    await recordAudit(tx, actor, { action: "product.publish", recordType: "product", recordId: String(productId), before: { draft: true }, after: { draft: false } });
    return { name: current.name, slug: current.slug, changed: true };
  });
}
