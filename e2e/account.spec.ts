/**
 * Accounts people manage themselves (issue 12, ADR 0020), with JavaScript: the resend button, the change
 * of address with focus on the refused password, the confirm-change button, deleting the account, and
 * axe on each state. Every answer of the server (sign-up over SMTP, what waits for the confirmation, the
 * links, the emails, the order anonymised on the desk, the forms without JavaScript):
 * e2e/http/account.spec.ts. Each test sets its member up through plain form posts in the page's own jar.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser, type HttpPage } from "./http/text-browser";
import { MEMBER_PASSWORD, signUpMember, signUpOlderUnconfirmedMember, uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";
import { alertBox } from "./page-helpers";
import { signedInAs } from "./staff-session";

/** The page's cookie jar, driven as a browser without JavaScript drives it (for set-up only). */
const plainForms = (page: Page, baseURL: string) => new TextBrowser(page.request, new URL(baseURL).origin);

/** Signs up through the register form and presses Confirm on the emailed link's page (signed in, confirmed). */
async function register(forms: TextBrowser, email: string, name = ""): Promise<void> {
  const form = (await forms.get("/register")).form({ button: "Create Account" });
  if (name) form.fill("Name (optional)", name);
  const answer = await form.fill("Email", email).fill("Password", MEMBER_PASSWORD).fill("Confirm password", MEMBER_PASSWORD).check(/I agree to the Terms of Service/).submit();
  expect(answer.heading(2)).toBe("Check your email");
  const link = linkTo((await waitForEmail(email, "confirm-email")).textBody, "/confirm-email");
  const home = await (await forms.get(link)).form({ button: "Confirm my email" }).submit();
  expect(home.path).toBe("/profile?welcome=1");
}

async function placeOrder(forms: TextBrowser): Promise<HttpPage> {
  await (await forms.get("/shop/insulated-water-bottle")).form("main form[action='/shop/cart/add']").submit();
  const placed = await (await forms.get("/shop/checkout")).form({ button: "Place order" }).fill("Full name", "Jordan Rivera").fill("Phone", "(210) 555-0142").submit("Place order");
  expect(placed.path).toMatch(/^\/shop\/orders\//);
  return placed;
}

function linkTo(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(text);
  expect(match, `a ${path} link`).not.toBeNull();
  return match![0];
}

test("an unconfirmed member (an account from before issue 28) is asked to confirm on Orders and Giving; the resend button answers in place", async ({ page, baseURL }) => {
  const forms = plainForms(page, baseURL!);
  await signUpOlderUnconfirmedMember(page, { email: uniqueMemberEmail("unconfirmed") });
  await placeOrder(forms);

  await page.goto("/profile?tab=orders");
  await expect(page.getByTestId("confirm-address-notice")).toBeVisible();
  await expect(page.getByTestId("profile-order")).toHaveCount(1);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Resend the confirmation link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A new link is on its way" })).toBeVisible();

  await page.goto("/profile?tab=giving");
  await expect(page.getByTestId("giving-unconfirmed")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("change email: a wrong password is refused with focus on it; the link sent to the new address confirms the change", async ({ page }) => {
  await signUpMember(page);
  const newEmail = uniqueMemberEmail("new");
  await page.goto("/profile?tab=security");
  await page.getByLabel("New email address").fill(newEmail);
  await page.locator("#change-email-password").fill("not my password");
  await page.getByRole("button", { name: "Change Email" }).click();
  await expect(page.getByText("That password is not correct.")).toBeVisible();
  await expect(page.locator("#change-email-password")).toBeFocused();
  await page.locator("#change-email-password").fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: "Change Email" }).click();
  await expect(page.getByRole("status").filter({ hasText: `We sent a link to ${newEmail}` })).toBeVisible();

  await page.goto(linkTo((await waitForEmail(newEmail, "email-change-confirm")).textBody, "/confirm-email-change"));
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Confirm my new email" }).click();
  await expect(page.getByText(`Your account now uses ${newEmail}.`)).toBeVisible();
});

test("delete the account: the form asks for the password and the confirmation, then signs out; the desk shows the order anonymised", async ({ page, baseURL, browser }) => {
  const forms = plainForms(page, baseURL!);
  await register(forms, uniqueMemberEmail("leaving"), "Casey Leaving");
  const order = await placeOrder(forms);

  await page.goto("/profile?tab=security");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Delete My Account" }) });
  await form.getByRole("button", { name: "Delete My Account" }).click();
  await expect(alertBox(page)).toBeVisible();
  await expect(page.getByText("Enter your current password.").or(page.getByText("Tick the box to confirm you want your account deleted."))).toBeVisible();
  await form.getByLabel("Current password").fill(MEMBER_PASSWORD);
  await form.getByRole("checkbox", { name: /I understand/ }).check();
  await form.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(/\/\?account-deleted=1$/);

  const staff = await signedInAs(browser, "staff");
  const desk = await staff.context.newPage();
  await desk.goto(`/admin/orders/${order.url.pathname.split("/").pop()}`);
  await expect(desk.getByTestId("desk-order-anonymised")).toBeVisible();
  await expectNoA11yViolations(desk);
  await staff.context.close();
});
