/**
 * The email log with JavaScript, and axe on its pages and states: the list (and a search), a failed
 * message retried in place, and an expired password reset whose text is not shown. Searching, what a
 * message shows and hides, the second retry refused, the 404s and hostile searches:
 * e2e/http/staff-emails.spec.ts.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { uniqueMemberEmail } from "./member";
import { addOutboxRow, outboxStatus } from "./members-desk-db";
import { signedInAs } from "./staff-session";

test("with JavaScript: a failed email is retried in place; the log, a search, a message before and after, and an expired reset pass axe", async ({ browser }) => {
  const staff = await signedInAs(browser, "staff");
  const to = uniqueMemberEmail("bounce");
  const id = await addOutboxRow({ to, subject: "Your order VVA-1042", text: "Your order: https://site.test/shop/orders/9?key=abc123secret\nThank you." });
  const expired = await addOutboxRow({ kind: "password-reset", subject: "Reset your password", status: "expired", attempts: 0, lastError: null, expiresAt: new Date(Date.now() - 3_600_000) });
  const page = await staff.context.newPage();

  await page.goto("/admin/emails");
  await expect(page.getByRole("heading", { level: 1, name: "Email log" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto(`/admin/emails?q=${encodeURIComponent(to)}&status=failed`);
  await expect(page.getByRole("status")).toHaveText("1 email match.");
  await expectNoA11yViolations(page);

  await page.getByTestId("email-row").getByRole("link", { name: "Your order VVA-1042" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your order VVA-1042" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Retry sending" }).click();
  await expect(page.getByRole("region", { name: "Retry" }).getByRole("status")).toHaveText(`The message to ${to} is back in the queue and will be sent again.`);
  expect(await outboxStatus(id)).toEqual({ status: "pending", attempts: 0 });
  await page.reload();
  await expect(page.getByRole("region", { name: "Delivery" })).toContainText("Waiting");
  await expectNoA11yViolations(page);

  // A password reset: its text is not shown, and its expired link is not sent again.
  await page.goto(`/admin/emails/${expired}`);
  await expect(page.getByRole("region", { name: "Message" })).toContainText("its text is not shown here");
  await expect(page.getByRole("region", { name: "Retry" })).toContainText("This message's link has expired, so it is not sent again.");
  await expectNoA11yViolations(page);
  await staff.context.close();
});
