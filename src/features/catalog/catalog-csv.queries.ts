import "server-only";
import { asc, eq, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { productVariants, products } from "@/db/schema/catalog";
import { csvText } from "@/lib/csv";
import { categoryLabels } from "./catalog.schema";
import { PRODUCT_COLUMNS } from "./catalog-import.service";

/**
 * The catalog as the products file (PRODUCT_COLUMNS): one row per product and size, drafts included,
 * archived products left out, in the shop's order of names. Importing it back changes nothing.
 */
export async function productsCsv(db: Database): Promise<string> {
  const rows = await db
    .select({
      slug: products.slug,
      name: products.name,
      category: products.category,
      priceCents: products.priceCents,
      description: products.description,
      size: productVariants.size,
      stock: productVariants.stock,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.name), asc(products.id), asc(productVariants.sortOrder), asc(productVariants.id));
  return csvText(
    PRODUCT_COLUMNS.map((column) => column.header),
    rows.map((row) => [row.slug, row.name, categoryLabels[row.category], (row.priceCents / 100).toFixed(2), row.description, row.size, row.stock]),
  );
}
