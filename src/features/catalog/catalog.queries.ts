import "server-only";
import { and, asc, count, desc, eq, isNotNull, ne, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { products } from "@/db/schema/catalog";
import { formatCents } from "@/lib/money";
import { categoryLabels, type ProductCategory, type ProductSort, type ShopQuery } from "./catalog.schema";

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
}

type ProductRow = typeof products.$inferSelect;

function toSummary(row: ProductRow): ProductSummary {
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
  };
}

const orderings: Record<ProductSort, SQL[]> = {
  featured: [asc(products.featuredRank), asc(products.id)],
  "price-asc": [asc(products.priceCents), asc(products.id)],
  "price-desc": [desc(products.priceCents), asc(products.id)],
  newest: [desc(products.releasedAt), asc(products.id)],
};

export async function listProducts(query: ShopQuery): Promise<ProductSummary[]> {
  const rows = await getDb()
    .select()
    .from(products)
    .where(query.category ? eq(products.category, query.category) : undefined)
    .orderBy(...orderings[query.sort]);
  return rows.map(toSummary);
}

/** Number of products per category plus the total, for the filter sidebar. */
export async function countProductsByCategory(): Promise<{ all: number } & Record<ProductCategory, number>> {
  const rows = await getDb().select({ category: products.category, n: count() }).from(products).groupBy(products.category);
  const counts = { all: 0, apparel: 0, gear: 0, accessories: 0 };
  for (const row of rows) {
    counts[row.category] = row.n;
    counts.all += row.n;
  }
  return counts;
}

export async function getProduct(slug: string): Promise<ProductSummary | undefined> {
  const [row] = await getDb().select().from(products).where(eq(products.slug, slug)).limit(1);
  return row ? toSummary(row) : undefined;
}

export async function listFeaturedProducts(limit = 4): Promise<ProductSummary[]> {
  const rows = await getDb()
    .select()
    .from(products)
    .where(isNotNull(products.featuredRank))
    .orderBy(asc(products.featuredRank))
    .limit(limit);
  return rows.map(toSummary);
}

export async function listRelatedProducts(product: ProductSummary, limit = 3): Promise<ProductSummary[]> {
  const rows = await getDb()
    .select()
    .from(products)
    .where(and(eq(products.category, product.category), ne(products.slug, product.slug)))
    .orderBy(asc(products.featuredRank))
    .limit(limit);
  return rows.map(toSummary);
}

export async function listProductSlugs(): Promise<string[]> {
  const rows = await getDb().select({ slug: products.slug }).from(products);
  return rows.map((r) => r.slug);
}
