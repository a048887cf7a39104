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

/** Direct database access for stock set-ups the UI cannot make (a product selling out meanwhile). */
export async function setStock(slug: string, stock: number): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      "update product_variants set stock = $2 where product_id = (select id from products where slug = $1) and size is null",
      [slug, stock],
    );
  } finally {
    await client.end();
  }
}
