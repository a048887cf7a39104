/**
 * Membership renewals (ADR 0019, issue 12): the membership tab tells active, in grace and lapsed apart
 * and renews through the shop's checkout; a renewal reminder arrives by e-mail with its link; staff list
 * memberships, record a renewal paid at the desk and set the benefits' value — on desktop and a phone.
 */
import type { Page } from "@playwright/test";
import { E2E_CLOCK_START } from "./clock";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { siteWithMail, waitForDelivered } from "./mail";
import { auditCount, membershipOf, setMembership, userIdOf } from "./members-desk-db";
import { alertBox, postedStatus } from "./page-helpers";
import { signedInAs } from "./staff-session";

const DAY = 86_400_000;
const start = new Date(E2E_CLOCK_START);
const days = (n: number) => new Date(start.getTime() + n * DAY);
const fmt = (date: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Chicago" }).format(date);
const panel = (page: Page) => page.getByRole("tabpanel");

test("a member renews from the membership tab through checkout, and the year is added to the current expiry", async ({ browser }) => {
  test.setTimeout(90_000);
  const member = await signedInAs(browser, null);
  const staff = await signedInAs(browser, "staff");
  const memberId = await userIdOf(member.email);
  const expiry = days(20);
  await setMembership(memberId, "premium", days(-345), expiry);

  const page = await member.context.newPage();
  await page.goto("/profile?tab=membership");
  await expect(page.getByTestId("membership-status")).toHaveText("Active");
  await expect(page.getByTestId("membership-standing")).toContainText(`runs until ${fmt(expiry)}`);
  await expect(panel(page)).not.toContainText(/webinar|course included/i);
  await expect(panel(page)).toContainText("Elite-only leadership and mentorship events");
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Renew Premium for a year ($99.00)" }).click();
  await expect(page).toHaveURL(/\/shop\/cart\?notice=membership$/);
  await expect(page.getByTestId("cart-line")).toContainText("Premium Membership (1 year)");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await page.getByLabel("Full name").fill("Renee Member");
  await page.getByLabel("Phone").fill("512 555 0100");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\//);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  // Paid at the desk (no Stripe keys on this site): the same markOrderPaid a card payment runs.
  const desk = await staff.context.newPage();
  await desk.goto(`/admin/orders/${orderId}`);
  await desk.getByRole("button", { name: /^Mark paid/ }).click();
  const renewed = new Date(expiry);
  renewed.setUTCFullYear(renewed.getUTCFullYear() + 1);
  await expect.poll(async () => (await membershipOf(memberId))?.renewsOn.toISOString()).toBe(renewed.toISOString());

  await page.goto("/profile?tab=membership");
  await expect(page.getByTestId("membership-standing")).toContainText(`runs until ${fmt(renewed)}`);
  await Promise.all([member.context.close(), staff.context.close()]);
});

test("an expired membership shows in grace with the end of its benefits, then lapsed once grace is over", async ({ browser }) => {
  const member = await signedInAs(browser, null);
  const memberId = await userIdOf(member.email);
  const page = await member.context.newPage();

  await setMembership(memberId, "elite", days(-370), days(-5));
  await page.goto("/profile?tab=membership");
  await expect(page.getByTestId("membership-status")).toContainText("In grace");
  await expect(page.getByTestId("membership-status")).toContainText(`Benefits until ${fmt(days(9))}`);
  await expect(page.getByTestId("membership-standing")).toContainText(`expired on ${fmt(days(-5))}`);
  await expectNoA11yViolations(page);

  await setMembership(memberId, "elite", days(-400), days(-30));
  await page.reload();
  await expect(page.getByTestId("membership-status")).toHaveText("Lapsed");
  await expect(page.getByTestId("membership-standing")).toContainText(`its benefits ended on ${fmt(days(-16))}`);
  await expect(page.getByRole("button", { name: "Renew Elite for a year ($199.00)" })).toBeVisible();
  await member.context.close();
});

test("a renewal reminder arrives by e-mail, once, with a link to the membership tab", async ({ browser }) => {
  test.setTimeout(60_000);
  const site = siteWithMail();
  const member = await signedInAs(browser, null, site);
  const { query } = await import("./staff-db");
  const [row] = await query<{ id: string }>(`select id from "user" where email = $1`, [member.email], site.databaseUrl);
  const expiry = days(20); // inside the 30-day step's window for the whole run
  await query(`insert into memberships (user_id, plan, started_at, renews_on) values ($1, 'premium', $2, $3)`, [row!.id, days(-345), expiry], site.databaseUrl);

  const mail = await waitForDelivered(member.email, `Your Premium membership expires on ${fmt(expiry)}`, 30_000);
  const link = /(http\S+\/profile\?tab=membership#renew)/.exec(mail.text)?.[1];
  expect(link).toBe(`${site.url}/profile?tab=membership#renew`);
  expect(mail.html).toContain(`href="${link}"`);

  const page = await member.context.newPage();
  await page.goto(link!);
  await expect(page.getByRole("button", { name: "Renew Premium for a year ($99.00)" })).toBeVisible();
  // Several passes later (every 3 s on this site), still one.
  await page.waitForTimeout(7_000);
  const [count] = await query<{ n: number }>(`select count(*)::int as n from email_outbox where to_address = $1 and kind = 'membership-reminder'`, [member.email], site.databaseUrl);
  expect(count!.n).toBe(1);
  await member.context.close();
});

test("staff list memberships by status, record a desk renewal (audited) and set the benefits' value", async ({ browser }) => {
  test.setTimeout(90_000);
  const staff = await signedInAs(browser, "staff");
  const member = await signedInAs(browser, null);
  const memberId = await userIdOf(member.email);
  await setMembership(memberId, "premium", days(-370), days(-3));
  const page = await staff.context.newPage();

  await page.goto("/admin/memberships?status=grace");
  await expect(page.getByRole("heading", { level: 1, name: "Memberships" })).toBeVisible();
  const row = page.getByTestId("membership-row").filter({ hasText: member.email });
  await expect(row).toContainText("In grace");
  await expectNoA11yViolations(page);

  const form = page.getByRole("region", { name: "Record a desk renewal" });
  await form.getByRole("textbox", { name: "Member's e-mail" }).fill("nobody-at-all@example.com");
  await form.getByRole("checkbox", { name: "The member paid for one year at the desk" }).check();
  await form.getByRole("button", { name: "Record renewal" }).click();
  await expect(form.getByText("No account has this e-mail address.")).toBeVisible();
  expect(await auditCount("user", memberId, "membership.desk-renewal")).toBe(0);

  await form.getByRole("textbox", { name: "Member's e-mail" }).fill(member.email);
  await form.getByRole("checkbox", { name: "The member paid for one year at the desk" }).check();
  await form.getByRole("button", { name: "Record renewal" }).click();
  await expect(form.getByRole("status")).toContainText(`Premium membership of ${member.email} recorded: it now runs until`);
  expect(await auditCount("user", memberId, "membership.desk-renewal")).toBe(1);
  await page.goto("/admin/memberships?status=active");
  await expect(page.getByTestId("membership-row").filter({ hasText: member.email })).toContainText("Active");

  const values = page.getByRole("region", { name: "Value of the benefits" });
  await values.getByRole("textbox", { name: "Premium benefits' value (dollars)" }).fill("-5");
  await values.getByRole("button", { name: "Save values" }).click();
  await expect(values.getByText("A value can't be negative.")).toBeVisible();
  await values.getByRole("textbox", { name: "Premium benefits' value (dollars)" }).fill("25.00");
  await values.getByRole("button", { name: "Save values" }).click();
  await expect(values.getByRole("status")).toContainText("Premium benefits worth $25.00 and Elite benefits worth $50.00");
  await Promise.all([staff.context.close(), member.context.close()]);
});

test.describe("without JavaScript", () => {
  test("a refused desk renewal answers 422 with the message beside the field, and nothing changes", async ({ browser }) => {
    const staff = await signedInAs(browser, "staff");
    const { viewport, userAgent, isMobile, hasTouch, baseURL } = test.info().project.use;
    const noJs = await browser.newContext({ viewport, userAgent, isMobile, hasTouch, baseURL, javaScriptEnabled: false, storageState: await staff.context.storageState() });
    const page = await noJs.newPage();
    await page.goto("/admin/memberships");
    const form = page.getByRole("region", { name: "Record a desk renewal" });
    await form.getByRole("textbox", { name: "Member's e-mail" }).fill("<script>alert(1)</script>");
    expect(await postedStatus(page, form.getByRole("button", { name: "Record renewal" }))).toBe(422);
    await expect(alertBox(page)).toBeVisible();
    await expect(page.getByText("That is not an e-mail address.")).toBeVisible();
    await Promise.all([noJs.close(), staff.context.close()]);
  });
});
