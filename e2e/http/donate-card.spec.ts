/**
 * Card gifts as the server answers them, on the e2e site with Stripe keys (e2e/stripe.ts), without
 * JavaScript: the donate form's plain post redirects to the stand-in's "Stripe Checkout" page
 * (test/stripe-stand-in.ts) — payment mode for a one-time gift, subscription mode for a monthly one —
 * whose Donate button is a plain form that sends signed webhooks to the site's real route and redirects
 * to the thank-you page. Receipts, a replayed webhook, a month's renewal, the customer portal reached
 * from the receipt's link, tributes, a cancelled payment and a pledge. The form with JavaScript (its
 * running total, its labels), the monthly label by CSS, and axe: e2e/donate-card.spec.ts.
 */
import { uniqueMemberEmail } from "../member";
import { waitForEmail } from "../outbox";
import { query } from "../staff-db";
import { onStripeCheckout, siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "../stripe";
import { expect, test } from "./fixtures";
import type { HttpForm, TextBrowser } from "./text-browser";

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

/** The donate form as a browser without JavaScript shows it (its button says "Continue"), with the donor filled in. */
async function giftForm(visitor: TextBrowser, email: string): Promise<HttpForm> {
  const page = await visitor.get("/donate");
  expect(page.text("#donate-form-title")).toBe("Make a gift");
  return page.form({ button: "Continue" }).fill(/^Your name/, "Avery Brooks").fill(/^Your email/, email);
}

async function standIn(visitor: TextBrowser, path: string): Promise<{ status: number; body: string }> {
  const response = await visitor.request.post(`${stripeStandInUrl()}/_stand-in/${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { status: number; body: string };
}

test("a one-time gift with the card fee covered: paid on Stripe Checkout, receipted once, even when the webhook comes again", async ({ visitor }) => {
  const email = uniqueMemberEmail("card-gift");
  const form = await giftForm(visitor, email);
  expect(form.page.control("One-time").attr("checked")).toBeDefined();
  const stripe = await form.check("$100").check(/^Add the card processing fee \(2\.9% \+ 30¢\)/).submit("Continue");

  const sessionId = onStripeCheckout(stripe, "$103.30");
  expect(stripe.text("table")).toContain("includes the $3.30 card fee you chose to cover");
  const back = await stripe.form({ button: "Donate" }).submit("Donate");
  expect(back.url.origin).toBe(siteWithStripeUrl());
  expect(back.path).toBe(`/donate/thank-you?session_id=${sessionId}`);
  expect(back.heading(2)).toContain("Your gift of $103.30");
  const [gift] = await giftsOf(email);
  expect(gift).toMatchObject({ status: "paid", frequency: "one_time", total_cents: 10330, fee_cents: 330, stripe_checkout_session_id: sessionId });
  expect(back.text("[data-testid=gift-status]")).toBe(`Stripe has confirmed your payment. Receipt ${gift!.receipt_number} is on its way to your email.`);

  const receipt = await waitForEmail(email, "donation-receipt", db());
  expect(receipt.textBody).toContain(`Receipt number: ${gift!.receipt_number}`);
  expect(receipt.textBody).toContain("Amount: $103.30 (your gift of $100.00 plus $3.30 you added to cover the card processing fee)");
  expect(receipt.textBody).toContain("No goods or services were provided in exchange for this contribution.");

  const replay = await standIn(visitor, `checkout/sessions/${sessionId}/resend-webhook`);
  expect({ status: replay.status, body: JSON.parse(replay.body) }).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
  expect(await giftsOf(email)).toEqual([gift]);
  expect(await mailCount(email, "donation-receipt")).toBe(1);
});

test("a monthly gift: Stripe subscription mode; each month's receipt links to the customer portal, where the donor cancels", async ({ visitor }) => {
  const email = uniqueMemberEmail("monthly-gift");
  const form = await giftForm(visitor, email);
  const stripe = await form.check("Monthly").check("$25").submit("Continue");

  onStripeCheckout(stripe, "$25.00");
  expect(stripe.text("[data-testid=billing-interval]")).toBe("every month");
  const back = await stripe.form({ button: "Donate" }).submit("Donate");
  expect(back.heading(2)).toContain("Your monthly gift of $25.00");
  expect(back.text("[data-testid=gift-status]")).toContain("Stripe has confirmed your payment.");

  // The next month is charged: a second receipt with a number of its own.
  const [plan] = await query<{ stripe_subscription_id: string }>("select stripe_subscription_id from recurring_donations where donor_email = $1", [email], db());
  const renewal = await standIn(visitor, `subscriptions/${plan!.stripe_subscription_id}/renew`);
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
  const manage = await visitor.get(link!);
  expect(manage.heading(1)).toBe("Manage your monthly gift");
  expect(manage.heading(2)).toContain("Your monthly gift of $25.00");
  expect(manage.text("[data-testid=plan-status]")).toBe("This gift is active.");

  const portal = await manage.form({ button: "Manage or cancel on Stripe" }).submit("Manage or cancel on Stripe");
  expect(portal.url.origin).toBe(stripeStandInUrl());
  expect(portal.url.pathname).toMatch(/^\/p\/session\/bps_/);
  expect(portal.heading(1)).toBe("Billing portal");
  const cancelled = await portal.form({ button: "Cancel subscription" }).submit("Cancel subscription");
  expect(cancelled.text("[data-testid=subscription-status]")).toBe("canceled");
  const returned = await cancelled.follow("Return to the site");
  expect(returned.text("[data-testid=plan-status]")).toBe("This gift has ended: no further payments will be taken.");
  const ended = await waitForEmail(email, "donation-monthly-ended", db());
  expect(ended.textBody).toContain("Your monthly gift of $25.00");
});

test("a gift in honor of someone tells the person named, after payment, without the amount", async ({ visitor }) => {
  const email = uniqueMemberEmail("tribute-gift");
  const family = uniqueMemberEmail("tribute-family");
  const form = (await giftForm(visitor, email))
    .fill("Other amount (US dollars)", "60")
    .check("In honor of")
    .fill("Their name", "Lt. Sam Okafor")
    .fill(/^Tell someone: their email/, family);
  const stripe = await form.submit("Continue");
  onStripeCheckout(stripe, "$60.00");
  expect(await mailCount(family, "donation-tribute"), "nobody is told before the gift is paid").toBe(0);
  const back = await stripe.form({ button: "Donate" }).submit("Donate");
  expect(back.text("[data-testid=gift-status]")).toContain("Stripe has confirmed your payment.");

  const notice = await waitForEmail(family, "donation-tribute", db());
  expect(notice.subject).toBe("A gift in honor of Lt. Sam Okafor");
  expect(notice.textBody).toContain("Avery Brooks has made a gift to the Vanguard Veterans Association in honor of Lt. Sam Okafor");
  expect(notice.textBody).not.toMatch(/\$|60/);
  expect((await waitForEmail(email, "donation-receipt", db())).textBody).toContain("In honor of: Lt. Sam Okafor");
});

test("cancelling on Stripe Checkout comes back to the donate page: nothing was charged", async ({ visitor }) => {
  const email = uniqueMemberEmail("card-cancel");
  const stripe = await (await giftForm(visitor, email)).submit("Continue");
  onStripeCheckout(stripe, "$50.00");
  const back = await stripe.follow("Cancel and go back");
  expect(back.url.origin).toBe(siteWithStripeUrl());
  expect(back.path).toBe("/donate?gift=cancelled");
  expect(back.statuses()).toEqual(["Your gift was not completed, and nothing was charged. You can try again below."]);
  expect(await giftsOf(email)).toMatchObject([{ status: "pending", receipt_number: null }]);
  expect(await mailCount(email, "donation-receipt")).toBe(0);
});

test("a one-time gift posts the form, pays on Stripe Checkout and comes back thanked", async ({ visitor }) => {
  const email = uniqueMemberEmail("nojs-card");
  // Monthly, then One-time again: the last choice is what is posted.
  const form = (await giftForm(visitor, email)).check("Monthly").check("One-time").check("$250");
  const stripe = await form.submit("Continue");
  onStripeCheckout(stripe, "$250.00");
  const back = await stripe.form({ button: "Donate" }).submit("Donate");
  expect(back.heading(2)).toContain("Your gift of $250.00");
  expect(await giftsOf(email)).toMatchObject([{ status: "paid", total_cents: 25000 }]);
});

test("a gift to be given by check is pledged, even on a site that takes cards", async ({ visitor }) => {
  const email = uniqueMemberEmail("nojs-card-pledge");
  const form = (await giftForm(visitor, email)).check("By check or cash (a pledge)").check(/^Add the card processing fee/);
  const pledged = await form.submit("Continue");
  expect(pledged.text("main h2")).toContain("Thank you! Your pledge is recorded");
  // A check carries no card fee.
  expect(await giftsOf(email)).toMatchObject([{ status: "pledged", total_cents: 5000, fee_cents: 0 }]);
});
