/** Shared steps for the cart and checkout journeys. */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import pg from "pg";
import { e2eDatabaseUrl } from "./e2e-database";
import { kebab, testMadeTitle } from "./events-db";
import { expect, test } from "./fixtures";
import { MEMBER_PASSWORD, signUpMember, uniqueMemberEmail } from "./member";

export const badge = (page: Page) => page.getByTestId("cart-count");

/** Adds a product from its page (choosing a size for apparel) with JavaScript, and waits for the confirmation. */
export async function addFromProductPage(page: Page, slug: string, size?: string): Promise<void> {
  await page.goto(`/shop/${slug}`);
  const form = page.getByRole("main").getByTestId("add-to-cart").first();
  if (size) await form.getByText(size, { exact: true }).click();
  await form.getByRole("button", { name: /^Add to Cart/ }).click();
  await expect(form.getByRole("status")).toContainText("to your cart.");
}

/** Creates an account in a throw-away context, so the test's own page stays a signed-out visitor. */
export async function createAccount(browser: Browser): Promise<{ email: string; password: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUpMember(page, { email: uniqueMemberEmail("shopper") });
  await context.close();
  return account;
}

export async function signInThroughForm(page: Page, email: string, password = MEMBER_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /^Sign In$/ }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>, databaseUrl = e2eDatabaseUrl()): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A one-size accessory of the test's own, for journeys that change stock: a unique name ending in
 * the TEST_MADE marker (e2e/events-db.ts), never featured, so no other test sells it and the shop
 * spec can tell it from the seed's eight. `databaseUrl` picks another e2e site's database (the site
 * with Stripe's, e2e/stripe.ts).
 */
export async function createProduct(
  label: string,
  { stock, priceCents = 1250, databaseUrl }: { stock: number; priceCents?: number; databaseUrl?: string },
): Promise<{ slug: string; name: string }> {
  const name = testMadeTitle(label);
  const slug = kebab(name);
  await withClient(async (client) => {
    await client.query(
      `with product as (
         insert into products (slug, name, description, category, price_cents, image_path, image_alt, released_at)
         values ($1, $2, 'A product made by a browser test.', 'accessories', $3, '/images/products/fitness-journal.webp', 'A test product', now())
         returning id
       )
       insert into product_variants (product_id, size, stock) select id, null, $4 from product`,
      [slug, name, priceCents, stock],
    );
  }, databaseUrl);
  return { slug, name };
}

/** What is left of a one-size product. */
export async function stockOf(slug: string, databaseUrl?: string): Promise<number> {
  return withClient(async (client) => {
    const { rows } = await client.query<{ stock: number }>(
      "select stock from product_variants where product_id = (select id from products where slug = $1) and size is null",
      [slug],
    );
    return rows[0]!.stock;
  }, databaseUrl);
}

/** How many orders were placed with this contact email. */
export async function countOrders(email: string): Promise<number> {
  return withClient(async (client) => Number((await client.query<{ n: string }>("select count(*) as n from orders where email = $1", [email])).rows[0]!.n));
}

/** Direct database access for stock set-ups the UI cannot make (a product selling out meanwhile). */
export async function setStock(slug: string, stock: number): Promise<void> {
  await withClient((client) =>
    client.query("update product_variants set stock = $2 where product_id = (select id from products where slug = $1) and size is null", [slug, stock]),
  );
}

/**
 * Puts a product in the cart of `client` (a browser page: its context's cookie jar; or an HTTP request
 * context) with Add to Cart's plain form post, as a set-up step: adding through the product page is
 * tested in cart.spec.ts. `size` picks an apparel size; `site` another e2e site than the project's.
 */
export async function addToCartByPost(
  client: Page | APIRequestContext,
  slug: string,
  { size, site }: { size?: string; site?: { url: string; databaseUrl: string } } = {},
): Promise<void> {
  const variantId = await withClient(async (db) => {
    const { rows } = await db.query<{ id: number }>(
      "select id from product_variants where product_id = (select id from products where slug = $1) and size is not distinct from $2",
      [slug, size ?? null],
    );
    if (!rows[0]) throw new Error(`no variant of ${slug}${size ? ` in size ${size}` : ""}`);
    return rows[0].id;
  }, site?.databaseUrl);
  const baseURL = site?.url ?? test.info().project.use.baseURL!;
  const request = "request" in client ? client.request : client;
  const response = await request.post(new URL("/shop/cart/add", baseURL).href, {
    form: { variantId: String(variantId), quantity: "1", returnTo: `/shop/${slug}` },
    headers: { Origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  expect(response.status(), `${slug} added to the cart`).toBe(303);
}
