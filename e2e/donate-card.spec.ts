/**
 * Card gifts in a browser, on the e2e site with Stripe keys (e2e/stripe.ts): the donate form with
 * JavaScript (its running total, the button that says where it goes, the monthly label by CSS) sends
 * the donor to the stand-in's "Stripe Checkout" page (test/stripe-stand-in.ts) and back to the thank-you
 * page; axe on the form, the thank-you page and a monthly gift's manage page. What the server answers
 * (the plain posts, the webhooks and their replay, receipts, a month's renewal, the customer portal,
 * tributes, a cancelled payment, a pledge): e2e/http/donate-card.spec.ts.
 */
import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "./stripe";

test.use({ baseURL: siteWithStripeUrl() });

async function fillDonor(page: Page, email: string) {
  await page.getByRole("textbox", { name: "Your name" }).fill("Avery Brooks");
  await page.getByRole("textbox", { name: "Your email" }).fill(email);
}

/** A monthly gift of $25.00 paid by another device through the plain forms; the manage link of its receipt. */
async function monthlyGiftManageLink(playwright: PlaywrightWorkerArgs["playwright"]): Promise<string> {
  const email = uniqueMemberEmail("monthly-gift");
  const context = await playwright.request.newContext({ baseURL: siteWithStripeUrl() });
  const donor = new TextBrowser(context, siteWithStripeUrl());
  const stripe = await (await donor.get("/donate"))
    .form({ button: "Continue" })
    .check("Monthly")
    .check("$25")
    .fill(/^Your name/, "Avery Brooks")
    .fill(/^Your email/, email)
    .submit("Continue");
  const thanked = await stripe.form({ button: "Donate" }).submit("Donate");
  expect(thanked.heading(2)).toContain("Your monthly gift of $25.00");
  await context.dispose();
  const receipt = await waitForEmail(email, "donation-receipt", siteWithStripeDatabaseUrl());
  return /(http\S+\/donate\/manage\?token=[A-Za-z0-9_-]{43})/.exec(receipt.textBody)![1]!;
}

test("a card gift with JavaScript: the total follows the choices; a one-time gift with the fee covered is paid on Stripe Checkout and thanked; axe on the form, the thank-you and a monthly gift's manage page", async ({ page, playwright }) => {
  const email = uniqueMemberEmail("card-gift");
  await page.goto("/donate");
  const form = page.getByRole("form", { name: "Make a gift" });
  await expect(form.getByRole("radio", { name: "One-time" })).toBeChecked();
  await expect(form.getByRole("group", { name: "Amount", exact: true })).toBeVisible();
  await form.getByRole("radio", { name: "Monthly" }).check();
  await expect(form.getByRole("group", { name: "Amount each month" })).toBeVisible();
  await form.getByRole("radio", { name: "$25", exact: true }).check();
  await expect(page.getByTestId("donate-total")).toHaveText("Each month you give $25.00");
  await expect(form.getByRole("button", { name: "Continue to monthly gift" })).toBeVisible();

  await form.getByRole("radio", { name: "One-time" }).check();
  await form.getByRole("radio", { name: "$100", exact: true }).check();
  await form.getByRole("checkbox", { name: /Add the card processing fee \(2\.9% \+ 30¢\)/ }).check();
  await expect(page.getByTestId("donate-total")).toHaveText("You give $103.30 (your gift plus $3.30 for the card fee)");
  await fillDonor(page, email);
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Continue to secure payment" }).click();

  await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl() && url.pathname.startsWith("/c/pay/cs_"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stripe Checkout");
  await expect(page.getByTestId("amount-due")).toHaveText("$103.30");
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByRole("button", { name: "Donate" }).click();

  await expect(page).toHaveURL((url) => url.origin === siteWithStripeUrl() && url.pathname === "/donate/thank-you" && url.search === `?session_id=${sessionId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Your gift of $103.30" })).toBeVisible();
  await expect(page.getByTestId("gift-status")).toContainText("Stripe has confirmed your payment. Receipt ");
  await expectNoA11yViolations(page);

  await page.goto(await monthlyGiftManageLink(playwright));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage your monthly gift");
  await expect(page.getByTestId("plan-status")).toHaveText("This gift is active.");
  await expectNoA11yViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the amount is just 'Amount' whatever is chosen: without JavaScript the page cannot follow the choice, and says nothing it could get wrong", async ({ page }) => {
    await page.goto("/donate");
    const form = page.getByRole("form", { name: "Make a gift" });
    await expect(form.getByRole("group", { name: "Amount", exact: true })).toBeVisible();
    await form.getByRole("radio", { name: "Monthly" }).check();
    await expect(form.getByRole("group", { name: "Amount", exact: true })).toBeVisible();
    await expect(form).not.toContainText("each month");
  });
});
