/**
 * Accounts people manage themselves (issue 12, ADR 0020): sign-up with a name, signed in at once, the
 * welcome and confirmation e-mails through the mail catcher; what an unconfirmed member may do and what
 * waits for the confirmation (guest orders, Giving, statements); changing the address; deleting the account.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { siteWithMail, waitForDelivered } from "./mail";
import { MEMBER_PASSWORD, uniqueMemberEmail } from "./member";
import { countEmails, waitForEmail } from "./outbox";
import { accountLink, alertBox, expectAt, postedStatus } from "./page-helpers";
import { addFromProductPage } from "./shop-helpers";
import { signedInAs } from "./staff-session";

async function register(page: Page, email: string, name = "") {
  await page.goto("/register");
  if (name) await page.getByRole("textbox", { name: "Name (optional)" }).fill(name);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByLabel("Confirm password").fill(MEMBER_PASSWORD);
  await page.getByRole("checkbox", { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectAt(page, "/");
}

function linkTo(text: string, path: string): string {
  const match = new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(text);
  expect(match, `a ${path} link`).not.toBeNull();
  return match![0];
}

async function confirmAddress(page: Page, email: string) {
  await page.goto(linkTo((await waitForEmail(email, "confirm-email")).textBody, "/confirm-email"));
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
  await expect(page).not.toHaveURL(/\/confirm-email/); // confirmed: sent on to where the link leads
}

async function placeGuestOrder(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await addFromProductPage(page, "fitness-journal");
  await page.goto("/shop/checkout");
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Phone").fill("(210) 555-0142");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\//);
  const number = (await page.getByRole("main").getByText(/VVA-\d+/).first().textContent())!.match(/VVA-\d+/)![0];
  await context.close();
  return number;
}

test.describe("over real SMTP", () => {
  const site = siteWithMail();
  test.use({ baseURL: site.url });

  test("sign-up with a name shows it in the header; the welcome and the confirmation arrive in the mailbox", async ({ page, isMobile }) => {
    const email = uniqueMemberEmail("welcome");
    await register(page, email, "Riley Ortega");
    await expect(await accountLink(page, isMobile, "Riley Ortega")).toHaveAttribute("href", "/profile");
    const welcome = await waitForDelivered(email, /^Welcome to /);
    expect(welcome.text).toContain("Hello Riley Ortega,");
    const confirmation = await waitForDelivered(email, /^Confirm your e-mail for /);
    await page.goto(linkTo(confirmation.text, "/confirm-email"));
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Confirm my e-mail" }).click();
    await expectAt(page, "/");
    await page.goto("/profile");
    await expect(page.getByTestId("confirm-address-notice")).toHaveCount(0);
  });
});

test("an unconfirmed member browses and buys, but guest orders and Giving wait for the confirmation; the link can be resent", async ({ page, browser }) => {
  test.slow(); // a guest order, a sign-up, an order, three resends and a confirmation
  const email = uniqueMemberEmail("unconfirmed");
  const guestOrder = await placeGuestOrder(browser, email);
  await register(page, email);

  // Buying does not wait.
  await addFromProductPage(page, "insulated-water-bottle");
  await page.goto("/shop/checkout");
  await page.getByLabel("Full name").fill("Jordan Rivera");
  await page.getByLabel("Phone").fill("(210) 555-0142");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\//);
  const ownOrder = (await page.getByRole("main").getByText(/VVA-\d+/).first().textContent())!.match(/VVA-\d+/)![0];

  // The guest order placed with the address has not moved in; Giving and statements wait.
  await page.goto("/profile?tab=orders");
  await expect(page.getByTestId("confirm-address-notice")).toBeVisible();
  await expectNoA11yViolations(page);
  await expect(page.getByTestId("profile-order")).toHaveCount(1);
  await expect(page.getByTestId("profile-order")).toContainText(ownOrder);
  await page.goto("/profile?tab=giving");
  await expect(page.getByTestId("giving-unconfirmed")).toBeVisible();
  await expectNoA11yViolations(page);
  expect((await page.request.get("/profile/statements/2027")).status()).toBe(403);

  // Resend: a new link, three times an hour.
  for (let i = 0; i < 3; i++) {
    await page.getByRole("button", { name: "Resend the confirmation link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "A new link is on its way" })).toBeVisible();
    await page.reload();
  }
  await page.getByRole("button", { name: "Resend the confirmation link" }).click();
  await expect(alertBox(page)).toContainText("We have already sent several confirmation links");
  expect(await countEmails(email, "confirm-email")).toBe(4);

  await confirmAddress(page, email);
  await page.goto("/profile?tab=orders");
  await expect(page.getByTestId("confirm-address-notice")).toHaveCount(0);
  await expect(page.getByTestId("profile-order")).toHaveCount(2);
  await expect(page.getByRole("tabpanel")).toContainText(guestOrder);
  await page.goto("/profile?tab=giving");
  await expect(page.getByText(`No gifts from ${email} yet.`)).toBeVisible();
});

test("change e-mail: nothing changes until the new mailbox confirms; the old address is told; the new one signs in", async ({ page, browser }) => {
  const email = uniqueMemberEmail("old");
  const newEmail = uniqueMemberEmail("new");
  await register(page, email);
  await page.goto("/profile?tab=security");
  await expectNoA11yViolations(page);
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.locator("#change-email-password").fill("not my password");
  await page.getByRole("button", { name: "Change E-mail" }).click();
  await expect(page.getByText("That password is not correct.")).toBeVisible();
  await expect(page.locator("#change-email-password")).toBeFocused();
  await page.locator("#change-email-password").fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: "Change E-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: `We sent a link to ${newEmail}` })).toBeVisible();
  await page.reload();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  const link = linkTo((await waitForEmail(newEmail, "email-change-confirm")).textBody, "/confirm-email-change");
  // Opened on another device, not signed in: the link alone is the proof.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await context.newPage();
  expect((await other.request.get(link)).status()).toBe(200); // a mail scanner's GET changes nothing
  await other.goto(link);
  await expectNoA11yViolations(other);
  await other.getByRole("button", { name: "Confirm my new e-mail" }).click();
  await expect(other.getByText(`Your account now uses ${newEmail}.`)).toBeVisible();
  await other.goto(link);
  await other.getByRole("button", { name: "Confirm my new e-mail" }).click();
  await expect(alertBox(other)).toContainText("This link is invalid, has expired or was already used.");
  await context.close();

  expect((await waitForEmail(email, "email-changed")).textBody).toContain(newEmail);
  await page.goto("/profile");
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();
  await expect(page.getByTestId("confirm-address-notice")).toHaveCount(0); // confirmed by the link
});

test("delete the account: password and confirmation, then signed out for good; the order stays, anonymised on the desk", async ({ page, browser }) => {
  const email = uniqueMemberEmail("leaving");
  await register(page, email, "Casey Leaving");
  await addFromProductPage(page, "insulated-water-bottle");
  await page.goto("/shop/checkout");
  await page.getByLabel("Phone").fill("(210) 555-0142");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\//);
  const orderUrl = page.url();

  await page.goto("/profile?tab=security");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Delete My Account" }) });
  await form.getByRole("button", { name: "Delete My Account" }).click();
  await expect(alertBox(page)).toBeVisible();
  await expect(page.getByText("Enter your current password.").or(page.getByText("Tick the box to confirm you want your account deleted."))).toBeVisible();
  await form.getByLabel("Current password").fill(MEMBER_PASSWORD);
  await form.getByRole("checkbox", { name: /I understand/ }).check();
  await form.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(/\/\?account-deleted=1$/);
  // Signed out: the server's own HTML (desktop header and phone menu alike) offers "Login / Register".
  expect(await (await page.request.get("/about")).text()).toContain("Login / Register");
  expect(await countEmails(email, "account-deleted")).toBe(1);

  // The order page no longer opens for this browser (nobody owns it); signing in fails.
  expect((await page.request.get(orderUrl)).status()).toBe(404);
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(alertBox(page)).toHaveText("Invalid email or password");

  // The orders desk still has the order, with its amounts, and without the person.
  const staff = await signedInAs(browser, "staff");
  const desk = await staff.context.newPage();
  await desk.goto(`/admin/orders/${new URL(orderUrl).pathname.split("/").pop()}`);
  await expect(desk.getByTestId("desk-order-anonymised")).toBeVisible();
  await expect(desk.getByRole("main")).not.toContainText("Casey Leaving");
  await expect(desk.getByRole("main")).not.toContainText(email);
  await expect(desk.getByRole("main")).toContainText("$");
  await expectNoA11yViolations(desk);
  await staff.context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("bad input is answered 422 beside the field, and nothing changes", async ({ page }) => {
    const email = uniqueMemberEmail("nojs");
    await register(page, email);
    await page.goto("/profile?tab=security");
    await page.getByLabel("New e-mail address").fill("not an address");
    await page.locator("#change-email-password").fill(MEMBER_PASSWORD);
    expect(await postedStatus(page, page.getByRole("button", { name: "Change E-mail" }))).toBe(422);
    await expect(page.getByText("Enter a valid e-mail address, like name@example.com.")).toBeVisible();

    await page.goto("/profile?tab=security");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Delete My Account" }) });
    await form.getByLabel("Current password").fill("wrong password");
    await form.getByRole("checkbox", { name: /I understand/ }).check();
    expect(await postedStatus(page, form.getByRole("button", { name: "Delete My Account" }))).toBe(422);
    await expect(page.getByText("That password is not correct.")).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

    // The change journey works without JavaScript too.
    await page.goto("/profile?tab=security");
    const newEmail = uniqueMemberEmail("nojs-new");
    await page.getByLabel("New e-mail address").fill(newEmail);
    await page.locator("#change-email-password").fill(MEMBER_PASSWORD);
    await page.getByRole("button", { name: "Change E-mail" }).click();
    await expect(page.getByText(`We sent a link to ${newEmail}`)).toBeVisible();
    await page.goto(linkTo((await waitForEmail(newEmail, "email-change-confirm")).textBody, "/confirm-email-change"));
    await page.getByRole("button", { name: "Confirm my new e-mail" }).click();
    await expect(page.getByText(`Your account now uses ${newEmail}.`)).toBeVisible();
  });
});
