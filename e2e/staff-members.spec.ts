/**
 * The staff area's members pages (staff capability 7): search, a member's page, granting and
 * extending a membership at the desk, disabling an account (signed out everywhere, sign-in with a
 * password or Google and password resets refused) and re-enabling it — on desktop and on a phone.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { chooseGoogleAccount } from "./google";
import { MEMBER_PASSWORD, signUpMember } from "./member";
import { accountState, auditCount, createAccount, membershipOf, setMembership, userIdOf } from "./members-desk-db";
import { waitForEmail } from "./outbox";
import { alertBox } from "./page-helpers";
import { setRole } from "./staff-db";
import { signedInAs } from "./staff-session";

const ACCOUNT_DISABLED = "This account has been disabled. Please contact the association if you think this is a mistake.";

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("staff find a member, see their page, and grant then extend a membership", async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await signedInAs(browser, "staff");
  const member = await signedInAs(browser, null);
  const memberId = await userIdOf(member.email);
  const page = await staff.context.newPage();

  await page.goto("/admin/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("searchbox", { name: "Name or e-mail" }).fill(member.email.toUpperCase());
  await page.getByRole("button", { name: "Find members" }).click();
  await expect(page.getByRole("status")).toHaveText("1 member match.");
  const row = page.getByTestId("member-row");
  await expect(row).toContainText("Basic");
  await row.getByRole("link", { name: member.email }).click();
  await expect(page).toHaveURL(`/admin/members/${memberId}`);
  await expect(page.getByRole("heading", { level: 1, name: member.email })).toBeVisible();
  const membership = page.getByRole("region", { name: "Membership", exact: true });
  await expect(membership).toContainText("Basic (free)");
  await expect(page.getByRole("region", { name: "Orders" })).toContainText("No orders.");
  await expect(page.getByRole("region", { name: "Event registrations" })).toContainText("No event registrations.");
  await expect(page.getByRole("region", { name: "Account" })).toContainText("Only an admin can change staff roles.");
  await expectNoA11yViolations(page);

  // Absurd durations: a message next to the field, which takes the focus, and nothing changes.
  const grant = page.getByRole("region", { name: "Grant or extend a membership" });
  const months = grant.getByRole("textbox", { name: "Months" });
  const absurd: [string, string][] = [
    ["0", "Enter a whole number of months from 1 to 36."],
    ["999", "At most 36 months at a time."],
    ["-5", "Enter a whole number of months from 1 to 36."],
    ["1e9", "Enter a whole number of months from 1 to 36."],
  ];
  for (const [value, message] of absurd) {
    await months.fill(value);
    await grant.getByRole("button", { name: "Grant membership" }).click();
    await expect(grant.getByText(message)).toBeVisible();
    await expect(months).toBeFocused();
  }
  expect(await membershipOf(memberId)).toBeUndefined();

  await months.fill("12");
  await grant.getByRole("combobox", { name: "Plan" }).selectOption("premium");
  await grant.getByRole("button", { name: "Grant membership" }).click();
  await expect(grant.getByRole("status")).toHaveText(/^Premium membership granted: it now runs until June 2\d, 2028\.$/);
  expect(await membershipOf(memberId)).toMatchObject({ plan: "premium", orderId: null });
  await expect(membership).toContainText("Granted at the desk");
  await expectNoA11yViolations(page);

  // The member sees it on their own profile, as after a paid order.
  const theirs = await member.context.newPage();
  await theirs.goto("/profile?tab=membership");
  await expect(theirs.getByRole("tabpanel").getByRole("definition").first()).toHaveText("Premium");

  // A running membership of the same plan is extended from its end date, not from today.
  await setMembership(memberId, "premium", new Date("2027-01-01T06:00:00Z"), new Date("2027-10-01T05:00:00Z"));
  await page.reload();
  await grant.getByRole("textbox", { name: "Months" }).fill("2");
  await grant.getByRole("button", { name: "Grant membership" }).click();
  await expect(grant.getByRole("status")).toHaveText("Premium membership extended: it now runs until December 1, 2027.");
  expect((await membershipOf(memberId))?.renewsOn.toISOString()).toBe("2027-12-01T06:00:00.000Z");
  expect(await auditCount("user", memberId, "membership.grant")).toBe(1);
  expect(await auditCount("user", memberId, "membership.extend")).toBe(1);
  await Promise.all([staff.context.close(), member.context.close()]);
});

test("disabling an account signs the member out everywhere and refuses their sign-in and resets until re-enabled", async ({ browser, page: theirs }) => {
  test.setTimeout(120_000);
  const staff = await signedInAs(browser, "staff");
  // A member who signed up with a password, signed in in the test's own browser.
  const member = await signUpMember(theirs);
  const memberId = await userIdOf(member.email);
  await theirs.goto("/profile");
  await expect(theirs).toHaveURL((url) => url.pathname === "/profile");

  const page = await staff.context.newPage();
  await page.goto(`/admin/members/${memberId}`);
  const account = page.getByRole("region", { name: "Account" });
  await expect(account).toContainText("Signed in on1 device");

  // No reason, no confirmation: messages next to the fields, nothing changes.
  await account.getByRole("button", { name: "Disable account" }).click();
  await expect(account.getByText("Say why the account is disabled (staff see it; the member does not).")).toBeVisible();
  await expect(account.getByText("Tick the box to confirm")).toBeVisible();
  await expect(account.getByRole("textbox", { name: "Reason (for staff)" })).toBeFocused();
  expect(await accountState(member.email)).toEqual({ banned: false, sessions: 1 });

  await account.getByRole("textbox", { name: "Reason (for staff)" }).fill("Repeated abusive messages");
  await account.getByRole("checkbox", { name: /Sign this member out everywhere/ }).check();
  await account.getByRole("button", { name: "Disable account" }).click();
  await expect(account.getByRole("status")).toHaveText(`${member.email} is disabled and was signed out everywhere (1 session ended).`);
  await expect(page.getByText("This account is disabled: the member cannot sign in.")).toBeVisible();
  await expect(account).toContainText("Repeated abusive messages");
  await expect(account.getByRole("button", { name: "Re-enable account" })).toBeVisible();
  expect(await accountState(member.email)).toEqual({ banned: true, sessions: 0 });
  await expectNoA11yViolations(page);

  // Their browser is signed out; the password no longer signs in, with a clear message.
  await theirs.goto("/profile");
  await expect(theirs).toHaveURL((url) => url.pathname === "/login");
  await signInWithPassword(theirs, member.email);
  await expect(alertBox(theirs)).toHaveText(ACCOUNT_DISABLED);
  expect((await accountState(member.email)).sessions).toBe(0);

  // "Forgot password" answers as always; the mailbox gets no link, only a notice.
  await theirs.goto("/forgot-password");
  await theirs.getByRole("textbox", { name: "Email" }).fill(member.email);
  await theirs.getByRole("button", { name: /Send/ }).click();
  const notice = await waitForEmail(member.email, "account-disabled");
  expect(notice.textBody).toContain("This account has been disabled");
  expect(notice.textBody).not.toMatch(/token=/);

  await account.getByRole("button", { name: "Re-enable account" }).click();
  await expect(account.getByRole("status")).toHaveText(`${member.email} can sign in again.`);
  await expect(account).toContainText("StatusActive");
  await signInWithPassword(theirs, member.email);
  await expect(theirs).toHaveURL((url) => url.pathname === "/");
  expect(await auditCount("user", memberId, "account.disable")).toBe(1);
  expect(await auditCount("user", memberId, "account.enable")).toBe(1);
  await staff.context.close();
});

test("a disabled account cannot sign in with Google either", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const id = `${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const google = { sub: `google-${id}`, email: `google-${id}@example.com`, name: "Casey Morgan" };
  await chooseGoogleAccount(context, google);
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  const staff = await signedInAs(browser, "staff");
  const desk = await staff.context.newPage();
  await desk.goto(`/admin/members/${await userIdOf(google.email)}`);
  const account = desk.getByRole("region", { name: "Account" });
  await account.getByRole("textbox", { name: "Reason (for staff)" }).fill("Spam");
  await account.getByRole("checkbox", { name: /Sign this member out everywhere/ }).check();
  await account.getByRole("button", { name: "Disable account" }).click();
  await expect(account.getByRole("button", { name: "Re-enable account" })).toBeVisible();

  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("error") === "BANNED_USER");
  await expect(alertBox(page)).toHaveText(ACCOUNT_DISABLED);
  expect(await accountState(google.email)).toEqual({ banned: true, sessions: 0 });
  await Promise.all([context.close(), staff.context.close()]);
});

test("staff cannot disable themselves or an admin; admins can, and reach staff roles from a member's page", async ({ browser }) => {
  const staff = await signedInAs(browser, "staff");
  const admin = await signedInAs(browser, "admin");
  const page = await staff.context.newPage();
  await page.goto(`/admin/members/${await userIdOf(staff.email)}`);
  await expect(page.getByRole("region", { name: "Account" })).toContainText("This is your own account: another staff member must do this.");
  await expect(page.getByRole("button", { name: "Disable account" })).toHaveCount(0);
  await page.goto(`/admin/members/${await userIdOf(admin.email)}`);
  await expect(page.getByRole("region", { name: "Account" })).toContainText("only an admin can disable or re-enable it");
  await expect(page.getByRole("button", { name: "Disable account" })).toHaveCount(0);

  const otherAdmin = await createAccount("Alex Admin");
  await setRole(otherAdmin.email, "admin");
  const adminPage = await admin.context.newPage();
  await adminPage.goto(`/admin/members/${otherAdmin.id}`);
  const account = adminPage.getByRole("region", { name: "Account" });
  await expect(account).toContainText("Admin");
  await expect(account.getByRole("link", { name: "Manage staff roles" })).toHaveAttribute("href", "/admin/staff");
  await expect(account.getByRole("button", { name: "Disable account" })).toBeVisible();
  await expectNoA11yViolations(adminPage);
  await Promise.all([staff.context.close(), admin.context.close()]);
});

test("unknown member ids are the 404 page; hostile searches get a message or match literally", async ({ browser }) => {
  test.skip(test.info().project.name !== "desktop", "HTTP answers: one project is enough");
  const staff = await signedInAs(browser, "staff");
  for (const id of ["00000000-0000-4000-8000-000000000000", "x".repeat(65), "%00", "'or'1'='1", "a b", "..%2F..%2Fetc"]) {
    const response = await staff.context.request.get(`/admin/members/${encodeURIComponent(id)}`, { maxRedirects: 0 });
    expect(response.status(), id).toBe(404);
  }
  const page = await staff.context.newPage();
  const nul = await page.goto("/admin/members?q=a%00b");
  expect(nul?.status()).toBe(200);
  await expect(page.getByText("The search contains characters we can't accept")).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Name or e-mail" })).toHaveAttribute("aria-invalid", "true");
  await page.goto(`/admin/members?q=${"x".repeat(101)}`);
  await expect(page.getByText("Search for at most 100 characters.")).toBeVisible();
  for (const q of ["%", "_", "' or '1'='1", "<script>alert(1)</script>", "\\"]) {
    const response = await page.goto(`/admin/members?q=${encodeURIComponent(`${q}-${Date.now()}`)}&page=-4`);
    expect(response?.status(), q).toBe(200);
    await expect(page.getByRole("status"), q).toHaveText("No members match.");
  }
  await staff.context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("granting a membership is a plain form post", async ({ browser }) => {
    const staff = await signedInAs(browser, "staff");
    const member = await createAccount("Jordan Hayes");
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false, storageState: await staff.context.storageState() });
    const page = await context.newPage();
    await page.goto(`/admin/members/${member.id}`);
    const grant = page.getByRole("region", { name: "Grant or extend a membership" });
    await grant.getByRole("combobox", { name: "Plan" }).selectOption("elite");
    await grant.getByRole("textbox", { name: "Months" }).fill("40");
    await grant.getByRole("button", { name: "Grant membership" }).click();
    await expect(page.getByRole("region", { name: "Grant or extend a membership" }).getByText("At most 36 months at a time.")).toBeVisible();
    expect(await membershipOf(member.id)).toBeUndefined();
    await page.getByRole("region", { name: "Grant or extend a membership" }).getByRole("textbox", { name: "Months" }).fill("6");
    await page.getByRole("region", { name: "Grant or extend a membership" }).getByRole("button", { name: "Grant membership" }).click();
    await expect(page.getByRole("region", { name: "Grant or extend a membership" }).getByRole("status")).toHaveText(/^Elite membership granted: it now runs until December 2\d, 2027\.$/);
    expect(await membershipOf(member.id)).toMatchObject({ plan: "elite" });
    await Promise.all([context.close(), staff.context.close()]);
  });
});
