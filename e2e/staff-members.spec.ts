/**
 * The members desk with JavaScript, and axe on its pages and states: an absurd number of months and a
 * disable without reason take the focus, a grant and a disable answer in place; an admin's view of another
 * admin. Search, the member's page, extending, sign-in (password and Google) and resets refused while
 * disabled, re-enabling, who may disable whom and hostile input: e2e/http/staff-members.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { uniqueMemberEmail } from "./member";
import { createAccount, userIdOf } from "./members-desk-db";
import { setRole } from "./staff-db";
import { createSignedInAccount, signedInAs } from "./staff-session";

test("with JavaScript: absurd months and a disable without a reason take the focus; granting and disabling answer in place; each state passes axe", async ({ browser }) => {
  const staff = await signedInAs(browser, "staff");
  const email = uniqueMemberEmail("desk-member");
  await createSignedInAccount(email, null); // signed in on one device
  const memberId = await userIdOf(email);
  const page = await staff.context.newPage();

  await page.goto("/admin/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto(`/admin/members/${memberId}`);
  await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
  await expectNoA11yViolations(page);

  // Absurd durations: a message next to the field, which takes the focus.
  const grant = page.getByRole("region", { name: "Grant or extend a membership" });
  const months = grant.getByRole("textbox", { name: "Months" });
  await grant.getByRole("combobox", { name: "Paid by" }).selectOption("cash");
  await grant.getByRole("textbox", { name: "Amount received (dollars)" }).fill("99");
  for (const [value, message] of [
    ["0", "Enter a whole number of months from 1 to 36."],
    ["999", "At most 36 months at a time."],
    ["-5", "Enter a whole number of months from 1 to 36."],
    ["1e9", "Enter a whole number of months from 1 to 36."],
  ] as const) {
    await months.fill(value);
    await grant.getByRole("button", { name: "Grant membership" }).click();
    await expect(grant.getByText(message)).toBeVisible();
    await expect(months).toBeFocused();
  }
  await months.fill("12");
  await grant.getByRole("combobox", { name: "Plan" }).selectOption("premium");
  await grant.getByRole("button", { name: "Grant membership" }).click();
  await expect(grant.getByRole("status")).toHaveText(/^Premium membership granted: it now runs until June 2\d, 2028\. Receipt M-\d+ was emailed to the member\.$/);

  // No reason, no confirmation: messages next to the fields, the first takes the focus.
  const account = page.getByRole("region", { name: "Account" });
  await account.getByRole("button", { name: "Disable account" }).click();
  await expect(account.getByText("Say why the account is disabled (staff see it; the member does not).")).toBeVisible();
  await expect(account.getByText("Tick the box to confirm")).toBeVisible();
  await expect(account.getByRole("textbox", { name: "Reason (for staff)" })).toBeFocused();
  await account.getByRole("textbox", { name: "Reason (for staff)" }).fill("Repeated abusive messages");
  await account.getByRole("checkbox", { name: /Sign this member out everywhere/ }).check();
  await account.getByRole("button", { name: "Disable account" }).click();
  await expect(account.getByRole("status")).toHaveText(`${email} is disabled and was signed out everywhere (1 session ended).`);
  await expect(account.getByRole("button", { name: "Re-enable account" })).toBeVisible();
  // One scan for both answers: the grant's confirmation is still on the page with the disabled account's.
  await expect(grant.getByRole("status")).toHaveText(/^Premium membership granted/);
  await expectNoA11yViolations(page);

  // An admin's view of another admin's page: the link to staff roles, and the disable form.
  const admin = await signedInAs(browser, "admin");
  const otherAdmin = await createAccount("Alex Admin");
  await setRole(otherAdmin.email, "admin");
  const adminPage = await admin.context.newPage();
  await adminPage.goto(`/admin/members/${otherAdmin.id}`);
  await expect(adminPage.getByRole("region", { name: "Account" }).getByRole("button", { name: "Disable account" })).toBeVisible();
  await expectNoA11yViolations(adminPage);
  await Promise.all([staff.context.close(), admin.context.close()]);
});
