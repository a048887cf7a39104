/** Shop helpers for tests: variants by product slug and size, and stock changes. */
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { products, productVariants } from "@/db/schema/catalog";

export async function variantId(slug: string, size: string | null = null): Promise<number> {
  const [row] = await getDb()
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.slug, slug), size === null ? isNull(productVariants.size) : eq(productVariants.size, size)));
  if (!row) throw new Error(`No variant ${slug} ${size ?? ""}`);
  return row.id;
}

export async function setStock(id: number, stock: number): Promise<void> {
  await getDb().update(productVariants).set({ stock }).where(eq(productVariants.id, id));
}

export async function stockOf(id: number): Promise<number> {
  const [row] = await getDb().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id));
  return row!.stock;
}
