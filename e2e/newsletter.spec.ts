/**
 * The newsletter with JavaScript, on the e2e site that delivers its mail over SMTP (e2e/mail.ts): the
 * footer sign-up answers in place, the confirm and unsubscribe buttons, the profile's Marketing emails
 * saving on change, and the staff desk's draft, test and send; axe on each page and state. What the
 * server does with each (double opt-in, one-click unsubscribe, the emails and their headers, the
 * refusals): e2e/http/newsletter.spec.ts.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { siteWithMail, waitForDelivered } from "./mail";
import { uniqueMemberEmail } from "./member";
import { subscriberRow, subscriberWithUnsubscribeLink } from "./newsletter-db";
import { query } from "./staff-db";
import { TextBrowser } from "./http/text-browser";
import { signedInAs } from "./staff-session";

const site = siteWithMail();
test.use({ baseURL: site.url });

/** What the footer answers every address, subscribed already or not. */
const answerFor = (email: string) => `Almost there: check ${email} for an email from us and follow it to confirm. We send no newsletter until the address is confirmed.`;

/** The link to `path` in an email's text. */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replaceAll("/", "\\/")}\\?token=[A-Za-z0-9_-]+`).exec(text);
  expect(match, `a ${path} link in the email`).not.toBeNull();
  return match![0];
}

async function subscribeInFooter(page: Page, typed: string): Promise<void> {
  const form = page.locator("footer form");
  await form.locator("input[name=email]").fill(typed);
  await form.locator("button[type=submit]").click();
  await expect(form.locator("[role=status]")).toHaveText(answerFor(typed.toLowerCase()));
}

const confirmedAt = async (email: string) => (await subscriberRow(email, site.databaseUrl))?.confirmed_at ?? null;

test("subscribe in the footer, and confirm on the link's page; the unsubscribe link's page", async ({ page }) => {
  const email = uniqueMemberEmail("reader");
  await page.goto("/");
  await subscribeInFooter(page, email);

  const link = linkIn((await waitForDelivered(email, /^Confirm your newsletter subscription/)).text, "/newsletter/confirm");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm Your Subscription");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByText(`You’re subscribed: ${email} will receive our newsletter.`)).toBeVisible();
  expect(await confirmedAt(email)).not.toBeNull();
  await expectNoA11yViolations(page);

  // Another subscriber's unsubscribe link, as anyone but its owner sees it (unsubscribing from it: the member's, below, and the HTTP spec).
  const other = uniqueMemberEmail("unsubscriber");
  await page.goto(`/newsletter/unsubscribe?token=${await subscriberWithUnsubscribeLink(other, site.databaseUrl)}`);
  await expect(page.getByText(`Stop sending our newsletter to ${other}?`)).toBeVisible();
  await expectNoA11yViolations(page);
});

test("a member's Marketing emails saves on change (waiting for the confirmation, then on, then off), and their unsubscribe link's page holds it too", async ({ browser, playwright }) => {
  const { context, email } = await signedInAs(browser, null, site);
  try {
    const page = await context.newPage();
    await page.goto("/profile?tab=settings");
    const marketing = page.getByRole("checkbox", { name: "Marketing emails" });
    await expect(marketing).not.toBeChecked();

    await marketing.check();
    await expect(page.getByText("Settings saved. To start the newsletter, open the link we just emailed you and press Confirm.")).toBeVisible();
    await expect(page.getByText("Waiting for your confirmation: open the link we emailed you and press Confirm.")).toBeVisible();

    // The member confirms from their mail app (any browser: the link is the authority).
    const link = linkIn((await waitForDelivered(email, /^Confirm your newsletter subscription/)).text, "/newsletter/confirm");
    const mailApp = await playwright.request.newContext();
    const confirmPage = await new TextBrowser(mailApp, site.url).get(new URL(link).pathname + new URL(link).search);
    await confirmPage.form({ button: "Confirm my subscription" }).submit();
    await mailApp.dispose();

    await page.goto("/profile?tab=settings");
    await expect(marketing).toBeChecked();
    await expect(page.getByText("You receive our newsletter. Every issue has a link to unsubscribe in one click.")).toBeVisible();
    await expectNoA11yViolations(page);
    await marketing.uncheck();
    await expect(page.getByText("Settings saved.", { exact: true })).toBeVisible();
    await expect.poll(() => subscriberRow(email, site.databaseUrl)).toBeUndefined();

    // Subscribed again and sent an issue: its unsubscribe link, opened by the member it names, shows their settings.
    const token = await subscriberWithUnsubscribeLink(email, site.databaseUrl);
    await page.goto(`/newsletter/unsubscribe?token=${token}`);
    const there = page.getByRole("checkbox", { name: "Marketing emails" });
    await expect(there).toBeChecked();
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText(`You’re unsubscribed: ${email}`)).toBeVisible();
    await expect(there).not.toBeChecked();
    expect(await subscriberRow(email, site.databaseUrl)).toBeUndefined();
    await expectNoA11yViolations(page);
  } finally {
    await context.close();
  }
});

test("staff create a draft, read the preview, send a test and then the issue, with JavaScript; axe on the desk's pages", async ({ browser }) => {
  test.slow();
  const reader = uniqueMemberEmail("subscriber");
  await query("insert into newsletter_subscribers (email, confirmed_at) values ($1, now())", [reader], site.databaseUrl);
  const { context, email: staffEmail } = await signedInAs(browser, "staff", site);
  const page = await context.newPage();
  const subject = `News from the range ${test.info().project.name} ${randomUUID()}`;

  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter");
  await expectNoA11yViolations(page);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Text").fill("Hello **members**,\n\n<b>no html</b>");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByLabel("Text")).toHaveAccessibleDescription(/HTML is not used here/);
  await expect(page.getByLabel("Text")).toBeFocused();
  await page.getByLabel("Text").fill("Hello **members**,\n\nThe [range day](https://example.org/range) is on Saturday.\n\n- Bring water\n- Bring ID");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/\d+$/);

  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator("strong", { hasText: "members" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText(`Test sent to ${staffEmail}`)).toBeVisible();

  const send = page.getByRole("region", { name: "Send" });
  await send.getByRole("button", { name: "Send to subscribers" }).click();
  await expect(send.getByText("Tick the box to confirm you checked the preview and the test email.")).toBeVisible();
  await send.getByRole("checkbox").check();
  await send.getByRole("button", { name: "Send to subscribers" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Sending to \d+ confirmed subscribers?\./ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/newsletter\/\d+\?sent$/);
  await waitForDelivered(reader, subject);
  await expectNoA11yViolations(page);

  await page.goto("/admin/newsletter/subscribers");
  await expect(page.getByRole("row", { name: new RegExp(reader.replaceAll(".", "\\.")) })).toContainText("Confirmed");
  await expectNoA11yViolations(page);
  await context.close();
});
