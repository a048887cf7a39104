/**
 * The shop as the server sends it: the eight products, the category filter and the sort (links and a GET
 * form, in the address), the empty state, a product's page, the 404 and the empty cart. Sorting on
 * change, Add to Cart with JavaScript, the phone's filter panel and axe: e2e/shop.spec.ts.
 */
import { TEST_MADE_MARK } from "../events-db";
import { expect, test } from "./fixtures";
import { accessibleName, type HttpPage } from "./text-browser";
import type { Element } from "domhandler";

/** The spec's eight prices (section 9). */
const SPEC_PRICES = ["$29.99", "$24.99", "$19.99", "$15.99", "$49.99", "$89.99", "$34.99", "$27.99"];

const cards = (page: HttpPage) => page.$("[data-testid=product-grid] [data-testid=product-card]").toArray();
/**
 * The seed's products on the page. A journey that sells out stock makes an accessory of its own
 * (e2e/shop-helpers.ts createProduct, name marked TEST_MADE); the grid lists it too while this runs.
 */
const seeded = (page: HttpPage) => cards(page).filter((card) => !TEST_MADE_MARK.test(page.text(card)));
const testMade = (page: HttpPage) => cards(page).length - seeded(page).length;
const prices = (page: HttpPage, list = cards(page)) => list.map((card) => Number(page.$(card).find("[data-testid=product-price]").first().text().replace(/[^0-9.]/g, "")));
const ascending = (list: number[]) => [...list].sort((a, b) => a - b);
const SIDEBAR = "[data-testid=category-sidebar]";
const PANEL = "[data-testid=category-panel]";

test("lists all eight products with their prices, categories and links", async ({ visitor }) => {
  const page = await visitor.get("/shop");
  expect(page.status).toBe(200);
  expect(page.$("h1")).toHaveLength(1);
  const made = testMade(page);
  expect(page.$("h2").toArray().map((h) => page.$(h).text().trim())).toContain(`All Products (${8 + made})`);
  expect(seeded(page)).toHaveLength(8);

  const shown = seeded(page).map((card) => page.$(card).find("[data-testid=product-price]").first().text().trim());
  expect([...shown].sort()).toEqual([...SPEC_PRICES].sort());

  const first = page.$(cards(page)[0]!);
  expect(first.find("a").first().attr("href")).toMatch(/^\/shop\/[a-z0-9-]+$/);
  expect(page.text(cards(page)[0]!)).toMatch(/Apparel|Gear|Accessories/);
  // Explicit image dimensions: no layout shift while images load.
  const img = first.find("img").first();
  expect(img.attr("width")).toBe("800");
  expect(img.attr("height")).toBe("800");
  expect(img.attr("sizes")).toMatch(/vw|rem/);
  expect(page.link("Make a Donation").href).toBe("/donate");
});

test("category filter links show counts, filter the list, live in the address and are the same on a second visit", async ({ visitor }) => {
  const page = await visitor.get("/shop");
  const made = testMade(page);
  for (const scope of [SIDEBAR, PANEL]) {
    for (const name of [`All (${8 + made})`, "Apparel (2)", "Gear (3)", `Accessories (${3 + made})`]) expect(page.links(name, scope), `${scope} ${name}`).toHaveLength(1);
  }
  // The phone's panel is a <details>: it opens without JavaScript.
  expect(page.$(PANEL).is("details")).toBe(true);

  const apparel = await page.follow("Apparel (2)", SIDEBAR);
  expect(apparel.path).toBe("/shop?category=apparel");
  expect(apparel.$("h2").toArray().map((h) => apparel.$(h).text().trim())).toContain("Apparel (2)");
  expect(cards(apparel)).toHaveLength(2);
  for (const card of cards(apparel)) expect(apparel.text(card)).toContain("Apparel");

  const again = await visitor.get(apparel.path);
  expect(cards(again)).toHaveLength(2);
  for (const scope of [SIDEBAR, PANEL]) {
    expect(again.$(`${scope} a[aria-current=page]`).toArray().map((a) => accessibleName(again.$, a as Element)), scope).toEqual(["Apparel (2)"]);
  }
  const all = await again.follow(/^All \(\d+\)$/, SIDEBAR);
  expect(all.path).toBe("/shop");
  expect(seeded(all)).toHaveLength(8);

  const accessories = await (await visitor.get("/shop")).follow(/^Accessories \(\d+\)$/, PANEL);
  expect(accessories.path).toBe("/shop?category=accessories");
  expect(seeded(accessories)).toHaveLength(3);
  expect(cards(accessories)).toHaveLength(3 + testMade(accessories));
});

test("the sort: four orders, by price both ways with the category kept, and the same on a second visit", async ({ visitor }) => {
  const page = await visitor.get("/shop");
  expect(page.control("Sort by").find("option").toArray().map((o) => page.$(o).text().trim())).toEqual(["Featured", "Price: Low to High", "Price: High to Low", "Newest"]);
  const low = await visitor.get("/shop?sort=price-asc");
  expect(prices(low, seeded(low))).toEqual(ascending([29.99, 24.99, 19.99, 15.99, 49.99, 89.99, 34.99, 27.99]));
  expect(prices(low)).toEqual(ascending(prices(low))); // with any product another spec made meanwhile
  const high = await visitor.get("/shop?sort=price-desc");
  expect(prices(high, seeded(high))).toEqual(ascending([29.99, 24.99, 19.99, 15.99, 49.99, 89.99, 34.99, 27.99]).reverse());
  expect(prices(high)).toEqual(ascending(prices(high)).reverse());

  const gear = await visitor.get("/shop?category=gear&sort=price-asc");
  expect(prices(gear)).toEqual([19.99, 34.99, 89.99]);
  expect(gear.control("Sort by").find("option[selected]").attr("value")).toBe("price-asc");
  expect(gear.$("h2").toArray().map((h) => gear.$(h).text().trim())).toContain("Gear (3)");
});

test("without JavaScript sorting works through the form's Apply button, keeping the category", async ({ visitor }) => {
  const page = await visitor.get("/shop?category=gear");
  const sorted = await page.form({ button: "Apply" }).select("Sort by", "price-desc").submit("Apply");
  expect(sorted.url.searchParams.get("category")).toBe("gear");
  expect(sorted.url.searchParams.get("sort")).toBe("price-desc");
  expect(prices(sorted)).toEqual([89.99, 34.99, 19.99]);
});

test("a category link keeps the chosen sort", async ({ visitor }) => {
  const page = await visitor.get("/shop?sort=price-desc");
  const accessories = await page.follow(/^Accessories \(\d+\)$/, SIDEBAR);
  expect(accessories.url.searchParams.get("category")).toBe("accessories");
  expect(accessories.url.searchParams.get("sort")).toBe("price-desc");
  expect(prices(accessories, seeded(accessories))).toEqual([27.99, 24.99, 15.99]);
  expect(prices(accessories)).toEqual(ascending(prices(accessories)).reverse());
});

test("an unknown category shows the empty state, whose button shows everything", async ({ visitor }) => {
  const page = await visitor.get("/shop?category=does-not-exist");
  expect(page.status).toBe(200);
  expect(page.text("main")).toContain("No products found in this category.");
  expect(cards(page)).toHaveLength(0);
  const all = await page.follow("Show All Products");
  expect(all.path).toBe("/shop");
  expect(seeded(all)).toHaveLength(8);
});

test("a product's page shows the product, its stock, Add to Cart and related items", async ({ visitor }) => {
  const page = await visitor.get("/shop/tactical-cap");
  expect(page.status).toBe(200);
  expect(page.title()).toMatch(/Tactical Cap/);
  expect(page.heading(1)).toBe("Tactical Cap");
  expect(page.$("main [data-testid=product-price]").first().text().trim()).toBe("$24.99");
  expect(page.$("main img").toArray().some((img) => /cap/i.test(img.attribs.alt ?? ""))).toBe(true);
  const main = page.text("main");
  expect(main).toContain("Accessories");
  expect(main).toContain("hook-and-loop panel");
  expect(page.text("main [data-testid=stock-state]")).toBe("In stock");
  expect(page.buttons("main").some((name) => /^Add to Cart/.test(name))).toBe(true);
  const related = page.region("You might also like").find("[data-testid=product-card]").toArray();
  expect(related.length).toBeGreaterThan(0);
  expect(related.map((card) => page.$(card).find("h2, h3").first().text().trim())).not.toContain("Tactical Cap");
});

test("an unknown product is a 404, and a product card opens its page", async ({ visitor }) => {
  expect((await visitor.get("/shop/no-such-product")).status).toBe(404);
  const shop = await visitor.get("/shop");
  const product = await visitor.get(shop.$(cards(shop)[0]!).find("a").first().attr("href")!);
  expect(product.url.pathname).toMatch(/^\/shop\/[a-z0-9-]+$/);
  expect(product.heading(1)).not.toBe("");
});

test("an empty cart says so and links back to the shop", async ({ visitor }) => {
  const page = await visitor.get("/shop/cart");
  expect(page.status).toBe(200);
  expect(page.text("main h1, main h2")).toContain("Your cart is empty");
  expect(page.link("Continue Shopping", "main").href).toBe("/shop");
});
