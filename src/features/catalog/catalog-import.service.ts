/**
 * Bringing products in from a CSV file (the catalog desk's import; the runner is lib/csv-import): one
 * row per product and size, as the catalog export writes them. A product is found by its slug, or by
 * its name when the file has no slug; its rows are imported together or not at all. A new product is a
 * draft without a picture (staff add one and publish it at the desk); a new size is added; a stock cell
 * sets that size's stock to the count (a "counted" row of the stock ledger). An empty cell leaves what
 * the product has. Imports never archive, delete or reprice anything the file does not name.
 */
import { inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apparelSizes, productVariants, products, stockAdjustments } from "@/db/schema/catalog";
import { recordAudits, type AuditEntry } from "@/lib/audit.service";
import { choicesOf, oneLine, readChoice } from "@/lib/csv-import/cells";
import type { ColumnSpec } from "@/lib/csv-import/columns";
import { PLAN_CHANGED, type ImportDefinition, type ImportRow, type Tx } from "@/lib/csv-import/csv-import.service";
import { changeDetail, type PlannedRow } from "@/lib/csv-import/plan";
import { FormError } from "@/lib/form-state";
import { formatCents } from "@/lib/money";
import { DESCRIPTION_MAX, NAME_MAX, PRODUCT_SIZES, priceField } from "./catalog-desk.schema";
import { slugOf } from "./catalog-desk.service";
import { categoryLabels, productCategories, type ProductCategory } from "./catalog.schema";

export type ProductColumn = "slug" | "name" | "category" | "price" | "description" | "size" | "stock";

export const PRODUCT_COLUMNS: readonly ColumnSpec<ProductColumn>[] = [
  { key: "slug", header: "Slug", aliases: ["Handle", "URL name"], hint: "The product's address in the shop (/shop/<slug>): finds the product. Empty for a new one, or to find it by its name." },
  { key: "name", header: "Name", aliases: ["Product", "Product name", "Title"], required: true, hint: "Needed for a new product; finds the product when there is no slug." },
  { key: "category", header: "Category", hint: `${Object.values(categoryLabels).join(", ")}; needed for a new product.` },
  { key: "price", header: "Price", aliases: ["Price (USD)", "Regular price"], hint: "In dollars, e.g. 24.99; needed for a new product." },
  { key: "description", header: "Description", hint: "Optional: a sentence or two for the shop." },
  { key: "size", header: "Size", hint: `${PRODUCT_SIZES.join(", ")}, or empty for a one-size product: one row per size.` },
  { key: "stock", header: "Stock", aliases: ["Quantity", "Stock quantity", "Inventory"], hint: "How many are on the shelf: the size's stock is set to this count. Empty leaves the stock as it is." },
];

const MAX_STOCK = 1_000_000;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CATEGORY_NAMES = choicesOf(productCategories, (category) => [categoryLabels[category], category]);
const SIZE_NAMES = choicesOf(PRODUCT_SIZES, (size) => [size]);

/** One row read: a product's fields (undefined: not given) and one of its sizes. */
interface ProductLine {
  row: number;
  slug?: string;
  name?: string;
  category?: ProductCategory;
  priceCents?: number;
  description?: string;
  size: string | null;
  stock?: number;
}

const sizeLabel = (size: string | null) => (size === null ? "one size" : `size ${size}`);

function readLine({ row, cells }: ImportRow<ProductColumn>): ProductLine | { row: number; key: string; reasons: string[] } {
  const reasons: string[] = [];
  const line: ProductLine = { row, size: null };
  if (cells.slug) {
    // Any slug finds a product; a new product's slug is checked when it is made (planProduct).
    if (cells.slug.length <= 100 && !/\s/.test(cells.slug)) line.slug = cells.slug;
    else reasons.push(`Slug “${cells.slug.slice(0, 60)}” is not one: a slug has no spaces.`);
  }
  if (cells.name) {
    const checked = oneLine(cells.name, NAME_MAX);
    if (!checked.ok) reasons.push(`The name ${checked.message}.`);
    else if (checked.value.length < 2) reasons.push("The name is too short.");
    else line.name = checked.value;
  }
  if (!cells.slug && !cells.name) reasons.push("A row needs the product's slug or its name.");
  if (cells.category) {
    line.category = readChoice(cells.category, CATEGORY_NAMES) ?? undefined;
    if (!line.category) reasons.push(`Category “${cells.category.slice(0, 40)}” is not one of: ${Object.values(categoryLabels).join(", ")}.`);
  }
  if (cells.price) {
    const price = priceField.safeParse(cells.price);
    if (price.success) line.priceCents = price.data;
    else reasons.push(`Price “${cells.price.slice(0, 20)}”: ${price.error.issues[0]?.message ?? "not an amount."}`);
  }
  if (cells.description) {
    if (cells.description.length > DESCRIPTION_MAX) reasons.push(`The description is longer than ${DESCRIPTION_MAX} characters.`);
    else line.description = cells.description;
  }
  if (cells.size) {
    line.size = readChoice(cells.size, SIZE_NAMES);
    if (!line.size) reasons.push(`Size “${cells.size.slice(0, 20)}” is not one of ${PRODUCT_SIZES.join(", ")} (leave it empty for a one-size product).`);
  }
  if (cells.stock) {
    if (/^\d{1,7}$/.test(cells.stock) && Number(cells.stock) <= MAX_STOCK) line.stock = Number(cells.stock);
    else reasons.push(`Stock “${cells.stock.slice(0, 20)}” is not a whole number from 0 to ${MAX_STOCK.toLocaleString("en-US")}.`);
  }
  const key = `${line.slug ?? line.name ?? cells.slug ?? cells.name ?? ""}${cells.size ? `, size ${cells.size}` : ""}`;
  return reasons.length > 0 ? { row, key, reasons } : line;
}

interface Existing {
  id: number;
  slug: string;
  name: string;
  category: ProductCategory;
  priceCents: number;
  description: string;
  archived: boolean;
  variants: Map<string | null, { id: number; stock: number }>;
}

/** The products a file's rows name, by slug and by lower-case name (archived ones too, to say so). */
async function existingProducts(db: Database | Tx, slugs: string[], names: string[], forUpdate: boolean) {
  const rows =
    slugs.length + names.length === 0
      ? []
      : await db
          .select({ id: products.id, slug: products.slug, name: products.name, category: products.category, priceCents: products.priceCents, description: products.description, archivedAt: products.archivedAt })
          .from(products)
          .where(sql`${products.slug} = any(${sql.param(slugs)}::text[]) or lower(${products.name}) = any(${sql.param(names)}::text[])`);
  const ids = rows.map((row) => row.id);
  if (forUpdate && ids.length > 0) await db.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(products.id).for("update");
  const variantQuery = db
    .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids.length > 0 ? ids : [-1]))
    .orderBy(productVariants.id);
  // Locked in id order, as the stock desk locks them: a checkout taking stock meanwhile waits for the import.
  const variants = forUpdate ? await variantQuery.for("update") : await variantQuery;
  const byId = new Map<number, Existing>(
    rows.map((row) => [row.id, { id: row.id, slug: row.slug, name: row.name, category: row.category, priceCents: row.priceCents, description: row.description, archived: row.archivedAt !== null, variants: new Map() }]),
  );
  for (const variant of variants) byId.get(variant.productId)?.variants.set(variant.size, { id: variant.id, stock: variant.stock });
  const bySlug = new Map([...byId.values()].map((product) => [product.slug, product]));
  const byName = new Map<string, Existing[]>();
  for (const product of byId.values()) {
    if (product.archived) continue;
    const key = product.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), product]);
  }
  return { bySlug, byName };
}

export interface ProductsWrite {
  creates: { slug: string | null; name: string; category: ProductCategory; priceCents: number; description: string; variants: { size: string | null; stock: number }[] }[];
  updates: { productId: number; name: string | null; category: ProductCategory | null; priceCents: number | null; description: string | null; before: Record<string, unknown>; after: Record<string, unknown> }[];
  newSizes: { productId: number; size: string; stock: number }[];
  stock: { variantId: number; productId: number; size: string | null; before: number; after: number }[];
}

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
const refuseAll = (lines: ProductLine[], key: string, reason: (line: ProductLine) => string): PlannedRow[] =>
  lines.map((line) => ({ row: line.row, key: `${key}, ${sizeLabel(line.size)}`, outcome: "refused", details: [reason(line)] }));

/** A product's rows agree on its fields: the one value given (or none), or the rows that disagree. */
function productFields(lines: ProductLine[]): { fields: Pick<ProductLine, "name" | "category" | "priceCents" | "description"> } | { conflict: string } {
  const fields: Pick<ProductLine, "name" | "category" | "priceCents" | "description"> = {};
  const labels = { name: "names", category: "categories", priceCents: "prices", description: "descriptions" } as const;
  for (const field of ["name", "category", "priceCents", "description"] as const) {
    const given = lines.filter((line) => line[field] !== undefined);
    const first = given[0];
    const other = given.find((line) => line[field] !== first?.[field]);
    if (first && other) return { conflict: `Rows ${first.row} and ${other.row} of this product give different ${labels[field]}: give it once, or the same on every row.` };
    if (first) (fields as Record<string, unknown>)[field] = first[field];
  }
  return { fields };
}

function planProduct(key: string, lines: ProductLine[], existing: Existing | undefined, write: ProductsWrite): PlannedRow[] {
  const agreed = productFields(lines);
  if ("conflict" in agreed) return refuseAll(lines, key, () => agreed.conflict);
  const sizes = lines.map((line) => line.size);
  const twice = lines.find((line, i) => sizes.indexOf(line.size) !== i);
  if (twice) return refuseAll(lines, key, () => `${sizeLabel(twice.size)[0]!.toUpperCase()}${sizeLabel(twice.size).slice(1)} appears on two rows of this product (row ${twice.row}).`);
  if (sizes.includes(null) && sizes.some((size) => size !== null)) return refuseAll(lines, key, () => "This product has rows with a size and a row without: a product is one-size or sized.");
  const { fields } = agreed;

  if (!existing) {
    const missing = [!fields.name && "Name", !fields.category && "Category", fields.priceCents === undefined && "Price"].filter(Boolean);
    if (missing.length > 0) return refuseAll(lines, key, () => `A new product needs its ${missing.join(", ")}.`);
    const ordered = [...lines].sort((a, b) => a.row - b.row);
    const slug = ordered.find((line) => line.slug)?.slug;
    if (slug && !(slug.length <= 60 && SLUG.test(slug))) {
      return refuseAll(lines, key, () => `No product has the slug “${slug}”, and a new one can't: a slug is lower-case letters, digits and single hyphens, at most 60.`);
    }
    write.creates.push({
      slug: slug ?? null,
      name: fields.name!,
      category: fields.category!,
      priceCents: fields.priceCents!,
      description: fields.description ?? "",
      variants: ordered.map((line) => ({ size: line.size, stock: line.stock ?? 0 })),
    });
    return ordered.map((line, i) => ({
      row: line.row,
      key: `${fields.name}, ${sizeLabel(line.size)}`,
      outcome: "create",
      details: [
        ...(i === 0 ? [`New draft product: ${fields.name}, ${categoryLabels[fields.category!]}, ${formatCents(fields.priceCents!)}, no picture yet (add one and publish it at the desk).`] : []),
        `Stock: ${line.stock ?? 0}`,
      ],
    }));
  }

  const label = existing.name;
  if (existing.archived) return refuseAll(lines, label, () => "This product is archived: restore it at the catalog desk first.");
  const oneSize = existing.variants.has(null);
  if (oneSize && sizes.some((size) => size !== null)) return refuseAll(lines, label, () => "A one-size product can't take sizes. Archive it and add the sized product as a new one.");
  if (!oneSize && sizes.includes(null)) return refuseAll(lines, label, () => "This product has sizes: give each row its size.");

  const changes: string[] = [];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const update: ProductsWrite["updates"][number] = { productId: existing.id, name: null, category: null, priceCents: null, description: null, before, after };
  if (fields.name !== undefined && fields.name !== existing.name) {
    changes.push(changeDetail("Name", existing.name, fields.name));
    update.name = fields.name;
    Object.assign(before, { name: existing.name });
    Object.assign(after, { name: fields.name });
  }
  if (fields.category !== undefined && fields.category !== existing.category) {
    changes.push(changeDetail("Category", categoryLabels[existing.category], categoryLabels[fields.category]));
    update.category = fields.category;
    Object.assign(before, { category: existing.category });
    Object.assign(after, { category: fields.category });
  }
  if (fields.priceCents !== undefined && fields.priceCents !== existing.priceCents) {
    changes.push(changeDetail("Price", formatCents(existing.priceCents), formatCents(fields.priceCents)));
    update.priceCents = fields.priceCents;
    Object.assign(before, { priceCents: existing.priceCents });
    Object.assign(after, { priceCents: fields.priceCents });
  }
  if (fields.description !== undefined && fields.description !== existing.description) {
    changes.push(changeDetail("Description", short(existing.description), short(fields.description)));
    update.description = fields.description;
    Object.assign(before, { description: existing.description });
    Object.assign(after, { description: fields.description });
  }
  if (changes.length > 0) write.updates.push(update);

  return [...lines]
    .sort((a, b) => a.row - b.row)
    .map((line, i): PlannedRow => {
      const rowKey = `${label}, ${sizeLabel(line.size)}`;
      const details = i === 0 ? [...changes] : [];
      const variant = existing.variants.get(line.size);
      if (!variant) {
        write.newSizes.push({ productId: existing.id, size: line.size!, stock: line.stock ?? 0 });
        return { row: line.row, key: rowKey, outcome: "create", details: [...details, `New size ${line.size}, stock ${line.stock ?? 0}`] };
      }
      if (line.stock !== undefined && line.stock !== variant.stock) {
        write.stock.push({ variantId: variant.id, productId: existing.id, size: line.size, before: variant.stock, after: line.stock });
        details.push(changeDetail("Stock", String(variant.stock), String(line.stock)));
      }
      return { row: line.row, key: rowKey, outcome: details.length > 0 ? "change" : "unchanged", details };
    });
}

/** Plans every row: read, grouped by product (its slug, else its name), each product whole or not at all. */
async function planProducts(db: Database | Tx, rows: ImportRow<ProductColumn>[], forUpdate: boolean): Promise<{ rows: PlannedRow[]; write: ProductsWrite }> {
  const planned: PlannedRow[] = [];
  const groups = new Map<string, { lines: ProductLine[]; refused: Map<number, string[]> }>();
  const groupOf = (key: string) => groups.get(key) ?? groups.set(key, { lines: [], refused: new Map() }).get(key)!;
  const groupKey = (slug: string | undefined, name: string | undefined) => (slug ? `slug:${slug}` : `name:${(name ?? "").toLowerCase()}`);
  for (const row of rows) {
    const line = readLine(row);
    if ("reasons" in line) {
      const cells = row.cells;
      // A refused row still belongs to its product, which is then refused whole.
      if (cells.slug || cells.name) groupOf(groupKey(cells.slug || undefined, cells.name)).refused.set(line.row, line.reasons);
      else planned.push({ row: line.row, key: line.key, outcome: "refused", details: line.reasons });
      continue;
    }
    groupOf(groupKey(line.slug, line.name)).lines.push(line);
  }

  const slugs = [...groups.keys()].filter((key) => key.startsWith("slug:")).map((key) => key.slice(5));
  const names = [...groups.keys()].filter((key) => key.startsWith("name:")).map((key) => key.slice(5));
  const { bySlug, byName } = await existingProducts(db, slugs, names, forUpdate);
  const write: ProductsWrite = { creates: [], updates: [], newSizes: [], stock: [] };
  const claimed = new Map<number, number>();
  // A product named on some rows by its slug and on others by its name alone would become two products.
  const slugGroupNames = new Map<string, number>();
  for (const [key, group] of groups) {
    if (!key.startsWith("slug:")) continue;
    for (const line of group.lines) if (line.name) slugGroupNames.set(line.name.toLowerCase(), line.row);
  }
  for (const [key, group] of groups) {
    const label = group.lines[0]?.name ?? group.lines[0]?.slug ?? key.slice(5);
    if (group.refused.size > 0) {
      for (const [row, reasons] of group.refused) planned.push({ row, key: label, outcome: "refused", details: reasons });
      const first = Math.min(...group.refused.keys());
      planned.push(...refuseAll(group.lines, label, () => `Row ${first} of the same product was refused: a product is imported whole or not at all.`));
      continue;
    }
    const slugRow = key.startsWith("name:") ? slugGroupNames.get(key.slice(5)) : undefined;
    if (slugRow !== undefined) {
      planned.push(...refuseAll(group.lines, label, () => `Row ${slugRow} gives this product's slug and this row does not: give the slug on every row of a product, or on none.`));
      continue;
    }
    let existing: Existing | undefined;
    if (key.startsWith("slug:")) existing = bySlug.get(key.slice(5));
    else {
      const named = byName.get(key.slice(5)) ?? [];
      if (named.length > 1) {
        planned.push(...refuseAll(group.lines, label, () => `Several products are named “${label}”: add the Slug column to say which one.`));
        continue;
      }
      existing = named[0];
    }
    const firstRow = Math.min(...group.lines.map((line) => line.row));
    const earlier = existing ? claimed.get(existing.id) : undefined;
    if (existing && earlier !== undefined) {
      planned.push(...refuseAll(group.lines, label, () => `The same product as row ${earlier} (found by its slug there, by its name here): give it the same slug or name on every row.`));
      continue;
    }
    if (existing) claimed.set(existing.id, firstRow);
    planned.push(...planProduct(label, group.lines, existing, write));
  }
  return { rows: planned, write };
}

/** New products' slugs: the file's, or the name's as the desk makes them (slug-2, slug-3 … when taken). */
async function allocateSlugs(tx: Tx, creates: ProductsWrite["creates"]): Promise<string[]> {
  const taken = new Set((await tx.select({ slug: products.slug }).from(products)).map((row) => row.slug));
  const given = new Set(creates.flatMap((create) => (create.slug ? [create.slug] : [])));
  for (const slug of given) if (taken.has(slug)) throw new FormError(PLAN_CHANGED);
  for (const slug of given) taken.add(slug);
  return creates.map((create) => {
    if (create.slug) return create.slug;
    const base = slugOf(create.name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}

const sortOrderOf = (size: string | null) => (size === null ? 0 : apparelSizes.indexOf(size as (typeof apparelSizes)[number]));

async function applyProducts(tx: Tx, write: ProductsWrite, context: { now: Date; actor: { id: string | null; email: string }; importId: number; fileName: string }): Promise<void> {
  const { now, actor } = context;
  const at = now.toISOString();
  const param = <T>(values: T[]) => sql.param(values);
  const note = `Import of ${context.fileName}`.slice(0, 500);
  const entries: AuditEntry[] = [];
  // New products' slugs race with the desk's: take turns, as it does.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog.create-product'))`);

  const newVariants: { productId: number; size: string | null; stock: number }[] = [];
  if (write.creates.length > 0) {
    const slugs = await allocateSlugs(tx, write.creates);
    const c = write.creates;
    const inserted = await tx.execute<{ id: number; slug: string }>(sql`
      insert into ${products} (slug, name, description, category, price_cents, image_path, image_alt, released_at, draft)
      select v.slug, v.name, v.description, v.category, v.price_cents, '', '', ${at}::timestamptz, true
      from unnest(${param(slugs)}::text[], ${param(c.map((p) => p.name))}::text[], ${param(c.map((p) => p.description))}::text[],
                  ${param(c.map((p) => p.category))}::product_category[], ${param(c.map((p) => p.priceCents))}::integer[]) as v(slug, name, description, category, price_cents)
      returning id, slug`);
    const idOf = new Map(inserted.rows.map((row) => [row.slug, Number(row.id)]));
    c.forEach((create, i) => {
      const productId = idOf.get(slugs[i]!)!;
      newVariants.push(...create.variants.map((variant) => ({ productId, ...variant })));
      entries.push({
        action: "product.import",
        recordType: "product",
        recordId: String(productId),
        before: null,
        after: { import: context.importId, slug: slugs[i], name: create.name, category: create.category, priceCents: create.priceCents, draft: true, stock: Object.fromEntries(create.variants.map((v) => [v.size ?? "one size", v.stock])) },
      });
    });
  }
  newVariants.push(...write.newSizes);
  if (newVariants.length > 0) {
    const v = newVariants;
    const inserted = await tx.execute<{ id: number; stock: number }>(sql`
      insert into ${productVariants} (product_id, size, stock, sort_order)
      select * from unnest(${param(v.map((n) => n.productId))}::integer[], ${param(v.map((n) => n.size))}::text[], ${param(v.map((n) => n.stock))}::integer[], ${param(v.map((n) => sortOrderOf(n.size)))}::integer[])
      on conflict do nothing
      returning id, stock`);
    if (inserted.rows.length !== v.length) throw new FormError(PLAN_CHANGED);
    const stocked = inserted.rows.filter((row) => Number(row.stock) > 0);
    if (stocked.length > 0) {
      await tx.execute(sql`
        insert into ${stockAdjustments} (variant_id, reason, note, change, stock_before, stock_after, actor_id, actor_email, at)
        select v.id, 'counted', ${note}, v.stock, 0, v.stock, ${actor.id}, ${actor.email}, ${at}::timestamptz
        from unnest(${param(stocked.map((row) => Number(row.id)))}::integer[], ${param(stocked.map((row) => Number(row.stock)))}::integer[]) as v(id, stock)`);
    }
  }
  if (write.updates.length > 0) {
    const u = write.updates;
    await tx.execute(sql`
      update ${products} p set name = coalesce(v.name, p.name), category = coalesce(v.category, p.category), price_cents = coalesce(v.price_cents, p.price_cents), description = coalesce(v.description, p.description)
      from unnest(${param(u.map((x) => x.productId))}::integer[], ${param(u.map((x) => x.name))}::text[], ${param(u.map((x) => x.category))}::product_category[],
                  ${param(u.map((x) => x.priceCents))}::integer[], ${param(u.map((x) => x.description))}::text[]) as v(id, name, category, price_cents, description)
      where p.id = v.id`);
  }
  if (write.stock.length > 0) {
    const s = write.stock;
    // The rows were locked when planned, so each still holds the stock the plan read.
    const updated = await tx.execute(sql`
      update ${productVariants} pv set stock = v.after
      from unnest(${param(s.map((x) => x.variantId))}::integer[], ${param(s.map((x) => x.before))}::integer[], ${param(s.map((x) => x.after))}::integer[]) as v(id, before, after)
      where pv.id = v.id and pv.stock = v.before`);
    if (updated.rowCount !== s.length) throw new FormError(PLAN_CHANGED);
    await tx.execute(sql`
      insert into ${stockAdjustments} (variant_id, reason, note, change, stock_before, stock_after, actor_id, actor_email, at)
      select v.id, 'counted', ${note}, v.after - v.before, v.before, v.after, ${actor.id}, ${actor.email}, ${at}::timestamptz
      from unnest(${param(s.map((x) => x.variantId))}::integer[], ${param(s.map((x) => x.before))}::integer[], ${param(s.map((x) => x.after))}::integer[]) as v(id, before, after)`);
  }
  // One audit entry per product the import changed: its fields, new sizes and stock counts.
  const changed = new Map<number, { before: Record<string, unknown>; after: Record<string, unknown> }>();
  const entryOf = (productId: number) => changed.get(productId) ?? changed.set(productId, { before: {}, after: { import: context.importId } }).get(productId)!;
  for (const update of write.updates) {
    const entry = entryOf(update.productId);
    Object.assign(entry.before, update.before);
    Object.assign(entry.after, update.after);
  }
  for (const size of write.newSizes) {
    const entry = entryOf(size.productId);
    entry.after.sizesAdded = [...((entry.after.sizesAdded as string[] | undefined) ?? []), size.size];
  }
  for (const change of write.stock) {
    const entry = entryOf(change.productId);
    const label = change.size ?? "one size";
    entry.before.stock = { ...((entry.before.stock as object | undefined) ?? {}), [label]: change.before };
    entry.after.stock = { ...((entry.after.stock as object | undefined) ?? {}), [label]: change.after };
  }
  for (const [productId, entry] of changed) entries.push({ action: "product.import", recordType: "product", recordId: String(productId), before: entry.before, after: entry.after });
  await recordAudits(tx, actor, entries);
}

export const productsImport: ImportDefinition<ProductColumn, Record<string, never>, ProductsWrite> = {
  kind: "products",
  columns: PRODUCT_COLUMNS,
  readOptions: () => ({}),
  plan: (db, rows, { forUpdate }) => planProducts(db, rows, forUpdate),
  apply: (tx, write, context) => applyProducts(tx, write, context),
};
