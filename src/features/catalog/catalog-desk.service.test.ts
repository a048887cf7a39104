// @module-tag second-clock: member pricing at checkout follows the date.
/** The staff catalog's rules on the real PostgreSQL: products, archiving, the stock ledger and its races. */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { productVariants, products, stockAdjustments } from "@/db/schema/catalog";
import { auditLog } from "@/db/schema/staff";
import { storeUploadedImage } from "@/lib/images/images.service";
import { imageFallbackUrl, type ImageRef } from "@/lib/image-url";
import { FieldErrors, FormError } from "@/lib/form-state";
import { checkoutInput, fillCart, newVisitor } from "../../../test/checkout";
import { stockOf } from "../../../test/shop";
import { addToCart } from "../cart/cart.service";
import { getCart } from "../cart/cart.queries";
import { cancelOrder } from "../orders/orders-desk.service";
import { placeOrder } from "../orders/orders.service";
import { getProduct, listFeaturedProducts, listProductSlugs, listProducts } from "./catalog.queries";
import { getCatalogProduct, listCatalog, listStockChanges, listStockLedger } from "./catalog-desk.queries";
import { archiveSchema, createProductSchema, quantityField, stockAdjustmentSchema, type ProductInput, type StaffStockReason } from "./catalog-desk.schema";
import { adjustStock, createProduct, NO_STOCK_TO_PUBLISH, publishProduct, setProductArchived, updateProduct } from "./catalog-desk.service";

const staff = { id: null, email: "catalog@example.org" };

async function failure(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

let picture: ImageRef | undefined;
async function aPicture(): Promise<ImageRef> {
  if (picture) return picture;
  const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#4b5320" } }).png().toBuffer();
  picture = await storeUploadedImage(getDb(), new File([new Uint8Array(png)], "cap.png"), staff.email);
  return picture;
}

function input(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: `Ranger Beanie ${randomUUID().slice(0, 8)}`,
    description: "A warm beanie for early rucks.",
    category: "accessories",
    priceCents: 1850,
    featured: false,
    lowStockThreshold: 3,
    imageAlt: "Olive beanie",
    sizes: [],
    ...overrides,
  };
}

/** One size's adjustment, as the form posts it with one quantity filled in. */
function adjustOne(item: { productId: number; variantId: number }, reason: StaffStockReason, quantity: number, note: string | null) {
  return adjustStock(getDb(), staff, { productId: item.productId, reason, note, changes: [{ variantId: item.variantId, quantity }] });
}

async function variantsOf(productId: number) {
  return getDb().select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(productVariants.sortOrder);
}

describe("products", () => {
  it("a new product is a draft, with its picture, a slug from its name, no stock, and an audit record; published once stocked, it is on sale", async () => {
    const image = await aPicture();
    const wanted = input({ sizes: ["S", "M"], featured: true });
    const { id, slug } = await createProduct(getDb(), staff, wanted, image);
    expect(slug).toBe(wanted.name.toLowerCase().replaceAll(" ", "-"));

    // A draft: in the staff list, marked, and nowhere a visitor looks (the shop, its page, the featured row, the sitemap's slugs, a cart).
    expect((await listCatalog(getDb(), { archived: false })).find((p) => p.id === id)).toMatchObject({ draft: true });
    expect(await getProduct(getDb(), slug)).toBeUndefined();
    expect((await listProducts(getDb(), { sort: "newest" })).map((p) => p.slug)).not.toContain(slug);
    expect((await listFeaturedProducts(getDb(), 100)).map((p) => p.slug)).not.toContain(slug);
    expect(await listProductSlugs(getDb())).not.toContain(slug);
    const [small, medium] = await variantsOf(id);
    await adjustStock(getDb(), staff, { productId: id, reason: "received", note: null, changes: [{ variantId: small!.id, quantity: 2 }] });
    expect((await addToCart(getDb(), newVisitor().owner, small!.id, 1)).outcome).toBe("invalid");

    // Published: on sale, with all it was given.
    expect(await publishProduct(getDb(), staff, id)).toEqual({ name: wanted.name, slug, changed: true });
    expect(await publishProduct(getDb(), staff, id)).toMatchObject({ changed: false });
    const product = await getProduct(getDb(), slug);
    expect(product).toMatchObject({ name: wanted.name, priceCents: 1850, price: "$18.50", imagePath: imageFallbackUrl(image), image: { id: image.id, hash: image.hash } });
    expect(product!.variants.map((v) => [v.size, v.stock])).toEqual([["S", 2], ["M", 0]]);
    expect(medium!.stock).toBe(0);
    expect(await listProductSlugs(getDb())).toContain(slug);
    expect((await listCatalog(getDb(), { archived: false })).find((p) => p.id === id)).toMatchObject({ draft: false });
    expect((await addToCart(getDb(), newVisitor().owner, small!.id, 1)).outcome).toBe("added");
    const audit = await getDb().select().from(auditLog).where(and(eq(auditLog.recordType, "product"), eq(auditLog.recordId, String(id))));
    expect(audit.map((row) => row.action)).toEqual(["product.create", "stock.adjust", "product.publish"]);
  });

  it("a draft with no stock is not published: the message says to record the stock first, and it stays a draft", async () => {
    const { id, slug } = await createProduct(getDb(), staff, input({ sizes: ["S", "M"] }), await aPicture());
    expect((await failure(publishProduct(getDb(), staff, id))).message).toBe(NO_STOCK_TO_PUBLISH);
    expect(await getProduct(getDb(), slug)).toBeUndefined();
    expect((await getCatalogProduct(getDb(), id))!.draft).toBe(true);
    expect((await failure(publishProduct(getDb(), staff, 2_000_000_000))).message).toMatch(/no longer exists/);
  });

  it("a draft's size already in a cart (put there by hand in the database) counts as sold out, and checkout refuses it", async () => {
    const { id } = await createProduct(getDb(), staff, input(), await aPicture());
    const [variant] = await variantsOf(id);
    await adjustOne({ productId: id, variantId: variant!.id }, "received", 5, null);
    await publishProduct(getDb(), staff, id);
    const { owner } = newVisitor();
    await fillCart(owner, [[variant!.id, 1]]);
    const checkout = await checkoutInput(owner, { email: `draft-${randomUUID()}@example.com` });
    await getDb().update(products).set({ draft: true }).where(eq(products.id, id));
    expect((await getCart(getDb(), owner)).lines.map((line) => [line.stock, line.maxQuantity])).toEqual([[0, 0]]);
    await expect(placeOrder(getDb(), owner, checkout, "pay_later")).rejects.toThrow(FormError);
    expect(await stockOf(variant!.id)).toBe(5);
  });

  it("the same name twice gets a second slug; hostile text is stored as text", async () => {
    const image = await aPicture();
    const name = `<script>alert(1)</script> '; drop table products; -- ${randomUUID().slice(0, 8)}`;
    const first = await createProduct(getDb(), staff, input({ name }), image);
    const second = await createProduct(getDb(), staff, input({ name }), image);
    expect(second.slug).toBe(`${first.slug}-2`);
    expect(first.slug).toMatch(/^script-alert-1-script-drop-table-products-[0-9a-f]{8}$/);
    expect((await getCatalogProduct(getDb(), first.id))!.name).toBe(name);
  });

  it("an edit changes the fields, adds sizes but never removes one, and keeps the slug", async () => {
    const { id, slug } = await createProduct(getDb(), staff, input({ sizes: ["M"] }), await aPicture());
    const renamed = input({ name: "Ranger Beanie, thicker", priceCents: 2100, featured: true, sizes: ["L"] });
    await updateProduct(getDb(), staff, id, renamed, null);
    const product = await getCatalogProduct(getDb(), id);
    expect(product).toMatchObject({ slug, name: "Ranger Beanie, thicker", priceCents: 2100, featured: true });
    expect((await variantsOf(id)).map((v) => v.size)).toEqual(["M", "L"]);
  });

  it("a one-size product can't take sizes; an unknown product is a message, and nothing changes", async () => {
    const { id } = await createProduct(getDb(), staff, input(), await aPicture());
    const error = await failure(updateProduct(getDb(), staff, id, input({ sizes: ["S"] }), null));
    expect(error.field).toBe("sizes");
    expect((await variantsOf(id)).map((v) => v.size)).toEqual([null]);
    expect((await failure(updateProduct(getDb(), staff, 2_000_000_000, input(), null))).message).toMatch(/no longer exists/);
    expect((await failure(setProductArchived(getDb(), staff, 2_000_000_000, true))).message).toMatch(/no longer exists/);
  });

  it("an archived product leaves the shop and carts but stays in the staff list; restoring brings it back", async () => {
    const { id, slug } = await createProduct(getDb(), staff, input({ featured: true }), await aPicture());
    const [variant] = await variantsOf(id);
    await adjustOne({ productId: id, variantId: variant!.id }, "received", 4, null);
    await publishProduct(getDb(), staff, id);

    expect(await setProductArchived(getDb(), staff, id, true)).toMatchObject({ changed: true });
    expect(await setProductArchived(getDb(), staff, id, true)).toMatchObject({ changed: false });
    expect(await getProduct(getDb(), slug)).toBeUndefined();
    expect((await listProducts(getDb(), { sort: "featured" })).map((p) => p.slug)).not.toContain(slug);
    expect((await addToCart(getDb(), newVisitor().owner, variant!.id, 1)).outcome).toBe("invalid");
    expect((await listCatalog(getDb(), { archived: true })).map((p) => p.id)).toContain(id);
    expect((await listCatalog(getDb(), { archived: false })).map((p) => p.id)).not.toContain(id);

    await setProductArchived(getDb(), staff, id, false);
    expect(await getProduct(getDb(), slug)).toBeDefined();
    expect((await addToCart(getDb(), newVisitor().owner, variant!.id, 1)).outcome).toBe("added");
  });
});

describe("the form's rules", () => {
  const form = (fields: Record<string, string>) => createProductSchema.safeParse({ name: "Cap", description: "A cap for the range.", category: "gear", price: "10", lowStockThreshold: "5", imageAlt: "A cap", ...fields });
  const priceError = (price: string) => {
    const parsed = form({ price });
    return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === "price")?.message;
  };

  it("reads prices in dollars into cents and refuses 0, negatives, absurd amounts and non-amounts", () => {
    expect(form({ price: "$1,250.5" }).data?.priceCents).toBe(125050);
    expect(form({ price: " 24.99 " }).data?.priceCents).toBe(2499);
    expect(priceError("0")).toBe("A price must be more than $0.00.");
    expect(priceError("0.00")).toBe("A price must be more than $0.00.");
    expect(priceError("-5")).toBe("A price can't be negative.");
    expect(priceError("10000.01")).toMatch(/surely a typo/);
    expect(priceError("99999999999999999999")).toMatch(/dollars and cents/);
    for (const bad of ["1e3", "12.345", "NaN", "Infinity", "ten", "", "1,00"]) expect(priceError(bad), bad).toBeDefined();
  });

  it("refuses a negative threshold, control characters and a missing category", () => {
    const parsed = form({ lowStockThreshold: "-1", name: "Cap\u0000", category: "weapons" });
    expect(parsed.success).toBe(false);
    const fields = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields.lowStockThreshold).toMatch(/can't be negative/);
    expect(fields.name).toMatch(/characters we can't accept/);
    expect(fields.category).toBe("Choose a category.");
  });

  it("stock adjustments take a count per size without a sign, except “other”, which needs a note; a blank size is left alone", () => {
    const adjust = (fields: Record<string, string>) => stockAdjustmentSchema.safeParse({ productId: "1", reason: "received", "quantity-1": "3", note: "", ...fields });
    const messages = (fields: Record<string, string>) => Object.fromEntries((adjust(fields).error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(adjust({}).data).toEqual({ productId: 1, reason: "received", note: null, changes: [{ variantId: 1, quantity: 3 }] });
    expect(adjust({ "quantity-2": " ", "quantity-3": "+4" }).data?.changes).toEqual([{ variantId: 1, quantity: 3 }, { variantId: 3, quantity: 4 }]);
    expect(messages({ "quantity-1": "-3" })).toEqual({ "quantity-1": "Enter how many, without a minus sign: the reason says whether stock goes up or down." });
    expect(messages({ reason: "other", "quantity-1": "-3" })).toEqual({ note: "Say what happened: a note is needed with “Other”." });
    expect(adjust({ reason: "other", "quantity-1": "-3", note: "Gave one to a sponsor" }).data?.changes).toEqual([{ variantId: 1, quantity: -3 }]);
    expect(adjust({ reason: "counted", "quantity-1": "0" }).data?.changes).toEqual([{ variantId: 1, quantity: 0 }]);
    // Every refused size has its own message.
    expect(messages({ "quantity-1": "99999", "quantity-2": "ten", "quantity-3": "0", "quantity-4": "2" })).toEqual({
      "quantity-1": "At most 10,000 at a time. Check the number.",
      "quantity-2": "Enter a whole number, e.g. 12, or leave it blank.",
      "quantity-3": "Enter how many (more than 0), or leave it blank.",
    });
    expect(messages({ "quantity-1": "" })).toEqual({ form: "Enter a quantity for at least one size: a blank one stays as it is." });
    expect(adjust({ productId: "abc" }).success).toBe(false);
  });

  it("archiving needs the ticked box; putting back on sale does not", () => {
    expect(archiveSchema.safeParse({ productId: "4", archived: "yes" }).error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["confirm", "Tick the box to confirm that the product should leave the shop."],
    ]);
    expect(archiveSchema.safeParse({ productId: "4", archived: "yes", confirm: "no" }).success).toBe(false);
    expect(archiveSchema.safeParse({ productId: "4", archived: "yes", confirm: "yes" }).data).toEqual({ productId: 4, archived: true });
    expect(archiveSchema.safeParse({ productId: "4", archived: "no" }).data).toEqual({ productId: 4, archived: false });
  });
});

describe("stock adjustments", () => {
  async function oneSize(stock: number) {
    const { id } = await createProduct(getDb(), staff, input(), await aPicture());
    const [variant] = await variantsOf(id);
    if (stock > 0) {
      await adjustOne({ productId: id, variantId: variant!.id }, "received", stock, null);
      await publishProduct(getDb(), staff, id);
    }
    return { productId: id, variantId: variant!.id };
  }

  it("received adds, damaged takes away, counted sets, other adds a signed number; each is a ledger row with who and before/after", async () => {
    const item = await oneSize(10);
    await adjustOne(item, "damaged", 2, "Torn seams");
    await adjustOne(item, "counted", 5, null);
    await adjustOne(item, "other", -1, "Raffle prize");
    expect(await stockOf(item.variantId)).toBe(4);
    const ledger = await listStockLedger(getDb(), item.productId);
    expect(ledger.map((e) => [e.reason, e.change, e.stockBefore, e.stockAfter, e.note, e.actorEmail])).toEqual([
      ["other", -1, 5, 4, "Raffle prize", staff.email],
      ["counted", -3, 8, 5, null, staff.email],
      ["damaged", -2, 10, 8, "Torn seams", staff.email],
      ["received", 10, 0, 10, null, staff.email],
    ]);
    expect(await getDb().$count(auditLog, and(eq(auditLog.action, "stock.adjust"), eq(auditLog.recordId, String(item.productId))))).toBe(4);
  });

  it("several sizes in one submit: each change is its own ledger row; one size refused refuses them all, each beside its field", async () => {
    const { id } = await createProduct(getDb(), staff, input({ sizes: ["S", "M", "L"] }), await aPicture());
    const [small, medium, large] = await variantsOf(id);
    const sizes = (changes: [variantId: number, quantity: number][]) => changes.map(([variantId, quantity]) => ({ variantId, quantity }));
    const received = await adjustStock(getDb(), staff, { productId: id, reason: "received", note: "Spring delivery", changes: sizes([[small!.id, 4], [large!.id, 6]]) });
    expect(received.map((r) => [r.size, r.before, r.after])).toEqual([["S", 0, 4], ["L", 0, 6]]);
    expect((await variantsOf(id)).map((v) => [v.size, v.stock])).toEqual([["S", 4], ["M", 0], ["L", 6]]);
    const ledger = await listStockLedger(getDb(), id);
    expect(ledger.map((e) => [e.size, e.reason, e.change, e.stockBefore, e.stockAfter, e.note, e.actorEmail]).sort()).toEqual([
      ["L", "received", 6, 0, 6, "Spring delivery", staff.email],
      ["S", "received", 4, 0, 4, "Spring delivery", staff.email],
    ]);

    // Damaged: S can lose 1 but M has none and L not 9; nothing changes, and both refusals are named.
    const refused = await failure(adjustStock(getDb(), staff, { productId: id, reason: "damaged", note: null, changes: sizes([[small!.id, 1], [medium!.id, 1], [large!.id, 9]]) }));
    expect((refused as FieldErrors).fieldErrors).toEqual({
      [quantityField(medium!.id)]: "Stock can't go below 0: there are 0 in stock.",
      [quantityField(large!.id)]: "Stock can't go below 0: there are 6 in stock.",
    });
    expect((await variantsOf(id)).map((v) => [v.size, v.stock])).toEqual([["S", 4], ["M", 0], ["L", 6]]);
    expect(await listStockLedger(getDb(), id)).toHaveLength(2);

    // A count that matches writes nothing for that size.
    const counted = await adjustStock(getDb(), staff, { productId: id, reason: "counted", note: null, changes: sizes([[small!.id, 4], [medium!.id, 3]]) });
    expect(counted.map((r) => [r.size, r.before, r.after])).toEqual([["S", 4, 4], ["M", 0, 3]]);
    expect(await listStockLedger(getDb(), id)).toHaveLength(3);
    expect(await getDb().$count(auditLog, and(eq(auditLog.action, "stock.adjust"), eq(auditLog.recordId, String(id))))).toBe(3);
  });

  it("the stock ledger desk lists every product's changes together, newest first, each with its product", async () => {
    const first = await oneSize(4);
    const second = await oneSize(7);
    await adjustOne(first, "damaged", 1, null);
    const [firstProduct] = await getDb().select({ name: products.name }).from(products).where(eq(products.id, first.productId));
    const ours = (await listStockChanges(getDb())).filter((change) => [first.productId, second.productId].includes(change.productId));
    expect(ours.map((c) => [c.productId, c.reason, c.change, c.stockAfter])).toEqual([
      [first.productId, "damaged", -1, 3],
      [second.productId, "received", 7, 7],
      [first.productId, "received", 4, 4],
    ]);
    expect(ours[0]!.productName).toBe(firstProduct!.name);
  });

  it("never takes stock below 0, and refuses a size of another product; nothing is written then", async () => {
    const item = await oneSize(3);
    const error = await failure(adjustOne(item, "damaged", 4, null));
    expect((error as FieldErrors).fieldErrors).toEqual({ [quantityField(item.variantId)]: "Stock can't go below 0: there are 3 in stock." });
    const other = await oneSize(0);
    const elsewhere = await failure(adjustOne({ productId: other.productId, variantId: item.variantId }, "received", 1, null));
    expect((elsewhere as FieldErrors).fieldErrors).toEqual({ [quantityField(item.variantId)]: "This size no longer exists. Reload the page and enter the stock again." });
    expect(await stockOf(item.variantId)).toBe(3);
    expect(await getDb().$count(stockAdjustments, eq(stockAdjustments.variantId, item.variantId))).toBe(1);
  });

  it("an order placed and canceled writes its own ledger rows, named by the order's number", async () => {
    const item = await oneSize(6);
    const { owner } = newVisitor();
    await fillCart(owner, [[item.variantId, 2]]);
    const order = await placeOrder(getDb(), owner, await checkoutInput(owner, { email: `ledger-${randomUUID()}@example.com` }), "pay_later");
    await cancelOrder(getDb(), staff, order.id);
    const ledger = await listStockLedger(getDb(), item.productId);
    expect(ledger.map((e) => [e.reason, e.change, e.stockBefore, e.stockAfter, e.note, e.actorEmail])).toEqual([
      ["order-cancelled", 2, 4, 6, order.number, staff.email],
      ["order", -2, 6, 4, order.number, null],
      ["received", 6, 0, 6, null, staff.email],
    ]);
  });

  it("a count racing a checkout loses neither: the order's stock comes off whichever runs first", async () => {
    for (let round = 0; round < 5; round++) {
      const item = await oneSize(10);
      const { owner } = newVisitor();
      await fillCart(owner, [[item.variantId, 3]]);
      const checkout = await checkoutInput(owner, { email: `race-${randomUUID()}@example.com` });
      const [placed, adjusted] = await Promise.allSettled([
        placeOrder(getDb(), owner, checkout, "pay_later"),
        adjustOne(item, "received", 5, null),
      ]);
      expect(placed.status).toBe("fulfilled");
      expect(adjusted.status).toBe("fulfilled");
      expect(await stockOf(item.variantId)).toBe(12);
    }
  });

  it("a removal racing a checkout for the last items: one of them is refused, stock never goes below 0", async () => {
    for (let round = 0; round < 5; round++) {
      const item = await oneSize(3);
      const { owner } = newVisitor();
      await fillCart(owner, [[item.variantId, 3]]);
      const checkout = await checkoutInput(owner, { email: `race-${randomUUID()}@example.com` });
      const [placed, removed] = await Promise.allSettled([
        placeOrder(getDb(), owner, checkout, "pay_later"),
        adjustOne(item, "damaged", 2, null),
      ]);
      const succeeded = [placed, removed].filter((result) => result.status === "fulfilled").length;
      expect(succeeded).toBe(1);
      expect(await stockOf(item.variantId)).toBe(placed.status === "fulfilled" ? 0 : 1);
      const [row] = await getDb().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, item.variantId));
      expect(row!.stock).toBeGreaterThanOrEqual(0);
    }
  });
});

it("products made here carry the product's own low-stock threshold", async () => {
  const { id } = await createProduct(getDb(), staff, input({ lowStockThreshold: 7 }), await aPicture());
  const [row] = await getDb().select({ threshold: products.lowStockThreshold }).from(products).where(eq(products.id, id));
  expect(row!.threshold).toBe(7);
  const listed = (await listCatalog(getDb(), { archived: false })).find((p) => p.id === id)!;
  expect(listed.variants[0]).toMatchObject({ stock: 0, low: true });
});
