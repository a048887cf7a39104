/**
 * Card gifts end to end on the e2e site with Stripe keys (e2e/stripe.ts): the donate form sends the
 * donor to the stand-in's "Stripe Checkout" page (test/stripe-stand-in.ts) — payment mode for a
 * one-time gift, subscription mode for a monthly one — whose "Donate" button sends signed webhooks
 * to the site's real route and brings the donor back to the thank-you page. A monthly donor manages
 * the gift from the link in their receipt, through the stand-in's customer portal.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";
import { query } from "./staff-db";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "./stripe";

test.use({ baseURL: siteWithStripeUrl() });

const db = () => siteWithStripeDatabaseUrl();

interface GiftRow {
  status: string;
  frequency: string;
  total_cents: number;
  fee_cents: number;
  receipt_number: string | null;
  stripe_checkout_session_id: string | null;
}

async function giftsOf(email: string): Promise<GiftRow[]> {
  return query<GiftRow>("select status, frequency, total_cents, fee_cents, receipt_number, stripe_checkout_session_id from donations where donor_email = $1 order by number", [email], db());
}

async function mailCount(to: string, kind: string): Promise<number> {
  const [row] = await query<{ n: string }>("select count(*) as n from email_outbox where to_address = $1 and kind = $2", [to, kind], db());
  return Number(row!.n);
}

async function fillDonor(page: Page, email: string) {
  await page.getByRole("textbox", { name: "Your name" }).fill("Avery Brooks");
  await page.getByRole("textbox", { name: "Your e-mail" }).fill(email);
}

/** Waits for the stand-in's Checkout page and returns its session id. */
async function onStripeCheckout(page: Page, amount: string): Promise<string> {
  await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl() && url.pathname.startsWith("/c/pay/cs_"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stripe Checkout");
  await expect(page.getByTestId("amount-due")).toHaveText(amount);
  return new URL(page.url()).pathname.split("/").pop()!;
}

async function standIn(page: Page, path: string): Promise<{ status: number; body: string }> {
  const response = await page.request.post(`${stripeStandInUrl()}/_stand-in/${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { status: number; body: string };
}

test("a one-time gift with the card fee covered: paid on Stripe Checkout, receipted once, even when the webhook comes again", async ({ page }) => {
  const email = uniqueMemberEmail("card-gift");
  await page.goto("/donate");
  const form = page.getByRole("form", { name: "Make a gift" });
  await expect(form.getByRole("radio", { name: "One-time" })).toBeChecked();
  await form.getByRole("radio", { name: "$100", exact: true }).check();
  await form.getByRole("checkbox", { name: /Add the card processing fee \(2\.9% \+ 30¢\)/ }).check();
  await expect(page.getByTestId("donate-total")).toHaveText("You give $103.30 (your gift plus $3.30 for the card fee)");
  await fillDonor(page, email);
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Continue to secure payment" }).click();

  const sessionId = await onStripeCheckout(page, "$103.30");
  await expect(page.getByRole("table", { name: "Items" })).toContainText("includes the $3.30 card fee you chose to cover");
  await page.getByRole("button", { name: "Donate" }).click();

  await expect(page).toHaveURL((url) => url.origin === siteWithStripeUrl() && url.pathname === "/donate/thank-you" && url.search === `?session_id=${sessionId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Your gift of $103.30" })).toBeVisible();
  const [gift] = await giftsOf(email);
  expect(gift).toMatchObject({ status: "paid", frequency: "one_time", total_cents: 10330, fee_cents: 330, stripe_checkout_session_id: sessionId });
  await expect(page.getByTestId("gift-status")).toHaveText(`Stripe has confirmed your payment. Receipt ${gift!.receipt_number} is on its way to your e-mail.`);
  await expectNoA11yViolations(page);

  const receipt = await waitForEmail(email, "donation-receipt", db());
  expect(receipt.textBody).toContain(`Receipt number: ${gift!.receipt_number}`);
  expect(receipt.textBody).toContain("Amount: $103.30 (your gift of $100.00 plus $3.30 you added to cover the card processing fee)");
  expect(receipt.textBody).toContain("No goods or services were provided in exchange for this contribution.");

  const replay = await standIn(page, `checkout/sessions/${sessionId}/resend-webhook`);
  expect({ status: replay.status, body: JSON.parse(replay.body) }).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
  expect(await giftsOf(email)).toEqual([gift]);
  expect(await mailCount(email, "donation-receipt")).toBe(1);
});

test("a monthly gift: Stripe subscription mode; each month's receipt links to the customer portal, where the donor cancels", async ({ page }) => {
  test.slow(); // two sites, a renewal and three axe scans
  const email = uniqueMemberEmail("monthly-gift");
  await page.goto("/donate");
  const form = page.getByRole("form", { name: "Make a gift" });
  await expect(form.getByRole("group", { name: "Amount", exact: true })).toBeVisible();
  await form.getByRole("radio", { name: "Monthly" }).check();
  await expect(form.getByRole("group", { name: "Amount each month" })).toBeVisible();
  await form.getByRole("radio", { name: "$25", exact: true }).check();
  await expect(page.getByTestId("donate-total")).toHaveText("Each month you give $25.00");
  await fillDonor(page, email);
  await form.getByRole("button", { name: "Continue to monthly gift" }).click();

  await onStripeCheckout(page, "$25.00");
  await expect(page.getByTestId("billing-interval")).toHaveText("every month");
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Your monthly gift of $25.00" })).toBeVisible();
  await expect(page.getByTestId("gift-status")).toContainText("Stripe has confirmed your payment.");

  // The next month is charged: a second receipt with a number of its own.
  const [plan] = await query<{ stripe_subscription_id: string }>("select stripe_subscription_id from recurring_donations where donor_email = $1", [email], db());
  const renewal = await standIn(page, `subscriptions/${plan!.stripe_subscription_id}/renew`);
  expect(JSON.parse(renewal.body)).toEqual({ received: true, outcome: "receipted" });
  const gifts = await giftsOf(email);
  expect(gifts.map((g) => [g.frequency, g.status, g.total_cents])).toEqual([
    ["monthly", "paid", 2500],
    ["monthly", "paid", 2500],
  ]);
  expect(gifts[0]!.receipt_number).not.toBe(gifts[1]!.receipt_number);
  expect(await mailCount(email, "donation-receipt")).toBe(2);

  const receipt = await waitForEmail(email, "donation-receipt", db());
  expect(receipt.textBody).toContain("Monthly gift, this month's card payment");
  const link = /(http\S+\/donate\/manage\?token=[A-Za-z0-9_-]{43})/.exec(receipt.textBody)?.[1];
  expect(link, "the receipt links to managing the gift").toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage your monthly gift");
  await expect(page.getByRole("heading", { level: 2, name: "Your monthly gift of $25.00" })).toBeVisible();
  await expect(page.getByTestId("plan-status")).toHaveText("This gift is active.");
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Manage or cancel on Stripe" }).click();
  await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl() && url.pathname.startsWith("/p/session/bps_"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing portal");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("canceled");
  await page.getByRole("link", { name: "Return to the site" }).click();
  await expect(page.getByTestId("plan-status")).toHaveText("This gift has ended: no further payments will be taken.");
  const ended = await waitForEmail(email, "donation-monthly-ended", db());
  expect(ended.textBody).toContain("Your monthly gift of $25.00");
});

test("a gift in honor of someone tells the person named, after payment, without the amount", async ({ page }) => {
  const email = uniqueMemberEmail("tribute-gift");
  const family = uniqueMemberEmail("tribute-family");
  await page.goto("/donate");
  const form = page.getByRole("form", { name: "Make a gift" });
  await form.getByRole("textbox", { name: "Other amount (US dollars)" }).fill("60");
  await form.getByRole("radio", { name: "In honor of" }).check();
  await form.getByRole("textbox", { name: "Their name", exact: true }).fill("Lt. Sam Okafor");
  await form.getByRole("textbox", { name: "Tell someone: their e-mail" }).fill(family);
  await fillDonor(page, email);
  await form.getByRole("button", { name: "Continue to secure payment" }).click();
  await onStripeCheckout(page, "$60.00");
  expect(await mailCount(family, "donation-tribute"), "nobody is told before the gift is paid").toBe(0);
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page.getByTestId("gift-status")).toContainText("Stripe has confirmed your payment.");

  const notice = await waitForEmail(family, "donation-tribute", db());
  expect(notice.subject).toBe("A gift in honor of Lt. Sam Okafor");
  expect(notice.textBody).toContain("Avery Brooks has made a gift to the Vanguard Veterans Association in honor of Lt. Sam Okafor");
  expect(notice.textBody).not.toMatch(/\$|60/);
  expect((await waitForEmail(email, "donation-receipt", db())).textBody).toContain("In honor of: Lt. Sam Okafor");
});

test("cancelling on Stripe Checkout comes back to the donate page: nothing was charged", async ({ page }) => {
  const email = uniqueMemberEmail("card-cancel");
  await page.goto("/donate");
  await fillDonor(page, email);
  await page.getByRole("button", { name: "Continue to secure payment" }).click();
  await onStripeCheckout(page, "$50.00");
  await page.getByRole("link", { name: "Cancel and go back" }).click();
  await expect(page).toHaveURL((url) => url.origin === siteWithStripeUrl() && url.pathname === "/donate" && url.search === "?gift=cancelled");
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your gift was not completed, and nothing was charged. You can try again below.");
  expect(await giftsOf(email)).toMatchObject([{ status: "pending", receipt_number: null }]);
  expect(await mailCount(email, "donation-receipt")).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a one-time gift posts the form, pays on Stripe Checkout and comes back thanked", async ({ page }) => {
    const email = uniqueMemberEmail("nojs-card");
    await page.goto("/donate");
    const form = page.getByRole("form", { name: "Make a gift" });
    await form.getByRole("radio", { name: "Monthly" }).check();
    await expect(form.getByRole("group", { name: "Amount each month" })).toBeVisible(); // by CSS alone
    await form.getByRole("radio", { name: "One-time" }).check();
    await form.getByRole("radio", { name: "$250", exact: true }).check();
    await fillDonor(page, email);
    await form.getByRole("button", { name: "Continue" }).click();
    await onStripeCheckout(page, "$250.00");
    await page.getByRole("button", { name: "Donate" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Your gift of $250.00" })).toBeVisible();
    expect(await giftsOf(email)).toMatchObject([{ status: "paid", total_cents: 25000 }]);
  });

  test("a gift to be given by check is pledged, even on a site that takes cards", async ({ page }) => {
    const email = uniqueMemberEmail("nojs-card-pledge");
    await page.goto("/donate");
    const form = page.getByRole("form", { name: "Make a gift" });
    await form.getByRole("radio", { name: "By check or cash (a pledge)" }).check();
    await form.getByRole("checkbox", { name: /Add the card processing fee/ }).check();
    await fillDonor(page, email);
    await form.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Thank you! Your pledge is recorded" })).toBeVisible();
    // A check carries no card fee.
    expect(await giftsOf(email)).toMatchObject([{ status: "pledged", total_cents: 5000, fee_cents: 0 }]);
  });
});
