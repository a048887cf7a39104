/** Shared steps for the cart and checkout journeys. */
import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { e2eDatabaseUrl } from "./e2e-database";
import { expect } from "./fixtures";
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

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Direct database access for stock set-ups the UI cannot make (a product selling out meanwhile). */
export async function setStock(slug: string, stock: number): Promise<void> {
  await withClient(e2eDatabaseUrl(), (client) =>
    client.query("update product_variants set stock = $2 where product_id = (select id from products where slug = $1) and size is null", [
      slug,
      stock,
    ]),
  );
}

/**
 * A one-size product of the test's own, with its own stock, so what the test counts depends on no
 * seeded stock and no other test. It appears in that database's shop listings: create it only in a
 * database whose listings no other spec counts (the site with Stripe's, e2e/stripe.ts).
 */
export async function createProduct(
  databaseUrl: string,
  { label, priceCents, stock }: { label: string; priceCents: number; stock: number },
): Promise<{ slug: string; name: string }> {
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const slug = `e2e-${label}-${suffix}`;
  const name = `Test ${label} ${suffix}`;
  await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into products (slug, name, description, category, price_cents, image_path, image_alt, released_at)
       values ($1, $2, 'A product made by a browser test.', 'gear', $3, '/images/products/tactical-cap.webp', 'A test product', now())
       returning id`,
      [slug, name, priceCents],
    );
    await client.query("insert into product_variants (product_id, size, stock) values ($1, null, $2)", [rows[0]!.id, stock]);
  });
  return { slug, name };
}

export async function stockOf(databaseUrl: string, slug: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ stock: number }>(
      "select stock from product_variants where product_id = (select id from products where slug = $1) and size is null",
      [slug],
    );
    return rows[0]!.stock;
  });
}
