/**
 * Checkout with JavaScript: the summary following the delivery choice (announced politely), the order placed
 * in place, errors shown in place with focus on the first, the claim button, and axe on each state.
 * The server's answers (the plain form posts, 422s, the order page's texts, who may open it, the emails,
 * a sold-out item, the Orders tab and a membership upgrade): e2e/http/checkout.spec.ts. The cart is
 * filled with Add to Cart's plain post (adding from the product page: cart.spec.ts).
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { MEMBER_PASSWORD, confirmationToken, signUpMember, uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";
import { addToCartByPost, badge } from "./shop-helpers";

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Phone").fill("(210) 555-0142");
}

/** A guest of another device (an HTTP client) places an order without JavaScript; returns the order page's address. */
async function guestOrder(request: APIRequestContext, email: string, shipTo?: string): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const form = (await new TextBrowser(request, origin).get("/shop/checkout"))
    .form({ button: "Place order" })
    .fill("Full name", "Jordan Rivera")
    .fill("Email", email)
    .fill("Phone", "(210) 555-0142");
  if (shipTo) form.check(/^Ship to my address/).fill("Street address", shipTo).fill("City", "Austin").fill("State", "TX").fill("ZIP code", "78701");
  const placed = await form.submit("Place order");
  expect(placed.path).toMatch(/^\/shop\/orders\/[0-9a-f-]{36}$/);
  return placed.url.href;
}

test("a guest checks out with JavaScript: the summary follows the delivery choice and the order page follows; axe on checkout and on a pickup and a shipped order", async ({ page, playwright }) => {
  await addToCartByPost(page, "insulated-water-bottle");
  await addToCartByPost(page, "veteran-strong-tshirt", { size: "L" });
  await page.goto("/shop/checkout");

  const summary = page.getByRole("region", { name: "Order summary" });
  // Pickup is the default: free, so the total is the subtotal.
  await expect(summary.getByTestId("summary-shipping")).toHaveText("Free (pickup)", { useInnerText: true });
  await expect(summary.getByTestId("summary-total")).toHaveText("$49.98", { useInnerText: true });
  await page.getByText("Ship to my address").click();
  await expect(summary.getByTestId("summary-shipping")).toHaveText("$7.95", { useInnerText: true });
  await expect(summary.getByTestId("summary-total")).toHaveText("$57.93", { useInnerText: true });
  // Only the figures that apply are in the page (textContent, not only what CSS shows), the total is a polite live region,
  // and the no-JavaScript "Update total" button is gone.
  await expect(summary).not.toContainText("Free (pickup)");
  await expect(summary.getByTestId("summary-total")).toHaveAttribute("aria-live", "polite");
  await expect(page.getByRole("button", { name: "Update total" })).toHaveCount(0);
  await page.getByText("Pick up at a training location").click();
  await expect(summary).not.toContainText("$57.93");
  await expectNoA11yViolations(page);

  await fillContact(page, uniqueMemberEmail("guest"));
  await page.getByLabel("Pickup location").selectOption({ label: "Liberty Range — 4500 Range Road, Bulverde, TX" });
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order");
  // The page opens at its top, its heading clear of the sticky header (it once opened 192 px down). The
  // site scrolls smoothly (globals.css), so the way up from the checkout's foot takes a moment.
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2_000 }).toBe(0);
  const headerBottom = (await page.locator("body > header, header").first().boundingBox())!;
  expect((await page.getByRole("heading", { level: 1 }).boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting payment");
  await expect(page.getByTestId("order-delivery")).toContainText("Liberty Range");
  await expect(badge(page)).toHaveText("0");
  await expectNoA11yViolations(page);

  // A shipped order, opened from the link in its confirmation email by a browser that did not place it.
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await addToCartByPost(other, "veteran-strong-tshirt", { size: "M" });
  const email = uniqueMemberEmail("shipped-guest");
  await guestOrder(other, email, "1 Main St");
  await other.dispose();
  const link = /https?:\/\/\S+\/shop\/orders\/[0-9a-f-]{36}\?key=[A-Za-z0-9_-]{43}/.exec((await waitForEmail(email, "order-confirmation")).textBody)![0];
  await page.goto(link);
  await expect(page.getByTestId("order-delivery")).toContainText("1 Main St");
  await expectNoA11yViolations(page);
});

test("guest orders join an account signed up later once its owner presses Confirm on the emailed link (with JavaScript); axe on each state", async ({ browser, playwright }) => {
  const baseURL = test.info().project.use.baseURL!;
  const email = uniqueMemberEmail("claim");
  const guest = await playwright.request.newContext({ baseURL });
  await addToCartByPost(guest, "fitness-journal");
  await guestOrder(guest, email);
  await guest.dispose();

  // The address's owner signs up later; the confirmation link is the way in, and it brings the orders.
  const context = await browser.newContext({ baseURL });
  await signUpMember(context.request, { email, confirm: false });
  const signIn = await context.request.post("/api/auth/sign-in/email", { data: { email, password: MEMBER_PASSWORD }, headers: { Origin: new URL(baseURL).origin } });
  expect(signIn.status()).toBe(401); // not before the confirmation
  const member = await context.newPage();
  await member.goto(`/confirm-email?token=${encodeURIComponent(confirmationToken((await waitForEmail(email, "confirm-email")).textBody))}`);
  await expectNoA11yViolations(member);
  await member.getByRole("button", { name: "Confirm my email" }).click();
  await expect(member).toHaveURL(/\/profile\?welcome=1$/);
  await member.goto("/profile?tab=orders");
  await expect(member.getByTestId("profile-order")).toHaveCount(1);
  await expectNoA11yViolations(member);
  await context.close();
});

test("shipping needs an address: errors in place, focus on the first, and what was typed is kept", async ({ page }) => {
  await addToCartByPost(page, "fitness-journal");
  await page.goto("/shop/checkout");
  await fillContact(page, uniqueMemberEmail("ship"));
  await page.getByText("Ship to my address").click();
  await page.getByLabel("City").fill("San Antonio");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Please correct the highlighted fields.");
  await expect(page.getByLabel("Street address")).toBeFocused();
  await expect(page.getByText("Street address is required for shipping.")).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("San Antonio");
  await expectNoA11yViolations(page);
});
