/**
 * Automatic yearly renewal of a membership by card (ADR 0021), in a browser on the e2e site with Stripe
 * keys (e2e/stripe.ts): a Premium member turns it on from the membership tab, finishes the stand-in's
 * "Stripe Checkout" (nothing due today, then the plan's price every year from the expiry), comes back to
 * the tab that says when the card will be charged, and cancels it in the stand-in's customer portal;
 * axe on the tab before and after. The plain form posts and the emails of each step:
 * e2e/http/membership-auto-renew.spec.ts. Time is the site's injected clock (E2E_CLOCK_START).
 */
import type { Browser, Page } from "@playwright/test";
import { E2E_CLOCK_START } from "./clock";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { query } from "./staff-db";
import { signedInAs } from "./staff-session";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "./stripe";

test.use({ baseURL: siteWithStripeUrl() });

const DAY = 24 * 3_600_000;
/** The member's year ends 100 days after the site's clock starts: September 28, 2027, in Chicago. */
const renewsOn = new Date(new Date(E2E_CLOCK_START).getTime() + 100 * DAY);
const RENEWS_ON = "September 28, 2027";

/** A signed-in Premium member (made in the database: signing up is tested in auth.spec.ts) and their page. */
async function premiumMember(browser: Browser): Promise<Page> {
  const db = siteWithStripeDatabaseUrl();
  const { context, email } = await signedInAs(browser, null, { url: siteWithStripeUrl(), databaseUrl: db });
  await query(
    `insert into memberships (user_id, plan, started_at, renews_on) select id, 'premium', $2::timestamptz - interval '1 year', $2 from "user" where email = $1`,
    [email, renewsOn],
    db,
  );
  return context.newPage();
}

const section = (page: Page) => page.getByTestId("auto-renew");

test("a Premium member turns on automatic renewal without being charged today, then cancels it in Stripe's portal", async ({ browser }) => {
  const page = await premiumMember(browser);
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
    `Renews automatically on ${RENEWS_ON}: your card will be charged $99.00 that day, and each year after. We email you 30 and 7 days before each charge.`,
  );
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
  await page.context().close();
});
