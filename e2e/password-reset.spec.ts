/**
 * Password reset with JavaScript: the forgot-password form's answer, the reset form's mismatch caught
 * before anything is sent and its refusal of a link that is no longer valid, with focus and axe on every
 * state. The email, the link used once, the old password refused, the forms without JavaScript:
 * e2e/http/password-reset.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { uniqueMemberEmail } from "./member";
import { countEmails } from "./outbox";
import { alertBox } from "./page-helpers";

const NEW_PASSWORD = "evening range day 1800";

test("password reset with JavaScript: 'Check your email', a mismatch caught before sending, a link no longer valid, a link without a token", async ({ page }) => {
  // An unknown address gets the same answer as a member's (and no email).
  const email = uniqueMemberEmail("nobody");
  await page.goto("/forgot-password");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send Instructions" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);
  await expectNoA11yViolations(page);
  expect(await countEmails(email, "password-reset")).toBe(0);

  // A token that is no longer valid is refused as a used one is (e2e/http/password-reset.spec.ts).
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
  await expectNoA11yViolations(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}!`);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(alertBox(page)).toHaveText("Passwords do not match");
  expect(posts).toEqual([]);

  await page.getByLabel("New password", { exact: true }).fill("a third long passphrase");
  await page.getByLabel("Confirm new password").fill("a third long passphrase");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(alertBox(page)).toContainText("invalid or has expired");
  await expect(alertBox(page)).toBeFocused();
  await expectNoA11yViolations(page);

  await page.goto("/reset-password");
  await expect(alertBox(page)).toContainText("This reset link is incomplete");
  await expect(page.getByRole("link", { name: "request a new one" })).toHaveAttribute("href", "/forgot-password");
  await expectNoA11yViolations(page);
});
