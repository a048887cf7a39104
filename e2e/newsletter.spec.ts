/**
 * The newsletter, end to end, on the e2e site that delivers its mail over SMTP (e2e/mail.ts): signing
 * up in the footer and confirming from the e-mail the mail catcher received (double opt-in), the
 * unsubscribe link's page, a mail app's one-click unsubscribe (RFC 8058), and staff writing and sending
 * an issue that reaches a subscriber with its List-Unsubscribe headers.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { siteWithMail, waitForDelivered } from "./mail";
import { uniqueMemberEmail } from "./member";
import { subscriberRow, subscriberWithUnsubscribeLink } from "./newsletter-db";
import { query } from "./staff-db";
import { signedInAs } from "./staff-session";

const site = siteWithMail();
test.use({ baseURL: site.url });

/** What the footer answers every address, subscribed already or not. */
const answerFor = (email: string) => `Almost there: check ${email} for an e-mail from us and follow it to confirm. We send no newsletter until the address is confirmed.`;

/** The link to `path` in an e-mail's text. */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replaceAll("/", "\\/")}\\?token=[A-Za-z0-9_-]+`).exec(text);
  expect(match, `a ${path} link in the e-mail`).not.toBeNull();
  return match![0];
}

async function subscribeInFooter(page: Page, typed: string): Promise<void> {
  const form = page.locator("footer form");
  await form.locator("input[name=email]").fill(typed);
  await form.locator("button[type=submit]").click();
  await expect(form.locator("[role=status]")).toHaveText(answerFor(typed.toLowerCase()));
}

const confirmedAt = async (email: string) => (await subscriberRow(email, site.databaseUrl))?.confirmed_at ?? null;

test("subscribe in the footer and confirm from the e-mail; opening the link changes nothing; a second sign-up gets the same answer", async ({ page, request }) => {
  const email = uniqueMemberEmail("reader");
  await page.goto("/");
  await subscribeInFooter(page, email);

  const mail = await waitForDelivered(email, "Confirm your newsletter subscription — Vanguard Veterans");
  expect(mail.from).toBe("no-reply@vanguardveterans.org");
  expect(mail.text).toContain("press Confirm");
  expect(mail.html).toContain("Confirm my subscription");
  const link = linkIn(mail.text, "/newsletter/confirm");
  expect(link.startsWith(`${site.url}/newsletter/confirm?token=`)).toBe(true);

  // Mail scanners and link previews fetch links: a GET confirms nothing.
  expect((await request.get(link)).status()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm Your Subscription");
  await expect(page.getByText(`Confirm that ${email} should receive our newsletter`)).toBeVisible();
  expect(await confirmedAt(email)).toBeNull();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByText(`You’re subscribed: ${email} will receive our newsletter.`)).toBeVisible();
  expect(await confirmedAt(email)).not.toBeNull();
  await expectNoA11yViolations(page);

  // The link is used up.
  await page.goto(link);
  await expect(page.getByText("This confirmation link has expired or has already been used.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my subscription" })).toHaveCount(0);

  // Signing up again: the very same answer on the page; only the mailbox learns it was already subscribed.
  await page.goto("/contact");
  await subscribeInFooter(page, email.toUpperCase());
  const notice = await waitForDelivered(email, "You're already subscribed — Vanguard Veterans");
  expect(notice.text).toContain("This address is already subscribed, so nothing has changed");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("subscribe in the footer and confirm on the link's page", async ({ page }) => {
    const email = uniqueMemberEmail("nojs-reader");
    await page.goto("/about");
    await subscribeInFooter(page, email);
    const link = linkIn((await waitForDelivered(email, /^Confirm your newsletter subscription/)).text, "/newsletter/confirm");

    await page.goto(link);
    expect(await confirmedAt(email)).toBeNull();
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByText(`You’re subscribed: ${email} will receive our newsletter.`)).toBeVisible();
    expect(await confirmedAt(email)).not.toBeNull();
  });

  test("a refused sign-up answers 422 with the message beside the field", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("footer form");
    // The browser's own check lets this through (an address without a dot in its domain); ours does not.
    await form.locator("input[name=email]").fill("jane@example");
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.locator("button[type=submit]").click()]);
    expect(response.status()).toBe(422);
    await expect(form.locator("[role=status]")).toHaveText("Enter a valid e-mail address, like name@example.com.");
  });
});

test("one-click unsubscribe: a mail app's POST with no cookies is answered 200, without a redirect", async ({ playwright }) => {
  const email = uniqueMemberEmail("one-click");
  const token = await subscriberWithUnsubscribeLink(email, site.databaseUrl);
  const link = `${site.url}/newsletter/unsubscribe?token=${token}`;
  // A client of its own: no cookies, no storage, another site's origin (a webmail page) or none (its servers).
  const mailApp = await playwright.request.newContext();
  try {
    const response = await mailApp.post(link, { form: { "List-Unsubscribe": "One-Click" }, headers: { Origin: "https://mail.example.net" }, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()["location"]).toBeUndefined();
    expect(response.headers()["set-cookie"]).toBeUndefined();
    expect(await response.text()).toContain("You are unsubscribed from the newsletter.");
    expect(await subscriberRow(email, site.databaseUrl)).toBeUndefined();

    // Pressed again, multipart this time (what RFC 8058 recommends), from the provider's servers: 200 again.
    const again = await mailApp.post(link, { multipart: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
    expect(again.status()).toBe(200);

    // Without the one-click body it is not an unsubscribe; and another site's post anywhere else is still refused.
    expect((await mailApp.post(link, { form: { unsubscribe: "yes" }, headers: { Origin: "https://mail.example.net" }, maxRedirects: 0 })).status()).toBe(400);
    const forged = await mailApp.post(`${site.url}/newsletter/confirm?token=${token}`, { form: { token }, headers: { Origin: "https://mail.example.net" }, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
  } finally {
    await mailApp.dispose();
  }
});

test("the unsubscribe link opens a page with a button; opening it changes nothing", async ({ page, request }) => {
  const email = uniqueMemberEmail("unsubscriber");
  const token = await subscriberWithUnsubscribeLink(email, site.databaseUrl);
  const link = `/newsletter/unsubscribe?token=${token}`;

  expect((await request.get(link)).status()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe");
  await expect(page.getByText(`Stop sending our newsletter to ${email}?`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Settings in their profile" })).toHaveAttribute("href", "/profile?tab=settings");
  expect(await subscriberRow(email, site.databaseUrl)).toBeDefined();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(`You’re unsubscribed: ${email} will not receive our newsletter any more.`)).toBeVisible();
  expect(await subscriberRow(email, site.databaseUrl)).toBeUndefined();
  await expectNoA11yViolations(page);

  await page.goto(link);
  await expect(page.getByText(`${email} is not subscribed to our newsletter: you will not receive it.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});

test("a member signed in with the link's address also gets their e-mail settings there", async ({ browser }) => {
  const { context, email } = await signedInAs(browser, null, site);
  const token = await subscriberWithUnsubscribeLink(email, site.databaseUrl);
  const page = await context.newPage();
  await page.goto(`/newsletter/unsubscribe?token=${token}`);
  const marketing = page.getByRole("checkbox", { name: "Marketing e-mails" });
  await expect(marketing).toBeChecked();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(`You’re unsubscribed: ${email}`)).toBeVisible();
  await expect(marketing).not.toBeChecked();
  await context.close();
});

test("the profile's Marketing e-mails is the newsletter subscription: off at first, on only after the e-mailed confirmation", async ({ browser }) => {
  const { context, email } = await signedInAs(browser, null, site);
  const page = await context.newPage();
  await page.goto("/profile?tab=settings");
  const marketing = page.getByRole("checkbox", { name: "Marketing e-mails" });
  await expect(marketing).not.toBeChecked();

  await marketing.check();
  await expect(page.getByText("Settings saved. To start the newsletter, open the link we just e-mailed you and press Confirm.")).toBeVisible();
  await expect(page.getByText("Waiting for your confirmation: open the link we e-mailed you and press Confirm.")).toBeVisible();
  expect(await confirmedAt(email)).toBeNull();

  const link = linkIn((await waitForDelivered(email, /^Confirm your newsletter subscription/)).text, "/newsletter/confirm");
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByText(`You’re subscribed: ${email}`)).toBeVisible();

  await page.goto("/profile?tab=settings");
  await expect(marketing).toBeChecked();
  await expect(page.getByText("You receive our newsletter. Every issue has a link to unsubscribe in one click.")).toBeVisible();
  await expectNoA11yViolations(page);
  await marketing.uncheck();
  await expect(page.getByText("Settings saved.", { exact: true })).toBeVisible();
  await expect.poll(() => subscriberRow(email, site.databaseUrl)).toBeUndefined();
  await context.close();
});

test("staff write, preview, test and send a newsletter; a subscriber gets it with its unsubscribe headers and leaves in one click", async ({ browser, playwright }) => {
  test.slow();
  const reader = uniqueMemberEmail("subscriber");
  await query("insert into newsletter_subscribers (email, confirmed_at) values ($1, now())", [reader], site.databaseUrl);
  const { context, email: staffEmail } = await signedInAs(browser, "staff", site);
  const page = await context.newPage();
  const subject = `News from the range ${test.info().project.name} ${Date.now()}`;

  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter");
  await expectNoA11yViolations(page);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Text").fill("Hello **members**,\n\nThe [range day](https://example.org/range) is on Saturday.\n\n- Bring water\n- Bring ID\n\n<b>no html</b>");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByLabel("Text")).toHaveAccessibleDescription(/HTML is not used here/);
  await page.getByLabel("Text").fill("Hello **members**,\n\nThe [range day](https://example.org/range) is on Saturday.\n\n- Bring water\n- Bring ID");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/\d+$/);

  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator("strong", { hasText: "members" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "range day" })).toHaveAttribute("href", "https://example.org/range");
  await expect(preview.getByRole("listitem")).toHaveText(["Bring water", "Bring ID"]);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText(`Test sent to ${staffEmail}`)).toBeVisible();
  const test_ = await waitForDelivered(staffEmail, `[Test] ${subject}`);
  expect(test_.from).toBe("newsletter@vanguardveterans.org");
  expect(test_.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  const send = page.getByRole("region", { name: "Send" });
  await send.getByRole("button", { name: "Send to subscribers" }).click();
  await expect(send.getByText("Tick the box to confirm you checked the preview and the test e-mail.")).toBeVisible();
  await send.getByRole("checkbox").check();
  await send.getByRole("button", { name: "Send to subscribers" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Sending to \d+ confirmed subscribers?\./ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/newsletter\/\d+\?sent$/);

  // The subscriber's copy, as the mail server received it: its own sender, both parts, both headers.
  const copy = await waitForDelivered(reader, subject);
  expect(copy).toMatchObject({ from: "newsletter@vanguardveterans.org", envelopeFrom: "newsletter@vanguardveterans.org" });
  expect(copy.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(.+)>$/.exec(copy.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
  expect(unsubscribe).toMatch(new RegExp(`^${site.url.replaceAll(".", "\\.")}/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{43}$`));
  expect(copy.text).toContain("Hello members,");
  expect(copy.text).toContain("The range day (https://example.org/range) is on Saturday.");
  expect(copy.text).toContain(`Unsubscribe in one click:\n\n${unsubscribe}\n`);
  expect(copy.html).toContain("<strong>members</strong>");

  // The page counts what was sent; the list shows it sent.
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByRole("region", { name: "Delivery" }).locator("dt:text-is('Sent') + dd").textContent();
    })
    .not.toBe("0");
  await expectNoA11yViolations(page);
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("row", { name: new RegExp(subject) })).toContainText(/Sent \d+ · Failed 0/);

  // The subscriber list, and its CSV.
  await page.goto("/admin/newsletter/subscribers");
  await expect(page.getByRole("row", { name: new RegExp(reader.replaceAll(".", "\\.")) })).toContainText("Confirmed");
  await expectNoA11yViolations(page);
  const csv = await context.request.get("/admin/newsletter/subscribers.csv");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain(`${reader},Confirmed,`);

  // The reader's mail app presses Unsubscribe: one POST to the header's address, no cookies.
  const mailApp = await playwright.request.newContext();
  const left = await mailApp.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(left.status()).toBe(200);
  expect(await subscriberRow(reader, site.databaseUrl)).toBeUndefined();
  await mailApp.dispose();
  await context.close();
});
