import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember } from "./member";
import { countEmails, waitForEmail } from "./outbox";
import { addFromProductPage, badge, countOrders, createProduct, setStock, signInThroughForm } from "./shop-helpers";

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Phone").fill("(210) 555-0142");
}

const uniqueEmail = (label: string) => `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test("a guest checks out with pay at pickup, end to end", { tag: "@two-servers" }, async ({ page }) => {
  await addFromProductPage(page, "insulated-water-bottle");
  await addFromProductPage(page, "veteran-strong-tshirt", "L");
  await page.goto("/shop/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/shop\/checkout$/);

  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByTestId("summary-lines")).toContainText("1 × Water Bottle");
  await expect(summary.getByTestId("summary-lines")).toContainText("1 × Veteran Strong T-Shirt (size L)");
  // Pickup is the default: free, so the total is the subtotal.
  await expect(summary.getByTestId("summary-shipping")).toHaveText("Free (pickup)", { useInnerText: true });
  await expect(summary.getByTestId("summary-total")).toHaveText("$49.98", { useInnerText: true });
  await page.getByText("Ship to my address").click();
  await expect(summary.getByTestId("summary-shipping")).toHaveText("$7.95", { useInnerText: true });
  await expect(summary.getByTestId("summary-total")).toHaveText("$57.93", { useInnerText: true });
  await page.getByText("Pick up at a training location").click();
  await expectNoA11yViolations(page);

  const email = uniqueEmail("guest");
  await fillContact(page, email);
  await page.getByLabel("Pickup location").selectOption({ label: "Liberty Range — 4500 Range Road, Bulverde, TX" });
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/shop\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(page.getByTestId("order-total")).toHaveText("$49.98");
  await expect(page.getByTestId("order-delivery")).toContainText("Liberty Range");
  await expect(badge(page)).toHaveText("0");
  await expectNoA11yViolations(page);

  const mail = await waitForEmail(email, "order-confirmation");
  expect(mail.subject).toMatch(/^Your order VVA-\d+ is confirmed$/);
  expect(mail.textBody).toContain("1 × Veteran Strong T-Shirt (size L) — $29.99");
  expect(mail.textBody).toContain("Pick up at: Liberty Range");
  expect(mail.textBody).toContain(page.url());

  // The order page is only for the browser that placed it.
  const url = page.url();
  const stranger = await page.context().browser()!.newContext();
  const other = await stranger.newPage();
  expect((await other.goto(url))?.status()).toBe(404);
  await stranger.close();
});

test("a shipped guest order: the link in its confirmation e-mail opens it in a fresh browser, and nothing says pay at pickup", async ({ page, browser }) => {
  await addFromProductPage(page, "veteran-strong-tshirt", "M");
  await page.goto("/shop/checkout");
  const email = uniqueEmail("shipped-guest");
  await fillContact(page, email);
  await page.getByText("Ship to my address").click();
  await page.getByLabel("Street address").fill("1 Main St");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("State").fill("TX");
  await page.getByLabel("ZIP code").fill("78701");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/[0-9a-f-]{36}$/);
  const orderNumber = (await page.getByRole("heading", { level: 2, name: /^Order VVA-\d+/ }).textContent())!.match(/VVA-\d+/)![0];

  const mail = await waitForEmail(email, "order-confirmation");
  expect(mail.replyTo).toBe("info@vanguardveterans.org");
  expect(mail.htmlBody).toContain(orderNumber);
  for (const part of [mail.textBody, mail.htmlBody ?? ""]) expect(part).not.toMatch(/pick ?up|collect/i);
  expect(mail.textBody).toContain("Payment: We will e-mail you how to pay, and ship your order once it is paid.");
  const link = /https?:\/\/\S+\/shop\/orders\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]{43}/.exec(mail.textBody)?.[0];
  expect(link, mail.textBody).toBeDefined();
  expect(mail.htmlBody).toContain(`href="${link}"`);

  // Another device: a fresh browser, no cart cookie, not signed in.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  expect((await other.goto(link!))?.status()).toBe(200);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  await expect(other.getByRole("heading", { level: 2, name: new RegExp(`^Order ${orderNumber}`) })).toBeVisible();
  await expect(other.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(other.getByTestId("order-delivery")).toContainText("1 Main St");
  await expect(other.getByRole("main")).toContainText("We will e-mail you how to pay, and ship your order once it is paid.");
  await expect(other.getByRole("main")).not.toContainText(/pick ?up/i);
  await expectNoA11yViolations(other);
  // The key opens this order only: changed by one character, or without it, it is the 404 page.
  const forged = link!.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  expect((await other.goto(forged))?.status()).toBe(404);
  expect((await other.goto(link!.replace(/\?key=.*$/, "")))?.status()).toBe(404);
  await elsewhere.close();
});

test("guest orders join an account registered later with that e-mail once the member confirms the e-mailed link", async ({ page, browser }) => {
  await addFromProductPage(page, "fitness-journal");
  await page.goto("/shop/checkout");
  const email = uniqueEmail("claim");
  await fillContact(page, email);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\//);
  const orderNumber = (await page.getByRole("main").getByText(/VVA-\d+/).first().textContent())!.match(/VVA-\d+/)![0];

  // Another browser signs up with the address (not confirmed yet): the guest order does not show up by itself.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const member = await context.newPage();
  await signUpMember(member, { email, confirm: false });
  await signInThroughForm(member, email);
  await member.goto("/profile?tab=orders");
  await expect(member.getByRole("tabpanel").getByText("No orders yet.")).toBeVisible();

  const mail = await waitForEmail(email, "claim-orders");
  const link = /https?:\/\/\S+/.exec(mail.textBody)![0];
  // The link only works for the account it was sent for: another member signed in here is refused.
  await signUpMember(page);
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Add them to my account" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("This link is not valid for the account you are signed in to");
  await expectNoA11yViolations(page);

  await member.goto(link);
  await expect(member.getByRole("main")).toContainText(`Add the orders placed as a guest with ${email}`);
  await expectNoA11yViolations(member);
  await member.getByRole("button", { name: "Add them to my account" }).click();
  await expect(member.getByRole("main").getByRole("status")).toHaveText("1 earlier order was added to your account.");
  await member.getByRole("link", { name: "My orders" }).click();
  await expect(member.getByTestId("profile-order")).toHaveCount(1);
  await expect(member.getByTestId("profile-order")).toContainText(orderNumber);
  await context.close();
});

test("shipping needs an address: errors in place, focus on the first, and what was typed is kept", async ({ page }) => {
  await addFromProductPage(page, "fitness-journal");
  await page.goto("/shop/checkout");
  await fillContact(page, uniqueEmail("ship"));
  await page.getByText("Ship to my address").click();
  await page.getByLabel("City").fill("San Antonio");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please correct the highlighted fields.");
  await expect(page.getByLabel("Street address")).toBeFocused();
  await expect(page.getByText("Street address is required for shipping.")).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("San Antonio");
  await expectNoA11yViolations(page);

  await page.getByLabel("Street address").fill("12 Alamo Plaza");
  await page.getByLabel("State").fill("TX");
  await page.getByLabel("ZIP code").fill("78205");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\//);
  await expect(page.getByTestId("order-total")).toHaveText("$23.94");
  await expect(page.getByTestId("order-delivery")).toContainText("12 Alamo Plaza");
});

test("an item that sells out before checkout gets a clear message and nothing is ordered", async ({ page }) => {
  // A product of this test's own (per project and repeat): it sells out here, and nobody else sells it.
  const { slug, name } = await createProduct("Range Gloves", { stock: 30 });
  await addFromProductPage(page, slug);
  await page.goto("/shop/checkout");
  const email = uniqueEmail("soldout");
  await fillContact(page, email);
  await setStock(slug, 0);
  await page.getByRole("button", { name: "Place order" }).click();
  const alerts = page.getByRole("main").getByRole("alert");
  await expect(alerts.filter({ hasText: `Sorry, ${name} is out of stock` })).toBeVisible();
  // The refreshed page also flags the cart itself.
  await expect(alerts.filter({ hasText: "Some items in your cart have sold out" })).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/checkout$/);
  expect(await countOrders(email)).toBe(0);
  expect(await countEmails(email, "order-confirmation")).toBe(0);
  await page.goto("/shop/cart");
  await expect(page.getByTestId("cart-line")).toContainText("This item has sold out since you added it.");
  await page.goto(`/shop/${slug}`);
  await expect(page.getByRole("main").getByRole("button", { name: /^Out of stock/ }).first()).toBeDisabled();
});

test("a member's order shows in the profile's Orders tab; a membership upgrade is bought through the same checkout", { tag: "@two-servers" }, async ({ page }) => {
  const { email } = await signUpMember(page);
  await addFromProductPage(page, "tactical-cap");
  await page.goto("/shop/checkout");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await page.getByLabel("Full name").fill("Alex Member");
  await page.getByLabel("Phone").fill("512 555 0100");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\//);
  const number = (await page.getByRole("heading", { level: 2, name: /^Order VVA-/ }).textContent())!.match(/VVA-\d+/)![0];

  await page.goto("/profile?tab=orders");
  const order = page.getByTestId("profile-order");
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(number);
  await expect(order).toContainText("Awaiting payment");
  await expect(order).toContainText("Tactical Cap");
  await expectNoA11yViolations(page);

  await page.goto("/profile?tab=membership");
  await page.getByRole("button", { name: "Upgrade to Premium" }).click();
  await expect(page).toHaveURL(/\/shop\/cart\?notice=membership$/);
  await expect(page.getByTestId("cart-line")).toContainText("Premium Membership (1 year)");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("group", { name: "Delivery" })).toHaveCount(0);
  await expect(page.getByTestId("summary-total")).toHaveText("$99.00", { useInnerText: true });
  await page.getByLabel("Full name").fill("Alex Member");
  await page.getByLabel("Phone").fill("512 555 0100");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\//);
  await page.goto("/profile?tab=membership");
  await expect(page.getByTestId("pending-upgrade")).toContainText("Premium upgrade");
  await expect(page.getByTestId("pending-upgrade")).toContainText("starts once it is paid");
});
