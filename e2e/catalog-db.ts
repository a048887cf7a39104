/** What the catalog's tests read straight from the e2e database. */
import { query } from "./staff-db";


export async function productIdOf(slug: string): Promise<number> {
  const [row] = await query<{ id: number }>("select id from products where slug = $1", [slug]);
  if (!row) throw new Error(`no product ${slug}`);
  return row.id;
}

/** A product's stock by size ("" for a one-size product). */
export async function stockBySize(productId: number): Promise<Record<string, number>> {
  const rows = await query<{ size: string | null; stock: number }>("select size, stock from product_variants where product_id = $1", [productId]);
  return Object.fromEntries(rows.map((row) => [row.size ?? "", row.stock]));
}

export async function productRow(productId: number): Promise<{ name: string; price_cents: number; archived_at: Date | null; draft: boolean; image_id: number | null; image_path: string }> {
  const [row] = await query<{ name: string; price_cents: number; archived_at: Date | null; draft: boolean; image_id: number | null; image_path: string }>(
    "select name, price_cents, archived_at, draft, image_id, image_path from products where id = $1",
    [productId],
  );
  if (!row) throw new Error(`no product ${productId}`);
  return row;
}
