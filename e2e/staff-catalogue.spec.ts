/**
 * The staff catalogue, as staff on a laptop and on a phone: a product is added with a picture, gets
 * stock with a reason (kept in its stock history), is edited and archived, and the shop shows each
 * change on the next request. Bad input gets a message next to the field and changes nothing.
 * Products made here are accessories whose names end in the TEST_MADE marker (e2e/events-db.ts), never
 * featured, so the shop spec tells them from the seed's eight; each journey archives what it made.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { productIdOf, productRow, stockBySize } from "./catalogue-db";
import { kebab, testMadeTitle } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { setRole } from "./staff-db";
import { signedInAs } from "./staff-session";
import { postedStatus } from "./page-helpers";

test.beforeEach(() => test.slow());

async function signInAsStaff(page: Page): Promise<string> {
  const { email } = await signUpMember(page, { email: uniqueMemberEmail("catalogue") });
  await setRole(email, "staff");
  return email;
}

/** A real picture (a square PNG), with a GPS position in its metadata that must not reach the shop. */
async function picture(colour = "#4b5320"): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 900, height: 900, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "29/1 25/1 0/1" } })
    .toBuffer();
  return { name: "beanie.jpg", mimeType: "image/jpeg", buffer };
}

async function fillProduct(page: Page, fields: { name: string; price: string; sizes?: string[] }) {
  await page.getByRole("textbox", { name: "Name" }).fill(fields.name);
  await page.getByRole("textbox", { name: "Description" }).fill("A warm knit beanie for early rucks, in olive.");
  await page.getByRole("combobox", { name: "Category" }).selectOption("accessories");
  await page.getByRole("textbox", { name: "Price in dollars" }).fill(fields.price);
  for (const size of fields.sizes ?? []) await page.getByRole("checkbox", { name: size, exact: true }).check();
  await page.getByRole("textbox", { name: "Low-stock threshold" }).fill("4");
  await page.getByRole("textbox", { name: "Describe the picture" }).fill("Olive knit beanie");
}

const fieldError = (page: Page, field: string) => page.locator(`#product-${field}-error`);

test("staff add a product with a picture, give it stock, edit and archive it; the shop follows on the next request", async ({ page, request }) => {
  test.setTimeout(300_000); // a long journey: on a busy machine it takes minutes
  const staff = await signInAsStaff(page);
  const name = testMadeTitle("Ranger Beanie");

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Catalog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Tactical Cap" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Add a product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a product" })).toBeVisible();
  await expectNoA11yViolations(page);
  await fillProduct(page, { name, price: "18.50", sizes: ["S", "M"] });
  await page.getByLabel("Picture", { exact: true }).setInputFiles(await picture());
  await page.getByRole("button", { name: "Add product" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "is added and on sale" })).toBeVisible();
  const id = await productIdOf(kebab(name));
  expect(await stockBySize(id)).toEqual({ S: 0, M: 0 });
  await expectNoA11yViolations(page);

  // Stock: received, then a count; both in the stock history with who did it.
  const stock = page.getByRole("region", { name: "Stock", exact: true });
  await stock.getByRole("combobox", { name: "Size" }).selectOption({ label: "M (0 in stock)" });
  await stock.getByRole("combobox", { name: "Reason" }).selectOption("received");
  await stock.getByRole("textbox", { name: "Quantity" }).fill("10");
  await stock.getByRole("button", { name: "Record stock change" }).click();
  await expect(stock.getByRole("status")).toHaveText(`${name}, size M: stock 0 → 10.`);
  await stock.getByRole("combobox", { name: "Size" }).selectOption({ label: "M (10 in stock)" });
  await stock.getByRole("combobox", { name: "Reason" }).selectOption("counted");
  await stock.getByRole("textbox", { name: "Quantity" }).fill("8");
  await stock.getByRole("textbox", { name: /^Note/ }).fill("Shelf count after the ruck march");
  await stock.getByRole("button", { name: "Record stock change" }).click();
  await expect(stock.getByRole("status")).toHaveText(`${name}, size M: stock 10 → 8.`);
  expect(await stockBySize(id)).toEqual({ S: 0, M: 8 });
  const history = page.getByRole("region", { name: "Stock history" });
  await expect(history.getByTestId("ledger-row")).toHaveCount(2);
  await expect(history.getByTestId("ledger-row").first()).toContainText("Counted");
  await expect(history.getByTestId("ledger-row").first()).toContainText("Shelf count after the ruck march");
  await expect(history.getByTestId("ledger-row").first()).toContainText("10 → 8");
  await expect(history.getByTestId("ledger-row").first()).toContainText(staff);
  await expectNoA11yViolations(page);

  // The shop shows it on the next request, with the uploaded picture in AVIF and WebP.
  await page.goto(`/shop/${kebab(name)}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("product-price").first()).toHaveText("$18.50");
  const img = page.getByRole("main").getByRole("img", { name: "Olive knit beanie" });
  await expect(img).toHaveAttribute("srcset", /\/media\/\d+-[0-9a-f]{16}\/400\.webp 400w/);
  await expect(page.getByRole("main").locator('source[type="image/avif"]')).toHaveAttribute("srcset", /\/media\/\d+-[0-9a-f]{16}\/800\.avif 800w/);
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  const src = (await img.getAttribute("src"))!;
  const served = await request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await served.body();
  expect((await sharp(body).metadata()).exif).toBeUndefined();
  expect((await request.get(src.replace(/\/800\.webp$/, "/801.webp"))).status()).toBe(404);

  // An edit: the new price is in the shop on the next request.
  await page.goto(`/admin/catalogue/${id}`);
  const details = page.getByRole("region", { name: "Details" });
  await details.getByRole("textbox", { name: "Price in dollars" }).fill("21");
  await details.getByRole("checkbox", { name: "L", exact: true }).check();
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(details.getByRole("status")).toHaveText("Saved. The shop shows the changes now.");
  expect((await productRow(id)).price_cents).toBe(2100);
  expect(await stockBySize(id)).toEqual({ S: 0, M: 8, L: 0 });
  await page.goto(`/shop/${kebab(name)}`);
  await expect(page.getByTestId("product-price").first()).toHaveText("$21.00");

  // Archived: gone from the shop at once, kept in the staff area's archive.
  await page.goto(`/admin/catalogue/${id}`);
  await page.getByRole("region", { name: "Archive" }).getByRole("button", { name: "Archive product" }).click();
  await expect(page.getByRole("region", { name: "Archived" }).getByRole("status")).toContainText("is archived");
  await expect(page.getByTestId("product-state")).toHaveText("Archived: not in the shop");
  expect((await page.goto(`/shop/${kebab(name)}`))?.status()).toBe(404);
  await page.goto("/shop?category=accessories");
  await expect(page.getByTestId("product-grid").getByText(name)).toHaveCount(0);
  await page.goto("/admin/catalogue?show=archived");
  await expect(page.getByRole("rowheader", { name })).toBeVisible();
  await expectNoA11yViolations(page);

  // Every change is in the audit log under the staff member's address.
  await page.goto(`/admin/audit?type=product&id=${id}`);
  for (const action of ["product.create", "stock.adjust", "product.update", "product.archive"]) {
    await expect(page.getByRole("row").filter({ hasText: action }).filter({ hasText: staff }).first()).toBeVisible();
  }
});

test("bad input gets a message next to the field and changes nothing", async ({ page }) => {
  test.setTimeout(240_000); // uploads a 20 MB picture
  await signInAsStaff(page);
  const name = testMadeTitle("Bad Input Beanie");
  await page.goto("/admin/catalogue/new");

  // Price 0, a hostile name, and a text file called .jpg.
  await fillProduct(page, { name: `<img src=x onerror=alert(1)> ${name}`, price: "0" });
  await page.getByLabel("Picture", { exact: true }).setInputFiles({ name: "beanie.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<?php echo 'not an image'; ?>") });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(fieldError(page, "price")).toHaveText("A price must be more than $0.00.");
  await expect(page.getByRole("textbox", { name: "Price in dollars" })).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(`<img src=x onerror=alert(1)> ${name}`);
  await expectNoA11yViolations(page);

  for (const [price, message] of [["-4", "A price can't be negative."], ["25000", "A price above $10,000.00 is surely a typo. Check the amount."], ["abc", "Enter the price in dollars and cents, e.g. 24.99."]]) {
    await page.getByRole("textbox", { name: "Price in dollars" }).fill(price!);
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(fieldError(page, "price")).toHaveText(message!);
  }

  // Right price, but the file is not a picture.
  await page.getByRole("textbox", { name: "Price in dollars" }).fill("12");
  await page.getByLabel("Picture", { exact: true }).setInputFiles({ name: "beanie.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<?php echo 'not an image'; ?>") });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(fieldError(page, "image")).toHaveText("This file is not a picture we can read. Choose a JPEG, PNG, WebP or AVIF image.");
  await expect(page.getByLabel("Picture", { exact: true })).toBeFocused();

  // A real picture of 20 MB.
  const huge = await sharp({ create: { width: 2600, height: 2700, channels: 3, background: "#c8b68a", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(huge.length).toBeGreaterThan(20 * 1024 * 1024);
  await page.getByLabel("Picture", { exact: true }).setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: huge });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(fieldError(page, "image")).toHaveText(/^This file is 20\.\d MB\. Choose a picture of at most 10 MB\.$/);

  // Nothing was made.
  await expect(productIdOf(kebab(`<img src=x onerror=alert(1)> ${name}`))).rejects.toThrow(/no product/);
  await page.goto("/admin/catalogue");
  await expect(page.getByRole("rowheader", { name: new RegExp(name.slice(-8)) })).toHaveCount(0);

  // Stock can't go negative; a minus sign with "Received" is refused; nothing is recorded.
  const id = await productIdOf("military-cap");
  await page.goto(`/admin/catalogue/${id}`);
  const before = await stockBySize(id);
  const stock = page.getByRole("region", { name: "Stock", exact: true });
  await stock.getByRole("combobox", { name: "Reason" }).selectOption("damaged");
  await stock.getByRole("textbox", { name: "Quantity" }).fill("100000");
  await stock.getByRole("button", { name: "Record stock change" }).click();
  await expect(page.locator("#stock-quantity-error")).toHaveText("At most 10,000 at a time. Check the number.");
  await stock.getByRole("textbox", { name: "Quantity" }).fill(String(before[""]! + 1));
  await stock.getByRole("button", { name: "Record stock change" }).click();
  await expect(page.locator("#stock-quantity-error")).toHaveText(`Stock can't go below 0: there are ${before[""]} in stock.`);
  await stock.getByRole("combobox", { name: "Reason" }).selectOption("received");
  await stock.getByRole("textbox", { name: "Quantity" }).fill("-5");
  await stock.getByRole("button", { name: "Record stock change" }).click();
  await expect(page.locator("#stock-quantity-error")).toHaveText("Enter how many, without a minus sign: the reason says whether stock goes up or down.");
  await expect(stock.getByRole("textbox", { name: "Quantity" })).toBeFocused();
  expect(await stockBySize(id)).toEqual(before);
  await expectNoA11yViolations(page);
});

test("unknown and malformed product ids are the 404 page; a form over 25 MB is refused with 413", async ({ browser }) => {
  test.skip(test.info().project.name !== "desktop", "HTTP answers: one project is enough");
  const staff = await signedInAs(browser, "staff");
  for (const id of ["999999999", "0", "abc", "-1", "1.5", "2147483648", "%00", "'or'1'='1", "99999999999999999999"]) {
    const response = await staff.context.request.get(`/admin/catalogue/${encodeURIComponent(id)}`, { maxRedirects: 0 });
    expect(response.status(), id).toBe(404);
  }
  for (const path of ["/media/1-0000000000000000/800.webp", "/media/x/y", "/media/1-0123456789abcdef/800.png"]) {
    expect((await staff.context.request.get(path)).status(), path).toBe(404);
  }
  const tooLarge = await staff.context.request.post("/admin/catalogue/new", {
    multipart: { image: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(26 * 1024 * 1024) } },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.text()).toContain("The request is larger than this site accepts (25 MB).");
  await staff.context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a product is added with its picture and gets stock through plain form posts", async ({ page }) => {
    await signInAsStaff(page);
    const name = testMadeTitle("No-JS Beanie");
    await page.goto("/admin/catalogue/new");
    await fillProduct(page, { name, price: "abc" });
    await page.getByLabel("Picture", { exact: true }).setInputFiles(await picture("#1b2a41"));
    expect(await postedStatus(page, page.getByRole("button", { name: "Add product" }))).toBe(422);
    await expect(fieldError(page, "price")).toHaveText("Enter the price in dollars and cents, e.g. 24.99.");

    await page.getByRole("textbox", { name: "Price in dollars" }).fill("$1,000.5");
    await page.getByLabel("Picture", { exact: true }).setInputFiles(await picture("#1b2a41"));
    expect(await postedStatus(page, page.getByRole("button", { name: "Add product" }))).toBe(303);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const id = await productIdOf(kebab(name));
    expect((await productRow(id)).price_cents).toBe(100050);
    expect((await productRow(id)).image_path).toMatch(/^\/media\/\d+-[0-9a-f]{16}\/800\.webp$/);

    const stock = page.getByRole("region", { name: "Stock", exact: true });
    await stock.getByRole("textbox", { name: "Quantity" }).fill("6");
    await stock.getByRole("button", { name: "Record stock change" }).click();
    await expect(page.getByRole("region", { name: "Stock", exact: true }).getByRole("status")).toHaveText(`${name}: stock 0 → 6.`);
    expect(await stockBySize(id)).toEqual({ "": 6 });

    await page.getByRole("region", { name: "Archive" }).getByRole("button", { name: "Archive product" }).click();
    await expect(page.getByRole("region", { name: "Archived" }).getByRole("status")).toContainText("is archived");
    expect((await productRow(id)).archived_at).not.toBeNull();
  });
});
