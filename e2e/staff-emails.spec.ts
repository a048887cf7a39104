/**
 * The staff area's e-mail log (staff capability 8): the outbox with status, attempts and last error,
 * one message (never a working reset or confirmation link), and retrying a failed message once —
 * on desktop and on a phone.
 */
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { addOutboxRow, auditCount, outboxStatus } from "./members-desk-db";
import { waitForEmail } from "./outbox";
import { signedInAs } from "./staff-session";

test("staff find a failed e-mail, read it, and retry it once", async ({ browser }) => {
  test.setTimeout(90_000);
  const staff = await signedInAs(browser, "staff");
  const to = uniqueMemberEmail("bounce");
  const id = await addOutboxRow({ to, subject: "Your order VVA-1042", text: "Your order: https://site.test/shop/orders/9?key=abc123secret\nThank you." });
  const page = await staff.context.newPage();

  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "E-mail log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E-mail log" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("searchbox", { name: "Recipient" }).fill(to);
  await page.getByRole("combobox", { name: "Status" }).selectOption("failed");
  await page.getByRole("button", { name: "Find e-mails" }).click();
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByRole("status")).toHaveText("1 e-mail match.");
  const row = page.getByTestId("email-row");
  await expect(row).toContainText("Failed");
  await expect(row).toContainText("8");
  await expect(row).toContainText("550 5.1.1 mailbox unavailable");
  await expectNoA11yViolations(page);

  await row.getByRole("link", { name: "Your order VVA-1042" }).click();
  await expect(page).toHaveURL(`/admin/emails/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Your order VVA-1042" })).toBeVisible();
  const body = page.getByRole("region", { name: "Message" });
  await expect(body).toContainText("https://site.test/shop/orders/9?[details hidden]");
  await expect(body).not.toContainText("abc123secret");
  await expectNoA11yViolations(page);

  // Two tabs, two submits: the message goes back to the queue once, with one audit record.
  const second = await staff.context.newPage();
  await second.goto(`/admin/emails/${id}`);
  await page.getByRole("button", { name: "Retry sending" }).click();
  await expect(page.getByRole("region", { name: "Retry" }).getByRole("status")).toHaveText(`The message to ${to} is back in the queue and will be sent again.`);
  expect(await outboxStatus(id)).toEqual({ status: "pending", attempts: 0 });
  await second.getByRole("button", { name: "Retry sending" }).click();
  await expect(second.getByRole("main").getByRole("alert")).toHaveText("This message is already waiting to be sent: nothing to retry.");
  expect(await auditCount("email", String(id), "email.retry")).toBe(1);
  await page.reload();
  await expect(page.getByRole("region", { name: "Delivery" })).toContainText("Waiting");
  await expect(page.getByRole("button", { name: "Retry sending" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await staff.context.close();
});

test("a password reset in the outbox never shows its token to staff", async ({ browser, page }) => {
  const email = uniqueMemberEmail("reset");
  await signUpMember(page, { email });
  await page.goto("/forgot-password");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send Instructions" }).click();
  const mail = await waitForEmail(email, "password-reset");
  const token = /reset-password\?token=([^\s&]+)/.exec(mail.textBody)![1]!;
  const confirmation = await waitForEmail(email, "confirm-email");
  const confirmToken = /confirm-email\?token=([^\s&]+)/.exec(confirmation.textBody)![1]!;

  const staff = await signedInAs(browser, "staff");
  const list = await staff.context.request.get(`/admin/emails?q=${encodeURIComponent(email)}`);
  const listHtml = await list.text();
  expect(listHtml).toContain(email);
  expect(listHtml).not.toContain(token);
  expect(listHtml).not.toContain(confirmToken);
  const ids = [...listHtml.matchAll(/href="\/admin\/emails\/(\d+)"/g)].map((match) => match[1]);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  for (const id of ids) {
    const html = await (await staff.context.request.get(`/admin/emails/${id}`)).text();
    expect(html, `message ${id}`).not.toContain(token);
    expect(html, `message ${id}`).not.toContain(decodeURIComponent(token));
    expect(html, `message ${id}`).not.toContain(confirmToken);
    // The welcome e-mail carries no secret: its text is shown (links without their details).
    if (!/>welcome<\/dd>/.test(html)) expect(html, `message ${id}`).toContain("its text is not shown here");
  }
  expect(ids.length).toBeGreaterThanOrEqual(3); // the reset, the confirmation and the welcome
  const view = await staff.context.newPage();
  await view.goto(`/admin/emails/${ids[0]}`);
  await expect(view.getByRole("region", { name: "Message" })).toContainText("its text is not shown here");
  await expectNoA11yViolations(view);
  await staff.context.close();
});

test("a message whose link has expired is not sent again, and the page says why", async ({ browser }) => {
  const staff = await signedInAs(browser, "staff");
  const id = await addOutboxRow({ kind: "password-reset", subject: "Reset your password", status: "expired", attempts: 0, lastError: null, expiresAt: new Date(Date.now() - 3_600_000) });
  const page = await staff.context.newPage();
  await page.goto(`/admin/emails/${id}`);
  await expect(page.getByRole("region", { name: "Retry" })).toContainText("This message's link has expired, so it is not sent again. Ask the person to request a new one");
  await expect(page.getByRole("button", { name: "Retry sending" })).toHaveCount(0);
  await expectNoA11yViolations(page);
  expect(await outboxStatus(id)).toEqual({ status: "expired", attempts: 0 });
  await staff.context.close();
});

test("unknown e-mail ids are the 404 page; hostile searches get a message or match literally", async ({ browser }) => {
  test.skip(test.info().project.name !== "desktop", "HTTP answers: one project is enough");
  const staff = await signedInAs(browser, "staff");
  for (const id of ["2147483647", "0", "abc", "-1", "1.5", "2147483648", "%00", "1%20", "99999999999999999999"]) {
    const response = await staff.context.request.get(`/admin/emails/${id}`, { maxRedirects: 0 });
    expect(response.status(), id).toBe(404);
  }
  const page = await staff.context.newPage();
  expect((await page.goto("/admin/emails?q=a%00b&status=bogus&page=-1"))?.status()).toBe(200);
  await expect(page.getByText("The search contains characters we can't accept")).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Recipient" })).toHaveAttribute("aria-invalid", "true");
  for (const q of ["%", "_", "' or '1'='1", "<script>alert(1)</script>"]) {
    expect((await page.goto(`/admin/emails?q=${encodeURIComponent(`${q}-${Date.now()}`)}`))?.status(), q).toBe(200);
    await expect(page.getByRole("status"), q).toHaveText("No e-mails match.");
  }
  await staff.context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("retrying is a plain form post", async ({ browser }) => {
    const staff = await signedInAs(browser, "staff");
    const id = await addOutboxRow();
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false, storageState: await staff.context.storageState() });
    const page = await context.newPage();
    await page.goto(`/admin/emails/${id}`);
    await page.getByRole("button", { name: "Retry sending" }).click();
    await expect(page.getByRole("region", { name: "Retry" }).getByRole("status")).toContainText("is back in the queue");
    expect(await outboxStatus(id)).toEqual({ status: "pending", attempts: 0 });
    await Promise.all([context.close(), staff.context.close()]);
  });
});
