/**
 * The staff catalog as the server answers it: a product added with a picture (a multipart post) as a
 * draft the shop does not show, given stock for several sizes in one submit with a reason (kept in its
 * stock history), published (refused while it has no stock), edited and archived after ticking a box,
 * the shop showing each change on the next request and serving the picture without its metadata; bad
 * input answered with a 422 beside the field, changing nothing; the 404s and the 25 MB limit. The desk with JavaScript (focus on the refused
 * field, answers in place) and axe: e2e/staff-catalog.spec.ts. Products made here are accessories whose
 * names end in the TEST_MADE marker (e2e/events-db.ts), never featured; each journey archives what it made.
 */
import sharp from "sharp";
import { productIdOf, productRow, stockBySize } from "../catalog-db";
import { kebab, testMadeTitle } from "../events-db";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { HttpForm, HttpPage, Upload } from "./text-browser";

/** A real picture (a square JPEG), with a GPS position in its metadata that must not reach the shop. */
async function picture(colour = "#4b5320"): Promise<Upload> {
  const buffer = await sharp({ create: { width: 900, height: 900, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "29/1 25/1 0/1" } })
    .toBuffer();
  return { name: "beanie.jpg", mimeType: "image/jpeg", buffer };
}

const NOT_A_PICTURE: Upload = { name: "beanie.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<?php echo 'not an image'; ?>") };

function fillProduct(form: HttpForm, fields: { name: string; price: string; sizes?: string[] }): HttpForm {
  form
    .fill("Name", fields.name)
    .fill("Description", "A warm knit beanie for early rucks, in olive.")
    .select("Category", "accessories")
    .fill("Price in dollars", fields.price);
  for (const size of fields.sizes ?? []) form.check(size);
  return form.fill("Low-stock threshold", "4").fill("Describe the picture", "Olive knit beanie");
}

/** The message beside a field of the product or stock form (#product-price-error, #stock-quantity-error…). */
const fieldError = (page: HttpPage, id: string) => page.text(`#${id}-error`);
/** The table's row headers holding `name`, as getByRole("rowheader", { name }) finds them. */
const rowHeaders = (page: HttpPage, name: string) =>
  page
    .$("main th[scope=row]")
    .toArray()
    .map((th) => page.text(th))
    .filter((header) => header.includes(name));

test("staff add a product with a picture as a draft, give it stock, publish, edit and archive it; the shop follows on the next request", async ({ signedIn, visitor, baseURL }) => {
  const { browser: staff, email: staffEmail } = await signedIn("staff");
  const name = testMadeTitle("Ranger Beanie");

  const list = await (await staff.get("/admin")).follow("Catalog", "nav[aria-label='Staff area']");
  expect(list.heading(1)).toBe("Catalog");
  expect(rowHeaders(list, "Tactical Cap")).toHaveLength(1);

  const blank = await list.follow("Add a product");
  expect(blank.heading(1)).toBe("Add a product");
  const added = await fillProduct(blank.form({ button: "Add product" }), { name, price: "18.50", sizes: ["S", "M"] })
    .attach("Picture", await picture())
    .submit();
  expect(added.heading(1)).toBe(name);
  expect(added.statuses("is added as a draft")).toHaveLength(1);
  expect(added.text("[data-testid=product-state]")).toBe("Draft: not in the shop yet");
  expect(added.links("View in the shop")).toEqual([]);
  const id = await productIdOf(kebab(name));
  expect(await stockBySize(id)).toEqual({ S: 0, M: 0 });

  // A draft: the list marks it; visitors don't see it anywhere.
  const withDraft = await staff.get("/admin/catalog");
  const draftRow = withDraft.$("main [data-testid=catalog-row]").filter((_, tr) => withDraft.text(tr).includes(name));
  expect(draftRow).toHaveLength(1);
  expect(withDraft.text(draftRow.find("[data-testid=catalog-state]")[0]!)).toBe("Draft");
  expect(withDraft.$("main [data-testid=catalog-row]").filter((_, tr) => withDraft.text(tr).includes("Tactical Cap")).find("[data-testid=catalog-state]"), "a product on sale has no Draft mark").toHaveLength(0);
  expect((await visitor.get(`/shop/${kebab(name)}`)).status).toBe(404);
  expect((await visitor.get("/shop?category=accessories")).text("[data-testid=product-grid]")).not.toContain(name);
  expect(await (await visitor.request.get("/sitemap.xml")).text()).not.toContain(`/shop/${kebab(name)}`);

  // Publishing with no stock is refused, and changes nothing.
  const early = await added.form({ button: "Publish: put on sale" }).submit();
  expect(early.status).toBe(422);
  expect(early.text("#publish-alert")).toBe("Record the stock first: a product with no stock would go on sale sold out.");
  expect((await productRow(id)).draft).toBe(true);

  // Stock: two sizes received in one submit, then a count of one; each in the stock history with who did it.
  const received = await early
    .form({ button: "Record stock changes" })
    .select("Reason", "received")
    .fill("S (0 in stock)", "3")
    .fill("M (0 in stock)", "10")
    .submit();
  expect(received.statuses(/.*/, received.region("Stock")[0]!)).toEqual([`${name}: S 0 → 3, M 0 → 10.`]);
  expect(await stockBySize(id)).toEqual({ S: 3, M: 10 });
  // In stock but still a draft: a hand-made Add to Cart post is refused.
  const [small] = await query<{ id: number }>("select id from product_variants where product_id = $1 and size = 'S'", [id]);
  const addSmall = () =>
    visitor.request.post("/shop/cart/add", { form: { variantId: String(small!.id), quantity: "1", returnTo: "/shop" }, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
  expect((await addSmall()).status()).toBe(422);
  expect((await visitor.get(`/shop/${kebab(name)}`)).status).toBe(404);
  const counted = await received
    .form({ button: "Record stock changes" })
    .select("Reason", "counted")
    .fill("M (10 in stock)", "8")
    .fill(/^Note/, "Shelf count after the ruck march")
    .submit();
  expect(counted.statuses(/.*/, counted.region("Stock")[0]!)).toEqual([`${name}, size M: stock 10 → 8.`]);
  expect(await stockBySize(id)).toEqual({ S: 3, M: 8 });
  const ledger = counted.region("Stock history").find("[data-testid=ledger-row]");
  expect(ledger).toHaveLength(3);
  const latest = counted.text(ledger[0]!);
  for (const said of ["Counted", "Shelf count after the ruck march", "10 → 8", staffEmail]) expect(latest).toContain(said);

  // The stock ledger desk lists them among every product's changes, each row naming its product.
  const stockDesk = await counted.follow("Stock ledger", "nav[aria-label='Staff area']");
  expect(stockDesk.heading(1)).toBe("Stock ledger");
  const rows = stockDesk.byTestId("ledger-row").toArray().map((row) => stockDesk.text(row)).filter((row) => row.includes(name));
  expect(rows).toHaveLength(3);
  for (const said of ["Counted", "10 → 8", staffEmail]) expect(rows[0]).toContain(said);
  expect(stockDesk.links(name, "main").map((link) => link.href)).toEqual([`/admin/catalog/${id}`, `/admin/catalog/${id}`, `/admin/catalog/${id}`]);

  // Published: on sale.
  const onSale = await (await staff.get(`/admin/catalog/${id}`)).form({ button: "Publish: put on sale" }).submit();
  expect(onSale.path).toBe(`/admin/catalog/${id}?done=published`);
  expect(onSale.statuses("is on sale")).toEqual([`${name} is on sale: the shop shows it now.`]);
  expect(onSale.text("[data-testid=product-state]")).toBe("On sale");
  expect(onSale.links("View in the shop").map((link) => link.href)).toEqual([`/shop/${kebab(name)}`]);
  expect(onSale.$("main form").filter((_, form) => onSale.text(form).includes("Publish"))).toHaveLength(0);
  expect(await (await visitor.request.get("/sitemap.xml")).text()).toContain(`/shop/${kebab(name)}`);
  expect((await addSmall()).status()).toBe(303);

  // The shop shows it on the next request, with the uploaded picture in AVIF and WebP.
  const shop = await visitor.get(`/shop/${kebab(name)}`);
  expect(shop.heading(1)).toBe(name);
  expect(shop.text(shop.byTestId("product-price").first()[0]!)).toBe("$18.50");
  const img = shop.$("main img[alt='Olive knit beanie']");
  expect(img).toHaveLength(1);
  expect(img.attr("srcset")).toMatch(/\/media\/\d+-[0-9a-f]{16}\/400\.webp 400w/);
  expect(shop.$("main source[type='image/avif']").attr("srcset")).toMatch(/\/media\/\d+-[0-9a-f]{16}\/800\.avif 800w/);
  const src = img.attr("src")!;
  const served = await visitor.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await served.body();
  const metadata = await sharp(body).metadata();
  expect(metadata.width, "the picture decodes").toBeGreaterThan(0);
  expect(metadata.exif).toBeUndefined();
  expect((await visitor.request.get(src.replace(/\/800\.webp$/, "/801.webp"))).status()).toBe(404);
  // The AVIF source, which Chromium picks first, is served and decodes too.
  const avifUrl = /(\S+\/800\.avif) 800w/.exec(shop.$("main source[type='image/avif']").attr("srcset")!)![1]!;
  const avif = await visitor.request.get(avifUrl);
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  const avifMetadata = await sharp(await avif.body()).metadata();
  expect([avifMetadata.format, avifMetadata.width]).toEqual(["heif", 800]);
  expect(avifMetadata.exif).toBeUndefined();

  // An edit: the new price is in the shop on the next request.
  const edit = await staff.get(`/admin/catalog/${id}`);
  // A required select starts with an empty option (HTML's rule, the Nu Html Checker's), the product's own category chosen.
  const category = edit.control("Category").find("option");
  expect([category.first().attr("value"), edit.text(category.first()[0]!)]).toEqual(["", "Choose a category"]);
  expect(category.filter("[selected]").attr("value")).toBeTruthy();
  const saved = await edit.form({ button: "Save changes" }).fill("Price in dollars", "21").check("L").submit();
  expect(saved.statuses(/.*/, saved.region("Details")[0]!)).toEqual(["Saved. The shop shows the changes now."]);
  expect((await productRow(id)).price_cents).toBe(2100);
  expect(await stockBySize(id)).toEqual({ S: 3, M: 8, L: 0 });
  const repriced = await visitor.get(`/shop/${kebab(name)}`);
  expect(repriced.text(repriced.byTestId("product-price").first()[0]!)).toBe("$21.00");

  // Archiving without the ticked box is refused and changes nothing; ticked, it is gone from the shop at once, kept in the staff area's archive.
  const unconfirmed = await (await staff.get(`/admin/catalog/${id}`)).form({ button: "Archive product" }).submit();
  expect(unconfirmed.status).toBe(422);
  expect(unconfirmed.fieldError(`Yes, take ${name} out of the shop`)).toBe("Tick the box to confirm that the product should leave the shop.");
  expect((await productRow(id)).archived_at).toBeNull();
  expect((await visitor.get(`/shop/${kebab(name)}`)).status).toBe(200);
  const archived = await unconfirmed.form({ button: "Archive product" }).check(`Yes, take ${name} out of the shop`).submit();
  expect(archived.statuses(/.*/, archived.region("Archived")[0]!).join("\n")).toContain("is archived");
  expect(archived.text("[data-testid=product-state]")).toBe("Archived: not in the shop");
  expect((await visitor.get(`/shop/${kebab(name)}`)).status).toBe(404);
  const accessories = await visitor.get("/shop?category=accessories");
  expect(accessories.byTestId("product-grid")).toHaveLength(1);
  expect(accessories.text("[data-testid=product-grid]")).not.toContain(name);
  expect(rowHeaders(await staff.get("/admin/catalog?show=archived"), name)).toHaveLength(1);

  // Every change is in the audit log under the staff member's address.
  const audit = await staff.get(`/admin/audit?type=product&id=${id}`);
  const auditRows = audit.$("tr").toArray().map((tr) => audit.text(tr));
  for (const action of ["product.create", "stock.adjust", "product.publish", "product.update", "product.archive"]) {
    expect(auditRows.some((row) => row.includes(action) && row.includes(staffEmail)), action).toBe(true);
  }
});

test("bad input gets a message next to the field and changes nothing", async ({ signedIn }) => {
  test.slow(); // makes and uploads a 20 MB picture
  const { browser: staff } = await signedIn("staff");
  const name = testMadeTitle("Bad Input Beanie");
  const hostile = `<img src=x onerror=alert(1)> ${name}`;
  const blank = await staff.get("/admin/catalog/new");

  // Price 0, a hostile name, and a text file called .jpg.
  const zero = await fillProduct(blank.form({ button: "Add product" }), { name: hostile, price: "0" }).attach("Picture", NOT_A_PICTURE).submit();
  expect(zero.status).toBe(422);
  expect(fieldError(zero, "product-price")).toBe("A price must be more than $0.00.");
  expect(zero.control("Name").val()).toBe(hostile);

  for (const [price, message] of [["-4", "A price can't be negative."], ["25000", "A price above $10,000.00 is surely a typo. Check the amount."], ["abc", "Enter the price in dollars and cents, e.g. 24.99."]] as const) {
    const refused = await zero.form({ button: "Add product" }).fill("Price in dollars", price).attach("Picture", NOT_A_PICTURE).submit();
    expect(refused.status, price).toBe(422);
    expect(fieldError(refused, "product-price"), price).toBe(message);
  }

  // Right price, but the file is not a picture.
  const notPicture = await zero.form({ button: "Add product" }).fill("Price in dollars", "12").attach("Picture", NOT_A_PICTURE).submit();
  expect(notPicture.status).toBe(422);
  expect(fieldError(notPicture, "product-image")).toBe("This file is not a picture we can read. Choose a JPEG, PNG, WebP or AVIF image.");

  // A real picture of 20 MB.
  const huge = await sharp({ create: { width: 2600, height: 2700, channels: 3, background: "#c8b68a", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(huge.length).toBeGreaterThan(20 * 1024 * 1024);
  const tooBig = await notPicture.form({ button: "Add product" }).attach("Picture", { name: "huge.png", mimeType: "image/png", buffer: huge }).submit();
  expect(tooBig.status).toBe(422);
  expect(fieldError(tooBig, "product-image")).toMatch(/^This file is 20\.\d MB\. Choose a picture of at most 10 MB\.$/);

  // Nothing was made.
  await expect(productIdOf(kebab(hostile))).rejects.toThrow(/no product/);
  const list = await staff.get("/admin/catalog");
  expect(rowHeaders(list, name.slice(-8))).toEqual([]);

  // Stock can't go negative; a minus sign with "Received" is refused; nothing is recorded.
  const id = await productIdOf("military-cap");
  const page = await staff.get(`/admin/catalog/${id}`);
  const before = await stockBySize(id);
  const stock = () => page.form({ button: "Record stock changes" });
  const tooMany = await stock().select("Reason", "damaged").fill("Quantity", "100000").submit();
  expect(tooMany.status).toBe(422);
  expect(tooMany.fieldError("Quantity")).toBe("At most 10,000 at a time. Check the number.");
  const belowZero = await stock().select("Reason", "damaged").fill("Quantity", String(before[""]! + 1)).submit();
  expect(belowZero.fieldError("Quantity")).toBe(`Stock can't go below 0: there are ${before[""]} in stock.`);
  const minus = await stock().select("Reason", "received").fill("Quantity", "-5").submit();
  expect(minus.fieldError("Quantity")).toBe("Enter how many, without a minus sign: the reason says whether stock goes up or down.");
  const nothingTyped = await stock().submit();
  expect(nothingTyped.status).toBe(422);
  expect(nothingTyped.text("#stock-alert")).toBe("Enter a quantity for at least one size: a blank one stays as it is.");
  expect(await stockBySize(id)).toEqual(before);

  // Several sizes: each refused size says why beside its own field; the good ones are not recorded either.
  const shirt = await productIdOf("veteran-strong-tshirt");
  const shirtBefore = await stockBySize(shirt);
  const sizes = await staff.get(`/admin/catalog/${shirt}`);
  const label = (size: string) => `${size} (${shirtBefore[size]} in stock)`;
  const mixed = await sizes
    .form({ button: "Record stock changes" })
    .select("Reason", "damaged")
    .fill(label("S"), "1")
    .fill(label("M"), String(shirtBefore.M! + 1))
    .fill(label("L"), "two")
    .submit();
  expect(mixed.status).toBe(422);
  expect(mixed.fieldError(label("S"))).toBe("");
  expect(mixed.fieldError(label("L"))).toBe("Enter a whole number, e.g. 12, or leave it blank.");
  expect(mixed.control(label("L")).val(), "what was typed stays").toBe("two");
  // Once every number reads, the stock itself is checked: M has fewer than that.
  const outOfRange = await mixed.form({ button: "Record stock changes" }).fill(label("L"), "").submit();
  expect(outOfRange.status).toBe(422);
  expect(outOfRange.fieldError(label("M"))).toBe(`Stock can't go below 0: there ${shirtBefore.M === 1 ? "is 1" : `are ${shirtBefore.M}`} in stock.`);
  expect(outOfRange.fieldError(label("S"))).toBe("");
  expect(await stockBySize(shirt)).toEqual(shirtBefore);
});

test("the catalog's old addresses (/admin/catalogue…) redirect permanently to the same page, query and all", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const id = await productIdOf("tactical-cap");
  const moved: [old: string, now: string][] = [
    ["/admin/catalogue", "/admin/catalog"],
    ["/admin/catalogue?show=archived", "/admin/catalog?show=archived"],
    ["/admin/catalogue/new", "/admin/catalog/new"],
    [`/admin/catalogue/${id}`, `/admin/catalog/${id}`],
  ];
  for (const [old, now] of moved) {
    const response = await staff.request.get(old, { maxRedirects: 0 });
    expect(response.status(), old).toBe(308);
    const location = new URL(response.headers().location!, "http://site");
    expect(location.pathname + location.search, old).toBe(now);
  }
  expect((await staff.get("/admin/catalogue")).heading(1)).toBe("Catalog");
});

test("unknown and malformed product ids are the 404 page; a form over 25 MB is refused with 413", async ({ signedIn, baseURL }) => {
  const { browser: staff } = await signedIn("staff");
  for (const id of ["999999999", "0", "abc", "-1", "1.5", "2147483648", "%00", "'or'1'='1", "99999999999999999999"]) {
    const response = await staff.request.get(`/admin/catalog/${encodeURIComponent(id)}`, { maxRedirects: 0 });
    expect(response.status(), id).toBe(404);
  }
  for (const path of ["/media/1-0000000000000000/800.webp", "/media/x/y", "/media/1-0123456789abcdef/800.png"]) {
    expect((await staff.request.get(path)).status(), path).toBe(404);
  }
  const tooLarge = await staff.request.post("/admin/catalog/new", {
    multipart: { image: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(26 * 1024 * 1024) } },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.text()).toContain("The request is larger than this site accepts (25 MB).");
});

test("a product is added with its picture and gets stock through plain form posts", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const name = testMadeTitle("No-JS Beanie");
  const blank = await staff.get("/admin/catalog/new");
  const refused = await fillProduct(blank.form({ button: "Add product" }), { name, price: "abc" }).attach("Picture", await picture("#1b2a41")).submit();
  expect(refused.status).toBe(422);
  expect(fieldError(refused, "product-price")).toBe("Enter the price in dollars and cents, e.g. 24.99.");

  const added = await refused.form({ button: "Add product" }).fill("Price in dollars", "$1,000.5").attach("Picture", await picture("#1b2a41")).submit();
  expect(added.firstStatus).toBe(303);
  expect(added.heading(1)).toBe(name);
  const id = await productIdOf(kebab(name));
  expect((await productRow(id)).price_cents).toBe(100050);
  expect((await productRow(id)).image_path).toMatch(/^\/media\/\d+-[0-9a-f]{16}\/800\.webp$/);

  // A draft archived and restored comes back a draft, and its button says so.
  const shelved = await added.form({ button: "Archive product" }).check(`Yes, take ${name} out of the shop`).submit();
  expect(shelved.buttons("main")).not.toContain("Put back on sale");
  const restored = await shelved.form({ button: "Restore as a draft" }).submit();
  expect(restored.statuses(/draft again/)).toEqual([`${name} is a draft again: publish it to put it in the shop.`]);
  expect(await productRow(id)).toMatchObject({ draft: true, archived_at: null });

  const stocked = await restored.form({ button: "Record stock changes" }).fill("Quantity", "6").submit();
  expect(stocked.statuses(/.*/, stocked.region("Stock")[0]!)).toEqual([`${name}: stock 0 → 6.`]);
  expect(await stockBySize(id)).toEqual({ "": 6 });

  const published = await stocked.form({ button: "Publish: put on sale" }).submit();
  expect(published.firstStatus).toBe(303);
  expect(published.statuses("is on sale")).toEqual([`${name} is on sale: the shop shows it now.`]);
  expect((await productRow(id)).draft).toBe(false);

  const archived = await published.form({ button: "Archive product" }).check(`Yes, take ${name} out of the shop`).submit();
  expect(archived.statuses(/.*/, archived.region("Archived")[0]!).join("\n")).toContain("is archived");
  expect((await productRow(id)).archived_at).not.toBeNull();
});
