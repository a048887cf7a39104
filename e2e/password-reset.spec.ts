import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember } from "./member";
import { countEmails, waitForEmail } from "./outbox";

const OLD_PASSWORD = "steady ruck march 0600";
const NEW_PASSWORD = "evening range day 1800";

function uniqueEmail(label: string): string {
  return `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function register(page: Page, email: string) {
  await signUpMember(page, { email, password: OLD_PASSWORD });
  await page.context().clearCookies();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function requestReset(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send Instructions" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);
}

function resetLink(text: string): string {
  const match = /http\S+\/reset-password\?token=\S+/.exec(text);
  expect(match, "the e-mail holds a reset link").not.toBeNull();
  return match![0];
}

test.describe("password reset", () => {
  test("the e-mailed link sets a new password once; the old password stops working", { tag: "@two-servers" }, async ({ page }) => {
    const email = uniqueEmail("reset");
    await register(page, email);
    await requestReset(page, email);
    await expectNoA11yViolations(page);

    const message = await waitForEmail(email, "password-reset");
    expect(message.textBody).toContain("expires in one hour");
    const link = new URL(resetLink(message.textBody));

    // Opening the link (as a mail scanner would) does not use the token up.
    await page.goto(`${link.pathname}${link.search}`);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await expectNoA11yViolations(page);

    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await expect(page.getByRole("status")).toContainText("Your password has been changed");

    await signIn(page, email, OLD_PASSWORD);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid email or password");
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === "/");

    // The same link a second time: refused, with a way to ask for a new one.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel("New password", { exact: true }).fill("a third long passphrase");
    await page.getByLabel("Confirm new password").fill("a third long passphrase");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("invalid or has expired");
    await expectNoA11yViolations(page);
  });

  test("mismatched passwords are caught before anything is sent", async ({ page }) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}!`);
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Passwords do not match");
  });

  test("an unknown address gets the same answer and no e-mail", async ({ page }) => {
    const email = uniqueEmail("nobody");
    await requestReset(page, email);
    expect(await countEmails(email, "password-reset")).toBe(0);
  });

  test("a link without a token explains what to do", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("This reset link is incomplete");
    await expect(page.getByRole("link", { name: "request a new one" })).toHaveAttribute("href", "/forgot-password");
    await expectNoA11yViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the forgot-password form still posts", async ({ page }) => {
      await page.goto("/forgot-password");
      await page.getByRole("textbox", { name: "Email" }).fill("someone@example.com");
      await page.getByRole("button", { name: "Send Instructions" }).click();
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    });

    test("the whole reset works: the reset page's form posts with its origin and sets the password", async ({ page }) => {
      const email = uniqueEmail("nojs-reset");
      await register(page, email);
      await page.goto("/forgot-password");
      await page.getByRole("textbox", { name: "Email" }).fill(email);
      await page.getByRole("button", { name: "Send Instructions" }).click();
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

      const link = new URL(resetLink((await waitForEmail(email, "password-reset")).textBody));
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      const response = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Set New Password" }).click();
      expect((await response).status()).toBeLessThan(400);
      await expect(page).toHaveURL(/\/login\?reset=1$/);
      await signIn(page, email, NEW_PASSWORD);
      await expect(page).toHaveURL((url) => url.pathname === "/");
    });
  });
});
