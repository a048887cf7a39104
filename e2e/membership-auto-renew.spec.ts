/**
 * Automatic yearly renewal of a membership by card (ADR 0021), end to end on the e2e site with Stripe
 * keys (e2e/stripe.ts): a Premium member turns it on from the membership tab, finishes the stand-in's
 * "Stripe Checkout" (nothing due today, then the plan's price every year from the expiry), comes back to
 * the tab that says when the card will be charged, and cancels it in the stand-in's customer portal.
 * Time is the site's injected clock (E2E_CLOCK_START), never today's date.
 */
import type { Page } from "@playwright/test";
import { E2E_CLOCK_START } from "./clock";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember } from "./member";
import { waitForEmail } from "./outbox";
import { query } from "./staff-db";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "./stripe";

test.use({ baseURL: siteWithStripeUrl() });

const DAY = 24 * 3_600_000;
/** The member's year ends 100 days after the site's clock starts: September 28, 2027, in Chicago. */
const renewsOn = new Date(new Date(E2E_CLOCK_START).getTime() + 100 * DAY);
const RENEWS_ON = "September 28, 2027";

async function premiumMember(page: Page): Promise<string> {
  const db = siteWithStripeDatabaseUrl();
  const { email } = await signUpMember(page, { site: { url: siteWithStripeUrl(), databaseUrl: db } });
  await query(
    `insert into memberships (user_id, plan, started_at, renews_on) select id, 'premium', $2::timestamptz - interval '1 year', $2 from "user" where email = $1`,
    [email, renewsOn],
    db,
  );
  return email;
}

const section = (page: Page) => page.getByTestId("auto-renew");

test("a Premium member turns on automatic renewal without being charged today, then cancels it in Stripe's portal", async ({ page }) => {
  const email = await premiumMember(page);
  await page.goto("/profile?tab=membership");
  await expect(section(page).getByTestId("auto-renew-offer")).toHaveText(
    `Let your card renew Premium each year for $99.00: the first charge is on ${RENEWS_ON}, when your current year ends. Cancel at any time; the time you have paid for stays.`,
  );
  await expectNoA11yViolations(page);
  await section(page).getByRole("button", { name: "Renew automatically each year" }).click();

  await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl() && url.pathname.startsWith("/c/pay/cs_"));
  await expect(page.getByTestId("amount-due")).toHaveText("$0.00");
  await expect(page.getByTestId("billing-interval")).toHaveText("today, then $99.00 every year from 9/28/2027");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/profile\?tab=membership&auto-renew=started#auto-renew$/);
  await expect(section(page).getByRole("status")).toContainText("Automatic renewal is set up.");
  await expect(section(page).getByTestId("auto-renew-state")).toHaveText(
    `Renews automatically on ${RENEWS_ON}: your card will be charged $99.00 that day, and each year after. We e-mail you 30 and 7 days before each charge.`,
  );
  expect((await waitForEmail(email, "membership-auto-renew-on", siteWithStripeDatabaseUrl())).textBody).toContain(`On ${RENEWS_ON}, when your membership expires`);
  await expectNoA11yViolations(page);

  await section(page).getByRole("button", { name: "Manage card or cancel" }).click();
  await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl() && url.pathname.startsWith("/p/session/bps_"));
  await expect(page.getByText("$99.00 every year")).toBeVisible();
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("canceled");
  await page.getByRole("link", { name: "Return to the site" }).click();

  await expect(page).toHaveURL(/\/profile\?tab=membership#auto-renew$/);
  await expect(section(page).getByRole("button", { name: "Renew automatically each year" })).toBeVisible();
  await expect(page.getByTestId("membership-standing")).toContainText(`runs until ${RENEWS_ON}`);
  expect((await waitForEmail(email, "membership-auto-renew-off", siteWithStripeDatabaseUrl())).textBody).toContain("no more charges will be made");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("turning it on is a plain form post that goes to Stripe Checkout", async ({ page }) => {
    await premiumMember(page);
    await page.goto("/profile?tab=membership");
    await section(page).getByRole("button", { name: "Renew automatically each year" }).click();
    await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl() && url.pathname.startsWith("/c/pay/cs_"));
    await page.getByRole("link", { name: "Cancel and go back" }).click();
    await expect(page).toHaveURL(/auto-renew=not-started#auto-renew$/);
    await expect(section(page).getByRole("status")).toHaveText("Automatic renewal was not set up: you left Stripe's page before finishing. Nothing was charged.");
  });
});
