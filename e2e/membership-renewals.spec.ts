/**
 * Membership renewals (ADR 0019, issue 12) in a browser: the membership tab's Renew button with
 * JavaScript, axe on an active and an in-grace membership; the staff desk's renewal and benefits'
 * value forms answering in place. What the server answers (the standings' texts, checkout and the year
 * added, the reminder email, the lists by status, the audit, the 422s): e2e/http/membership-renewals.spec.ts.
 */
import { formatLongDate } from "../src/lib/time";
import { E2E_CLOCK_START } from "./clock";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { setMembership, userIdOf } from "./members-desk-db";
import { signedInAs } from "./staff-session";

const DAY = 86_400_000;
const start = new Date(E2E_CLOCK_START);
const days = (n: number) => new Date(start.getTime() + n * DAY);
const fmt = (date: Date) => formatLongDate(date);

test("the membership tab: axe on an active membership and on one in grace; Renew puts the year in the cart", async ({ browser }) => {
  const member = await signedInAs(browser, null);
  const memberId = await userIdOf(member.email);
  const page = await member.context.newPage();

  await setMembership(memberId, "premium", days(-345), days(20));
  await page.goto("/profile?tab=membership");
  await expect(page.getByTestId("membership-status")).toHaveText("Active");
  await expectNoA11yViolations(page);

  await setMembership(memberId, "elite", days(-370), days(-5));
  await page.reload();
  await expect(page.getByTestId("membership-status")).toContainText("In grace");
  await expect(page.getByTestId("membership-status")).toContainText(`Benefits until ${fmt(days(9))}`);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Renew Elite for a year ($199.00)" }).click();
  await expect(page).toHaveURL(/\/shop\/cart\?notice=membership$/);
  await expect(page.getByTestId("cart-line")).toContainText("Elite Membership (1 year)");
  await member.context.close();
});

test("staff list memberships by status, record a desk renewal and set the benefits' value, each answered in place; axe on the list", async ({ browser }) => {
  const staff = await signedInAs(browser, "staff");
  const member = await signedInAs(browser, null);
  await member.context.close();
  await setMembership(await userIdOf(member.email), "premium", days(-370), days(-3));
  const page = await staff.context.newPage();

  await page.goto("/admin/memberships?status=grace");
  await expect(page.getByTestId("membership-row").filter({ hasText: member.email })).toContainText("In grace");
  await expectNoA11yViolations(page);

  const form = page.getByRole("region", { name: "Record a desk renewal" });
  await form.getByRole("textbox", { name: "Member's email" }).fill("nobody-at-all@example.com");
  await form.getByRole("textbox", { name: "Amount received (dollars)" }).fill("99");
  await form.getByRole("combobox", { name: "Paid by" }).selectOption("cash");
  await form.getByRole("checkbox", { name: "The member paid for one year at the desk" }).check();
  await form.getByRole("button", { name: "Record renewal" }).click();
  await expect(form.getByText("No account has this email address.")).toBeVisible();

  await form.getByRole("textbox", { name: "Member's email" }).fill(member.email);
  await form.getByRole("checkbox", { name: "The member paid for one year at the desk" }).check();
  await form.getByRole("button", { name: "Record renewal" }).click();
  await expect(form.getByRole("status")).toContainText(`Premium membership of ${member.email} recorded: it now runs until`);
  await expect(form.getByRole("status")).toContainText(/Receipt M-\d+ was emailed to them\.$/);

  const values = page.getByRole("region", { name: "Value of the benefits" });
  await values.getByRole("textbox", { name: "Premium benefits' value (dollars)" }).fill("-5");
  await values.getByRole("button", { name: "Save values" }).click();
  await expect(values.getByText("A value can't be negative.")).toBeVisible();
  await values.getByRole("textbox", { name: "Premium benefits' value (dollars)" }).fill("25.00");
  await values.getByRole("button", { name: "Save values" }).click();
  await expect(values.getByRole("status")).toContainText("Premium benefits worth $25.00 and Elite benefits worth $50.00");
  await staff.context.close();
});
