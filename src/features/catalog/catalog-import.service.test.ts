import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "@/db/schema/auth";
import { productVariants, products, stockAdjustments } from "@/db/schema/catalog";
import { auditLog } from "@/db/schema/staff";
import { csvText } from "@/lib/csv";
import { confirmUpload, NOTHING_TO_IMPORT, PLAN_CHANGED, previewUpload, storeUpload, type ImportPreview } from "@/lib/csv-import/csv-import.service";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { productsCsv } from "./catalog-csv.queries";
import { NO_PICTURE_TO_PUBLISH, publishProduct } from "./catalog-desk.service";
import { PRODUCT_COLUMNS, productsImport } from "./catalog-import.service";

const NOW = new Date("2027-06-20T15:00:00Z");
const HEADER = PRODUCT_COLUMNS.map((column) => column.header);

async function staffMember(): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `catalog-importer-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "Importer", email, emailVerified: true, role: "staff" });
  return { id, email };
}

/** A product of this test's own, with its sizes' stock. */
async function product(name: string, stock: Record<string, number>, values: { category?: "apparel" | "gear"; priceCents?: number } = {}) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-/, "")}-${randomUUID().slice(0, 6)}`;
  const [row] = await testDb()
    .insert(products)
    .values({ slug, name, description: "A test product of the import.", category: values.category ?? "apparel", priceCents: values.priceCents ?? 2500, imagePath: "/x.webp", imageAlt: "x", releasedAt: NOW })
    .returning({ id: products.id });
  await testDb()
    .insert(productVariants)
    .values(Object.entries(stock).map(([size, count], i) => ({ productId: row!.id, size: size === "-" ? null : size, stock: count, sortOrder: i })));
  return { id: row!.id, slug };
}

const file = (rows: (string | number | null)[][]) => ({ name: "products.csv", bytes: new TextEncoder().encode(csvText(HEADER, rows)) });

async function preview(staff: { id: string; email: string }, csv: { name: string; bytes: Uint8Array }) {
  const token = await storeUpload(testDb(), productsImport, staff, csv, {}, NOW);
  const shown = (await previewUpload(testDb(), productsImport, staff.id, token, NOW)) as Extract<ImportPreview, { state: "planned" }>;
  expect(shown.state).toBe("planned");
  return { token, shown };
}

const stockOf = async (productId: number) =>
  Object.fromEntries(
    (await testDb().select({ size: productVariants.size, stock: productVariants.stock }).from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.sortOrder))).map((v) => [v.size ?? "-", v.stock]),
  );

describe("importing products", () => {
  it("plans each product whole: new drafts, new sizes, stock counts and field changes, and refusals with their reasons", async () => {
    const staff = await staffMember();
    const tee = await product("Import Tee", { S: 3, M: 5 });
    const bottle = await product("Import Bottle", { "-": 7 }, { category: "gear", priceCents: 1800 });
    const newName = `Ranger Beanie ${randomUUID().slice(0, 6)}`;
    const { shown } = await preview(
      staff,
      file([
        [tee.slug, "", "", "27.50", "", "S", 3],
        [tee.slug, "", "", "", "", "M", 9],
        [tee.slug, "", "", "", "", "XL", 4],
        ["", newName, "Apparel", "19.99", "Warm.", "S", 10],
        ["", newName, "", "", "", "M", ""],
        [bottle.slug, "", "", "", "", "M", 2],
        ["", "Gadget X", "Gear", "", "", "", 1],
        ["", "Shirt Y", "Apparel", "12", "", "XXXL", 1],
        ["", "Shirt Y", "Apparel", "12", "", "S", 1],
        ["", "Mug Z", "Accessories", "8", "", "", 2],
        ["", "Mug Z", "Accessories", "9", "", "", 3],
      ]),
    );
    expect(shown.rows.map(({ row, outcome, details }) => [row, outcome, details])).toEqual([
      [2, "change", ["Price: $25.00 → $27.50"]],
      [3, "change", ["Stock: 5 → 9"]],
      [4, "create", ["New size XL, stock 4"]],
      [5, "create", [`New draft product: ${newName}, Apparel, $19.99, no picture yet (add one and publish it at the desk).`, "Stock: 10"]],
      [6, "create", ["Stock: 0"]],
      [7, "refused", ["A one-size product can't take sizes. Archive it and add the sized product as a new one."]],
      [8, "refused", ["A new product needs its Price."]],
      [9, "refused", ["Size “XXXL” is not one of XS, S, M, L, XL, XXL (leave it empty for a one-size product)."]],
      [10, "refused", ["Row 9 of the same product was refused: a product is imported whole or not at all."]],
      [11, "refused", ["Rows 11 and 12 of this product give different prices: give it once, or the same on every row."]],
      [12, "refused", ["Rows 11 and 12 of this product give different prices: give it once, or the same on every row."]],
    ]);
    expect(await stockOf(tee.id)).toEqual({ S: 3, M: 5 });
  });

  it("writes the plan: drafts without a picture, new sizes, stock set to the count with ledger rows, and the audit", async () => {
    const staff = await staffMember();
    const tee = await product("Import Tee", { S: 3, M: 5 });
    const newName = `Ranger Beanie ${randomUUID().slice(0, 6)}`;
    const { token, shown } = await preview(
      staff,
      file([
        [tee.slug, "", "", "27.50", "", "S", 3],
        [tee.slug, "", "", "", "", "M", 9],
        [tee.slug, "", "", "", "", "XL", 4],
        ["", newName, "Apparel", "19.99", "Warm.", "S", 10],
        ["", newName, "", "", "", "M", ""],
      ]),
    );
    await confirmUpload(testDb(), productsImport, staff, token, shown.digest, NOW);
    expect(await stockOf(tee.id)).toEqual({ S: 3, M: 9, XL: 4 });
    expect((await testDb().select({ price: products.priceCents }).from(products).where(eq(products.id, tee.id)))[0]?.price).toBe(2750);
    const [beanie] = await testDb().select().from(products).where(eq(products.name, newName));
    expect(beanie).toMatchObject({ slug: `ranger-beanie-${newName.slice(-6).toLowerCase()}`, category: "apparel", priceCents: 1999, description: "Warm.", draft: true, imagePath: "", imageAlt: "" });
    expect(await stockOf(beanie!.id)).toEqual({ S: 10, M: 0 });
    const ledger = await testDb()
      .select({ reason: stockAdjustments.reason, change: stockAdjustments.change, before: stockAdjustments.stockBefore, after: stockAdjustments.stockAfter, note: stockAdjustments.note, actor: stockAdjustments.actorEmail })
      .from(stockAdjustments)
      .innerJoin(productVariants, eq(productVariants.id, stockAdjustments.variantId))
      .where(inArray(productVariants.productId, [tee.id, beanie!.id]))
      .orderBy(asc(stockAdjustments.id));
    const counted = (before: number, after: number) => ({ reason: "counted", change: after - before, before, after, note: "Import of products.csv", actor: staff.email });
    expect(ledger).toHaveLength(3);
    expect(ledger).toEqual(expect.arrayContaining([counted(0, 4), counted(0, 10), counted(5, 9)]));
    const audit = await testDb().select({ recordId: auditLog.recordId, before: auditLog.before, after: auditLog.after }).from(auditLog).where(and(eq(auditLog.action, "product.import"), eq(auditLog.actorEmail, staff.email)));
    expect(audit).toEqual(
      expect.arrayContaining([
        { recordId: String(tee.id), before: { priceCents: 2500, stock: { M: 5 } }, after: expect.objectContaining({ priceCents: 2750, sizesAdded: ["XL"], stock: { M: 9 } }) },
        { recordId: String(beanie!.id), before: null, after: expect.objectContaining({ name: newName, draft: true, stock: { S: 10, M: 0 } }) },
      ]),
    );
    // No picture: it can't go on sale until staff add one.
    const error = await publishProduct(testDb(), staff, beanie!.id).then(() => undefined, (e: unknown) => e);
    expect((error as FormError).message).toBe(NO_PICTURE_TO_PUBLISH);
  });

  it("finds a product by its name when the file has no slug, so the same file again changes nothing", async () => {
    const staff = await staffMember();
    const name = `Field Cap ${randomUUID().slice(0, 6)}`;
    const csv = file([["", name, "Accessories", "15", "", "", 12]]);
    const first = await preview(staff, csv);
    await confirmUpload(testDb(), productsImport, staff, first.token, first.shown.digest, NOW);
    const again = await preview(staff, csv);
    expect(again.shown.counts).toEqual({ create: 0, change: 0, unchanged: 1, refused: 0 });
    const error = await confirmUpload(testDb(), productsImport, staff, again.token, again.shown.digest, NOW).then(() => undefined, (e: unknown) => e);
    expect((error as FormError).message).toBe(NOTHING_TO_IMPORT);
  });

  it("writes nothing when an order took stock after the preview", async () => {
    const staff = await staffMember();
    const tee = await product("Race Tee", { S: 3 });
    const { token, shown } = await preview(staff, file([[tee.slug, "", "", "", "", "S", 8]]));
    await testDb().update(productVariants).set({ stock: 2 }).where(eq(productVariants.productId, tee.id));
    const error = await confirmUpload(testDb(), productsImport, staff, token, shown.digest, NOW).then(() => undefined, (e: unknown) => e);
    expect((error as FormError).message).toBe(PLAN_CHANGED);
    expect(await stockOf(tee.id)).toEqual({ S: 2 });
  });

  it("an export imported back changes nothing", async () => {
    const staff = await staffMember();
    await product("Export Tee", { XS: 0, XXL: 4 });
    await product("-Minus Mug", { "-": 1 }, { category: "gear" });
    const exported = await productsCsv(testDb());
    const { shown } = await preview(staff, { name: "export.csv", bytes: new TextEncoder().encode(exported) });
    expect(shown.rows.filter((row) => row.outcome !== "unchanged")).toEqual([]);
    expect(shown.counts.unchanged).toBe(exported.trimEnd().split("\r\n").length - 1);
  });
});
