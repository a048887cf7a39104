import "server-only";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { products, productVariants } from "@/db/schema/catalog";
import { images } from "@/db/schema/images";
import type { ImageRef } from "@/lib/image-url";
import { formatCents } from "@/lib/money";
import { isQueryableText } from "@/lib/text-fields";
import { categoryLabels, type ProductCategory, type ProductSort, type ShopQuery } from "./catalog.schema";
import type { VariantSummary } from "./stock";

export interface ProductSummary {
  slug: string;
  name: string;
  description: string;
  category: ProductCategory;
  categoryLabel: string;
  priceCents: number;
  price: string;
  imagePath: string;
  imageAlt: string;
  /** An image uploaded in the staff area (shown in AVIF/WebP widths), or null for the seed's pictures. */
  image: ImageRef | null;
  /** Sizes smallest first (apparel), or one variant with no size. */
  variants: VariantSummary[];
  inStock: boolean;
}

type ProductRow = typeof products.$inferSelect;

function toSummary(row: ProductRow, variants: VariantSummary[], image: ImageRef | null): ProductSummary {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category,
    categoryLabel: categoryLabels[row.category],
    priceCents: row.priceCents,
    price: formatCents(row.priceCents),
    imagePath: row.imagePath,
    imageAlt: row.imageAlt,
    image,
    variants,
    inStock: variants.some((v) => v.stock > 0),
  };
}

/** The rows with their variants: one extra query for the whole list. */
async function withVariants(db: Database, rows: ProductRow[]): Promise<ProductSummary[]> {
  if (rows.length === 0) return [];
  const variantRows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, rows.map((r) => r.id)))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  const byProduct = new Map<number, VariantSummary[]>();
  for (const v of variantRows) {
    const list = byProduct.get(v.productId) ?? [];
    list.push({ id: v.id, size: v.size, stock: v.stock });
    byProduct.set(v.productId, list);
  }
  const imageIds = rows.flatMap((row) => (row.imageId === null ? [] : [row.imageId]));
  const imageRows =
    imageIds.length === 0
      ? []
      : await db.select({ id: images.id, hash: images.hash, width: images.width, height: images.height }).from(images).where(inArray(images.id, imageIds));
  const imageById = new Map(imageRows.map((image) => [image.id, image]));
  return rows.map((row) => toSummary(row, byProduct.get(row.id) ?? [], (row.imageId !== null && imageById.get(row.imageId)) || null));
}

/** Archived products are gone from the shop (orders still name them); drafts are not in it yet. */
const onSale = and(isNull(products.archivedAt), eq(products.draft, false));

const orderings: Record<ProductSort, SQL[]> = {
  featured: [asc(products.featuredRank), asc(products.id)],
  "price-asc": [asc(products.priceCents), asc(products.id)],
  "price-desc": [desc(products.priceCents), asc(products.id)],
  newest: [desc(products.releasedAt), asc(products.id)],
};

export async function listProducts(db: Database, query: ShopQuery): Promise<ProductSummary[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(onSale, query.category ? eq(products.category, query.category) : undefined))
    .orderBy(...orderings[query.sort]);
  return withVariants(db, rows);
}

/** Number of products per category plus the total, for the filter sidebar. */
export async function countProductsByCategory(db: Database): Promise<{ all: number } & Record<ProductCategory, number>> {
  const rows = await db.select({ category: products.category, n: count() }).from(products).where(onSale).groupBy(products.category);
  const counts = { all: 0, apparel: 0, gear: 0, accessories: 0 };
  for (const row of rows) {
    counts[row.category] = row.n;
    counts.all += row.n;
  }
  return counts;
}

export async function getProduct(db: Database, slug: string): Promise<ProductSummary | undefined> {
  if (!isQueryableText(slug)) return undefined;
  const [row] = await db.select().from(products).where(and(eq(products.slug, slug), onSale)).limit(1);
  if (!row) return undefined;
  const [product] = await withVariants(db, [row]);
  return product;
}

export async function listFeaturedProducts(db: Database, limit = 4): Promise<ProductSummary[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(isNotNull(products.featuredRank), onSale))
    .orderBy(asc(products.featuredRank))
    .limit(limit);
  return withVariants(db, rows);
}

/**
 * "You may also like": the same category first, then the rest of the shop, featured ones first, so a
 * product whose category holds few others still gets a full row. Sold-out products come last.
 */
export async function listRelatedProducts(db: Database, product: ProductSummary, limit = 4): Promise<ProductSummary[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(ne(products.slug, product.slug), onSale))
    .orderBy(sql`${products.category} = ${product.category} desc`, sql`${products.featuredRank} is null`, asc(products.featuredRank), asc(products.name))
    .limit(limit * 4);
  const ranked = await withVariants(db, rows);
  return [...ranked.filter((p) => p.inStock), ...ranked.filter((p) => !p.inStock)].slice(0, limit);
}

export async function listProductSlugs(db: Database): Promise<string[]> {
  const rows = await db.select({ slug: products.slug }).from(products).where(onSale);
  return rows.map((r) => r.slug);
}
