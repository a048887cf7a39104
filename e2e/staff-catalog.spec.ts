/**
 * The staff catalog with JavaScript, and axe on its pages and states: a refused price, a file that is
 * not a picture and a refused stock change take the focus; a product is added with a picture as a draft,
 * given stock, published and archived (after ticking a box), each answered in place. What the shop shows, the picture it serves, editing, the
 * audit log, every refusal's message, the 404s and the 25 MB limit: e2e/http/staff-catalog.spec.ts.
 * The product made here is an accessory whose name ends in the TEST_MADE marker (e2e/events-db.ts),
 * never featured, and is archived at the end.
 */
import sharp from "sharp";
import { productIdOf, stockBySize } from "./catalog-db";
import { kebab, testMadeTitle } from "./events-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signedInAs } from "./staff-session";

const NOT_A_PICTURE = { name: "beanie.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<?php echo 'not an image'; ?>") };

test("with JavaScript: refused input takes the focus; a product is added with a picture as a draft, stocked, published and archived; each page and state passes axe", async ({ browser }) => {
  test.slow(); // seven axe scans and a picture upload: about a minute on a busy 2-core machine
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const name = testMadeTitle("Ranger Beanie");
  const fieldError = (field: string) => page.locator(`#${field}-error`);

  await page.goto("/admin/catalog");
  await expect(page.getByRole("heading", { level: 1, name: "Catalog" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Add a product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a product" })).toBeVisible();
  await expectNoA11yViolations(page);

  // Price 0, a hostile name, and a text file called .jpg.
  const hostile = `<img src=x onerror=alert(1)> ${name}`;
  await page.getByRole("textbox", { name: "Name" }).fill(hostile);
  await page.getByRole("textbox", { name: "Description" }).fill("A warm knit beanie for early rucks, in olive.");
  await page.getByRole("combobox", { name: "Category" }).selectOption("accessories");
  await page.getByRole("textbox", { name: "Price in dollars" }).fill("0");
  await page.getByRole("textbox", { name: "Low-stock threshold" }).fill("4");
  await page.getByRole("textbox", { name: "Describe the picture" }).fill("Olive knit beanie");
  await page.getByLabel("Picture", { exact: true }).setInputFiles(NOT_A_PICTURE);
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(fieldError("product-price")).toHaveText("A price must be more than $0.00.");
  await expect(page.getByRole("textbox", { name: "Price in dollars" })).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(hostile);
  await expectNoA11yViolations(page);

  // Right price, but the file is not a picture.
  await page.getByRole("textbox", { name: "Price in dollars" }).fill("18.50");
  await page.getByLabel("Picture", { exact: true }).setInputFiles(NOT_A_PICTURE);
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(fieldError("product-image")).toHaveText("This file is not a picture we can read. Choose a JPEG, PNG, WebP or AVIF image.");
  await expect(page.getByLabel("Picture", { exact: true })).toBeFocused();

  await page.getByRole("textbox", { name: "Name" }).fill(name);
  for (const size of ["S", "M"]) await page.getByRole("checkbox", { name: size, exact: true }).check();
  const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#4b5320" } }).jpeg().toBuffer();
  await page.getByLabel("Picture", { exact: true }).setInputFiles({ name: "beanie.jpg", mimeType: "image/jpeg", buffer: picture });
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "is added as a draft" })).toBeVisible();
  await expect(page.getByTestId("product-state")).toHaveText("Draft: not in the shop yet");
  const id = await productIdOf(kebab(name));
  await expectNoA11yViolations(page);

  // Stock: received, answered in place and kept in the history.
  const stock = page.getByRole("region", { name: "Stock", exact: true });
  await stock.getByRole("combobox", { name: "Reason" }).selectOption("received");
  await stock.getByRole("textbox", { name: "M (0 in stock)" }).fill("10");
  await stock.getByRole("button", { name: "Record stock changes" }).click();
  await expect(stock.getByRole("status")).toHaveText(`${name}, size M: stock 0 → 10.`);
  await expect(page.getByRole("region", { name: "Stock history" }).getByTestId("ledger-row")).toHaveCount(1);
  await expectNoA11yViolations(page);

  // A minus sign with "Received" is refused, and that size's quantity takes the focus; nothing is recorded.
  await stock.getByRole("textbox", { name: "S (0 in stock)" }).fill("2");
  await stock.getByRole("textbox", { name: "M (10 in stock)" }).fill("-5");
  await stock.getByRole("button", { name: "Record stock changes" }).click();
  await expect(stock.getByText("Enter how many, without a minus sign: the reason says whether stock goes up or down.")).toBeVisible();
  await expect(stock.getByRole("textbox", { name: "M (10 in stock)" })).toBeFocused();
  expect(await stockBySize(id)).toEqual({ S: 0, M: 10 });
  await expectNoA11yViolations(page);

  // Published: the page says so.
  await page.getByRole("region", { name: "Publish" }).getByRole("button", { name: "Publish: put on sale" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is on sale: the shop shows it now." })).toBeVisible();
  await expect(page.getByTestId("product-state")).toHaveText("On sale");

  // Archived after ticking the box: answered in place, and listed in the staff area's archive.
  const archive = page.getByRole("region", { name: "Archive" });
  await archive.getByRole("button", { name: "Archive product" }).click();
  await expect(archive.getByRole("checkbox", { name: `Yes, take ${name} out of the shop` })).toBeFocused();
  await archive.getByRole("checkbox", { name: `Yes, take ${name} out of the shop` }).check();
  await archive.getByRole("button", { name: "Archive product" }).click();
  await expect(page.getByRole("region", { name: "Archived" }).getByRole("status")).toContainText("is archived");
  await expect(page.getByTestId("product-state")).toHaveText("Archived: not in the shop");
  await page.goto("/admin/catalog?show=archived");
  await expect(page.getByRole("rowheader", { name })).toBeVisible();
  await expectNoA11yViolations(page);
  await context.close();
});
