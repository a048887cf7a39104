import "server-only";
import { asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { images } from "@/db/schema/images";
import { productVariants, products, stockAdjustments, type StockReason } from "@/db/schema/catalog";
import type { ImageRef } from "@/lib/image-url";
import { formatCents } from "@/lib/money";
import { categoryLabels, type ProductCategory } from "./catalog.schema";

export interface CatalogVariant {
  id: number;
  size: string | null;
  stock: number;
  low: boolean;
}

export interface CatalogRow {
  id: number;
  slug: string;
  name: string;
  categoryLabel: string;
  price: string;
  featured: boolean;
  archived: boolean;
  /** Not in the shop yet: staff publish it once it has stock. */
  draft: boolean;
  lowStockThreshold: number;
  variants: CatalogVariant[];
}

export interface CatalogProduct extends CatalogRow {
  description: string;
  category: ProductCategory;
  priceCents: number;
  imagePath: string;
  imageAlt: string;
  image: ImageRef | null;
}

export interface LedgerEntry {
  id: number;
  at: Date;
  size: string | null;
  reason: StockReason;
  note: string | null;
  change: number;
  stockBefore: number;
  stockAfter: number;
  actorEmail: string | null;
}

async function variantsOf(db: Database, productIds: number[], thresholds: Map<number, number>): Promise<Map<number, CatalogVariant[]>> {
  const byProduct = new Map<number, CatalogVariant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ id: row.id, size: row.size, stock: row.stock, low: row.stock <= (thresholds.get(row.productId) ?? 0) });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

type ProductRow = typeof products.$inferSelect;

function toRow(row: ProductRow, variants: CatalogVariant[]): CatalogRow {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    categoryLabel: categoryLabels[row.category],
    price: formatCents(row.priceCents),
    featured: row.featuredRank !== null,
    archived: row.archivedAt !== null,
    draft: row.draft,
    lowStockThreshold: row.lowStockThreshold,
    variants,
  };
}

/** The products on sale and the drafts (or the archived ones), by name. */
export async function listCatalog(db: Database, { archived }: { archived: boolean }): Promise<CatalogRow[]> {
  const rows = await db
    .select()
    .from(products)
    .where(archived ? isNotNull(products.archivedAt) : isNull(products.archivedAt))
    .orderBy(asc(products.name), asc(products.id));
  const variants = await variantsOf(db, rows.map((row) => row.id), new Map(rows.map((row) => [row.id, row.lowStockThreshold])));
  return rows.map((row) => toRow(row, variants.get(row.id) ?? []));
}

export async function getCatalogProduct(db: Database, id: number): Promise<CatalogProduct | undefined> {
  const [found] = await db
    .select({ product: products, image: { id: images.id, hash: images.hash, width: images.width, height: images.height } })
    .from(products)
    .leftJoin(images, eq(images.id, products.imageId))
    .where(eq(products.id, id));
  if (!found) return undefined;
  const { product, image } = found;
  const variants = await variantsOf(db, [product.id], new Map([[product.id, product.lowStockThreshold]]));
  return {
    ...toRow(product, variants.get(product.id) ?? []),
    description: product.description,
    category: product.category,
    priceCents: product.priceCents,
    imagePath: product.imagePath,
    imageAlt: product.imageAlt,
    image: image?.id ? image : null,
  };
}

const ledgerColumns = {
  id: stockAdjustments.id,
  at: stockAdjustments.at,
  size: productVariants.size,
  reason: stockAdjustments.reason,
  note: stockAdjustments.note,
  change: stockAdjustments.change,
  stockBefore: stockAdjustments.stockBefore,
  stockAfter: stockAdjustments.stockAfter,
  actorEmail: stockAdjustments.actorEmail,
};

/** The product's stock ledger, newest first. */
export async function listStockLedger(db: Database, productId: number, limit = 100): Promise<LedgerEntry[]> {
  return db
    .select(ledgerColumns)
    .from(stockAdjustments)
    .innerJoin(productVariants, eq(productVariants.id, stockAdjustments.variantId))
    .where(eq(productVariants.productId, productId))
    .orderBy(desc(stockAdjustments.at), desc(stockAdjustments.id))
    .limit(limit);
}

export interface StockChange extends LedgerEntry {
  productId: number;
  productName: string;
}

/** How many of the latest stock changes the stock ledger desk shows. */
export const STOCK_CHANGES_SHOWN = 200;

/** The stock ledger of every product, archived ones included, newest first: the stock ledger desk. */
export async function listStockChanges(db: Database, limit = STOCK_CHANGES_SHOWN): Promise<StockChange[]> {
  return db
    .select({ ...ledgerColumns, productId: products.id, productName: products.name })
    .from(stockAdjustments)
    .innerJoin(productVariants, eq(productVariants.id, stockAdjustments.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .orderBy(desc(stockAdjustments.at), desc(stockAdjustments.id))
    .limit(limit);
}
