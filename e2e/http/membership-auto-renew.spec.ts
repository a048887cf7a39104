/**
 * Automatic yearly renewal of a membership by card (ADR 0021) as the server answers it, on the e2e site
 * with Stripe keys (e2e/stripe.ts), without JavaScript: turning it on is a plain form post that redirects
 * to the stand-in's "Stripe Checkout" (nothing due today, then the plan's price every year from the
 * expiry); its Pay button and the customer portal's Cancel are plain forms too; the emails that confirm
 * each step. The journey with JavaScript and axe: e2e/membership-auto-renew.spec.ts. Time is the site's
 * injected clock (E2E_CLOCK_START), never today's date.
 */
import { E2E_CLOCK_START } from "../clock";
import { waitForEmail } from "../outbox";
import { query } from "../staff-db";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "../stripe";
import { expect, test } from "./fixtures";
import type { HttpPage, TextBrowser } from "./text-browser";

test.use({ baseURL: siteWithStripeUrl() });

const DAY = 24 * 3_600_000;
/** The member's year ends 100 days after the site's clock starts: September 28, 2027, in Chicago. */
const renewsOn = new Date(new Date(E2E_CLOCK_START).getTime() + 100 * DAY);
const RENEWS_ON = "September 28, 2027";
const site = () => ({ url: siteWithStripeUrl(), databaseUrl: siteWithStripeDatabaseUrl() });

type SignedIn = (role: null, site: { url: string; databaseUrl: string }) => Promise<{ browser: TextBrowser; email: string }>;

async function premiumMember(signedIn: SignedIn): Promise<{ member: TextBrowser; email: string }> {
  const { browser: member, email } = await signedIn(null, site());
  await query(
    `insert into memberships (user_id, plan, started_at, renews_on) select id, 'premium', $2::timestamptz - interval '1 year', $2 from "user" where email = $1`,
    [email, renewsOn],
    site().databaseUrl,
  );
  return { member, email };
}

const section = (page: HttpPage) => page.byTestId("auto-renew")[0]!;

function onStripe(page: HttpPage, path: RegExp) {
  expect(page.url.origin, `the stand-in, not ${page.url.href}`).toBe(stripeStandInUrl());
  expect(page.url.pathname).toMatch(path);
}

test("a Premium member turns on automatic renewal without being charged today, then cancels it in Stripe's portal", async ({ signedIn }) => {
  const { member, email } = await premiumMember(signedIn);
  const tab = await member.get("/profile?tab=membership");
  expect(tab.text("[data-testid=auto-renew-offer]")).toBe(
    `Let your card renew Premium each year for $99.00: the first charge is on ${RENEWS_ON}, when your current year ends. Cancel at any time; the time you have paid for stays.`,
  );
  const stripe = await tab.form({ button: "Renew automatically each year" }).submit("Renew automatically each year");
  onStripe(stripe, /^\/c\/pay\/cs_/);
  expect(stripe.text("[data-testid=amount-due]")).toBe("$0.00");
  expect(stripe.text("[data-testid=billing-interval]")).toBe("today, then $99.00 every year from 9/28/2027");

  const started = await stripe.form({ button: "Pay" }).submit("Pay");
  expect(started.url.origin).toBe(siteWithStripeUrl());
  expect(started.path).toBe("/profile?tab=membership&auto-renew=started");
  expect(started.hops.at(-2)!.location).toMatch(/#auto-renew$/);
  expect(started.statuses("Automatic renewal is set up.", section(started))).toHaveLength(1);
  expect(started.text("[data-testid=auto-renew-state]")).toBe(
    `Renews automatically on ${RENEWS_ON}: your card will be charged $99.00 that day, and each year after. We email you 30 and 7 days before each charge.`,
  );
  expect((await waitForEmail(email, "membership-auto-renew-on", site().databaseUrl)).textBody).toContain(`On ${RENEWS_ON}, when your membership expires`);

  const portal = await started.form({ button: "Manage card or cancel" }).submit("Manage card or cancel");
  onStripe(portal, /^\/p\/session\/bps_/);
  expect(portal.text("main")).toContain("$99.00 every year");
  const cancelled = await portal.form({ button: "Cancel subscription" }).submit("Cancel subscription");
  expect(cancelled.text("[data-testid=subscription-status]")).toBe("canceled");

  const back = await cancelled.follow("Return to the site");
  expect(back.path).toBe("/profile?tab=membership");
  expect(cancelled.link("Return to the site").href).toMatch(/\/profile\?tab=membership#auto-renew$/);
  expect(back.buttons(section(back))).toContain("Renew automatically each year");
  expect(back.text("[data-testid=membership-standing]")).toContain(`runs until ${RENEWS_ON}`);
  expect((await waitForEmail(email, "membership-auto-renew-off", site().databaseUrl)).textBody).toContain("no more charges will be made");
});

test("turning it on is a plain form post that goes to Stripe Checkout; leaving that page sets nothing up", async ({ signedIn }) => {
  const { member } = await premiumMember(signedIn);
  const stripe = await (await member.get("/profile?tab=membership")).form({ button: "Renew automatically each year" }).submit("Renew automatically each year");
  expect(stripe.firstStatus).toBe(303);
  onStripe(stripe, /^\/c\/pay\/cs_/);
  const back = await stripe.follow("Cancel and go back");
  expect(stripe.link("Cancel and go back").href).toMatch(/auto-renew=not-started#auto-renew$/);
  expect(back.url.search).toMatch(/auto-renew=not-started$/);
  expect(back.statuses(/.*/, section(back))).toEqual(["Automatic renewal was not set up: you left Stripe's page before finishing. Nothing was charged."]);
});
