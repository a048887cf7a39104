/**
 * The orders desk, as staff on a laptop and on a phone: a guest's pay-at-pickup order is found by its
 * number, marked paid and picked up; another is cancelled and its stock comes back; the desk works
 * without JavaScript; the CSV export is for staff only. Each test places its own orders; the stock it
 * counts is a hoodie size no other spec buys (one size per project, so the two never share it).
 */
import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { e2eDatabaseUrl } from "./e2e-database";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";
import { addFromProductPage } from "./shop-helpers";
import { createOrder, setRole } from "./staff-db";
import { signedInAs } from "./staff-session";
import { postedStatus } from "./page-helpers";

// Each journey places orders as a guest and signs a member up first: more than the default 30 s on a busy machine.
test.beforeEach(() => test.slow());

const uniqueEmail = (label: string) => `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The hoodie size this project counts: nobody else buys it. */
const hoodieSize = () => (test.info().project.name === "desktop" ? "M" : "S");

async function hoodieStock(size: string): Promise<number> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ stock: number }>(
      "select stock from product_variants where product_id = (select id from products where slug = 'performance-hoodie') and size = $1",
      [size],
    );
    return rows[0]!.stock;
  } finally {
    await client.end();
  }
}

/** A guest in a browser of their own checks out with pay at pickup; returns the order number and their e-mail. */
async function guestPickupOrder(browser: Browser, items: [slug: string, size?: string][]): Promise<{ number: string; email: string }> {
  // The shop's Add to Cart is tested without JavaScript elsewhere; here the guest's browser has it.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  for (const [slug, size] of items) await addFromProductPage(page, slug, size);
  await page.goto("/shop/checkout");
  const email = uniqueEmail("desk-guest");
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Phone").fill("(210) 555-0142");
  await page.getByLabel("Pickup location").selectOption({ label: "Liberty Range — 4500 Range Road, Bulverde, TX" });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/[0-9a-f-]{36}$/);
  const number = (await page.getByRole("heading", { level: 2, name: /^Order VVA-/ }).textContent())!.match(/VVA-\d+/)![0];
  await context.close();
  return { number, email };
}

/** The test's own page (desktop or phone) signed in as a new staff member. */
async function signInAsStaff(page: Page): Promise<string> {
  const { email } = await signUpMember(page, { email: uniqueMemberEmail("desk") });
  await setRole(email, "staff");
  return email;
}

async function openOrder(page: Page, number: string): Promise<void> {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  // The bare number finds it as well as VVA-…
  await page.getByRole("searchbox", { name: "Order number, name or e-mail" }).fill(number.replace("VVA-", ""));
  await page.getByRole("button", { name: "Find orders" }).click();
  await expect(page.getByTestId("orders-count")).toHaveText("1 order match");
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
}

test("staff find a guest's pay-at-pickup order by number, mark it paid, then picked up", async ({ page, browser }) => {
  const order = await guestPickupOrder(browser, [["fitness-journal"]]);
  const staff = await signInAsStaff(page);
  await openOrder(page, order.number);
  await page.goto(`/admin/orders?q=${order.number}`);
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: order.number }).click();

  const actions = page.getByRole("region", { name: "Status and actions" });
  await expect(actions.getByTestId("desk-order-status")).toHaveText("Awaiting payment");
  await expect(page.getByRole("region", { name: "Pickup" })).toContainText("Liberty Range");
  await expect(page.getByRole("region", { name: "Items" })).toContainText("Fitness Journal");
  await expectNoA11yViolations(page);

  await actions.getByRole("button", { name: "Mark paid ($15.99 received)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "marked paid" })).toHaveText(`Order ${order.number} is marked paid. The buyer was e-mailed a receipt.`);
  await expect(actions.getByTestId("desk-order-status")).toHaveText("Paid · to pick up");
  const receipt = await waitForEmail(order.email, "order-paid");
  expect(receipt.subject).toBe(`Payment received for order ${order.number}`);

  await actions.getByRole("button", { name: "Mark picked up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "picked up" })).toHaveText(`Order ${order.number} is marked picked up.`);
  await expect(actions.getByTestId("desk-order-status")).toHaveText("Paid · picked up");
  await expect(actions.getByRole("button")).toHaveCount(0);
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem").filter({ hasText: "Marked paid" })).toContainText(staff);
  await expect(history.getByRole("listitem").filter({ hasText: "Marked picked up" })).toContainText(staff);
  await expectNoA11yViolations(page);

  // The dashboard no longer lists it as waiting at the desk.
  await page.goto("/admin");
  await expect(page.getByRole("region", { name: "To collect and pay at pickup" }).getByRole("link", { name: order.number })).toHaveCount(0);
});

test("staff cancel an unpaid order after confirming: its stock comes back once and the buyer is e-mailed", async ({ page, browser }) => {
  const size = hoodieSize();
  const before = await hoodieStock(size);
  const order = await guestPickupOrder(browser, [["performance-hoodie", size], ["performance-hoodie", size]]);
  expect(await hoodieStock(size)).toBe(before - 2);
  await signInAsStaff(page);

  // The dashboard links to it.
  await page.goto("/admin");
  await page.getByRole("region", { name: "To collect and pay at pickup" }).getByRole("link", { name: order.number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();

  const actions = page.getByRole("region", { name: "Status and actions" });
  await actions.getByRole("button", { name: "Cancel order" }).click();
  await expect(actions.getByText("Tick the box to confirm that the order should be cancelled.")).toBeVisible();
  const confirm = actions.getByRole("checkbox", { name: `Yes, cancel order ${order.number}: its items go back into stock and the buyer is e-mailed.` });
  await expect(confirm).toBeFocused();
  expect(await hoodieStock(size)).toBe(before - 2);

  await confirm.check();
  await actions.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "cancelled" })).toHaveText(
    `Order ${order.number} is cancelled: its items are back in stock and the buyer was e-mailed.`,
  );
  await expect(actions.getByTestId("desk-order-status")).toHaveText("Cancelled");
  expect(await hoodieStock(size)).toBe(before);
  const mail = await waitForEmail(order.email, "order-cancelled");
  expect(mail.subject).toBe(`Your order ${order.number} was cancelled`);

  // Going back and submitting again changes nothing.
  await page.goBack();
  expect(await hoodieStock(size)).toBe(before);
  await page.goto(`/admin/orders?q=${order.number}&status=cancelled`);
  await expect(page.getByTestId("order-row")).toHaveCount(1);
});

test("unknown and malformed order ids are the 404 page", async ({ page }) => {
  await signInAsStaff(page);
  for (const id of ["00000000-0000-4000-8000-000000000000", "1009", "VVA-1009", "%00", "'or'1'='1"]) {
    expect((await page.goto(`/admin/orders/${encodeURIComponent(id)}`))?.status(), id).toBe(404);
  }
  // Odd filters are no filter, never an error.
  expect((await page.goto("/admin/orders?status=x&from=2026-13-45&page=-1&where=pickup-abc&q=%25"))?.status()).toBe(200);
});

test("the CSV export: the filtered list for staff, refused to members and visitors", async ({ browser, request }) => {
  test.skip(test.info().project.name !== "desktop", "HTTP answers: one project is enough");
  const order = await guestPickupOrder(browser, [["fitness-journal"]]);
  const staff = await signedInAs(browser, "staff");
  const response = await staff.context.request.get(`/admin/orders/export?q=${order.number}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = (await response.text()).trimEnd().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${order.number},`);
  expect(lines[1]).toContain(order.email);
  expect(lines[1]).toContain("Liberty Range");

  const member = await signedInAs(browser, null);
  expect((await member.context.request.get(`/admin/orders/export?q=${order.number}`, { maxRedirects: 0 })).status()).toBe(404);
  const visitor = await request.get("/admin/orders/export", { maxRedirects: 0 });
  expect(visitor.status()).toBe(307);
  expect(visitor.headers().location).toBe(`/login?next=${encodeURIComponent("/admin/orders/export")}`);
  await Promise.all([staff.context.close(), member.context.close()]);
});

test("the desk's pages send visitors to sign in and are the 404 page to members and door volunteers", async ({ browser, request }) => {
  test.skip(test.info().project.name !== "desktop", "HTTP answers: one project is enough");
  const order = await createOrder();
  const member = await signedInAs(browser, null);
  const door = await signedInAs(browser, "door");
  for (const route of ["/admin/orders", `/admin/orders/${order.id}`]) {
    const visitor = await request.get(route, { maxRedirects: 0 });
    expect(visitor.status(), route).toBe(307);
    expect(visitor.headers().location, route).toBe(`/login?next=${encodeURIComponent(route)}`);
    expect((await member.context.request.get(route, { maxRedirects: 0 })).status(), `${route} as a member`).toBe(404);
    expect((await door.context.request.get(route, { maxRedirects: 0 })).status(), `${route} as a door volunteer`).toBe(404);
  }
  expect((await door.context.request.get("/admin/orders/export", { maxRedirects: 0 })).status()).toBe(404);
  await Promise.all([member.context.close(), door.context.close()]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("mark paid is a plain form post", async ({ page, browser }) => {
    const order = await guestPickupOrder(browser, [["fitness-journal"]]);
    await signInAsStaff(page);
    await page.goto(`/admin/orders?q=${encodeURIComponent(order.number)}`);
    await page.getByRole("link", { name: order.number }).click();
    await page.getByRole("region", { name: "Status and actions" }).getByRole("button", { name: /^Mark paid/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "marked paid" })).toHaveText(`Order ${order.number} is marked paid. The buyer was e-mailed a receipt.`);
    await expect(page.getByTestId("desk-order-status")).toHaveText("Paid · to pick up");
    await waitForEmail(order.email, "order-paid");
  });

  test("cancelling asks for the ticked box first", async ({ page, browser }) => {
    const order = await guestPickupOrder(browser, [["fitness-journal"]]);
    await signInAsStaff(page);
    await page.goto(`/admin/orders?q=${encodeURIComponent(order.number)}`);
    await page.getByRole("link", { name: order.number }).click();
    const actions = page.getByRole("region", { name: "Status and actions" });
    expect(await postedStatus(page, actions.getByRole("button", { name: "Cancel order" }))).toBe(422);
    await expect(page.getByText("Tick the box to confirm that the order should be cancelled.")).toBeVisible();
    await expect(page.getByTestId("desk-order-status")).toHaveText("Awaiting payment");
    await page.getByRole("checkbox", { name: /^Yes, cancel order/ }).check();
    await page.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByRole("status").filter({ hasText: "cancelled" })).toContainText(`Order ${order.number} is cancelled`);
    await waitForEmail(order.email, "order-cancelled");
  });
});

test("without Stripe keys, a pay-later order's page says why no pay-by-card link can be sent", async ({ browser }) => {
  const order = await createOrder({ totalCents: 1500 });
  const staff = await signedInAs(browser, "staff");
  const page = await staff.context.newPage();
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByText("No pay-by-card link can be sent: card payments are not set up on this site (no Stripe keys).")).toBeVisible();
  await expect(page.getByRole("button", { name: /pay-by-card link/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark paid ($15.00 received)" })).toBeVisible();
  await staff.context.close();
});
