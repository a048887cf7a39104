/** Shop helpers for tests: variants by product slug and size, products of a test's own, and stock changes. */
import { randomUUID } from "node:crypto";
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

/**
 * A one-size product of the test's own, with a unique name and slug, so no other test sells it or
 * changes its stock: tests that count or change stock use one of these, never the seeded products.
 */
export async function createProduct(options: { label: string; stock: number; priceCents?: number }): Promise<{ name: string; slug: string; variantId: number }> {
  const suffix = randomUUID().slice(0, 8);
  const name = `${options.label} ${suffix}`;
  const slug = `test-${options.label.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-")}-${suffix}`;
  const [product] = await getDb()
    .insert(products)
    .values({
      slug,
      name,
      description: "A product made by a test.",
      category: "gear",
      priceCents: options.priceCents ?? 1000,
      imagePath: "/images/products/tactical-backpack.webp",
      imageAlt: "A test product",
      releasedAt: new Date("2025-01-01T12:00:00Z"),
    })
    .returning({ id: products.id });
  const [variant] = await getDb()
    .insert(productVariants)
    .values({ productId: product!.id, size: null, stock: options.stock })
    .returning({ id: productVariants.id });
  return { name, slug, variantId: variant!.id };
}

export async function setStock(id: number, stock: number): Promise<void> {
  await getDb().update(productVariants).set({ stock }).where(eq(productVariants.id, id));
}

export async function stockOf(id: number): Promise<number> {
  const [row] = await getDb().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id));
  return row!.stock;
}
