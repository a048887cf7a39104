/**
 * The donate page on the main e2e site (no Stripe keys) in a browser: the pledge form with JavaScript —
 * typing an amount picks "Other amount", the running total, a refusal that focuses the field and keeps
 * every choice, the thanks taking the focus — on a desktop and on a phone, where the form is laid out in
 * one column; staff marking a pledge received in place; axe on the form, the thanks and the desk. What
 * the server answers (the page's texts, every refused amount's 422, the emails, receipts, a member's
 * pledge, the plain posts, the links to /donate): e2e/http/donate.spec.ts. Card gifts: donate-card.spec.ts.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { uniqueMemberEmail } from "./member";
import { alertBox } from "./page-helpers";
import { query } from "./staff-db";
import { signedInAs } from "./staff-session";

async function fillDonor(page: Page, email: string, name = "Jordan Rivera") {
  await page.getByRole("textbox", { name: "Your name" }).fill(name);
  await page.getByRole("textbox", { name: "Your email" }).fill(email);
}

const escaped = (message: string) => new RegExp(message.replace(/[.$()]/g, "\\$&"));

test("the pledge form with JavaScript: an amount typed picks Other amount and the total follows; a refusal focuses the field and keeps every choice, even twice; the thanks take the focus; axe on the form and the thanks", { tag: "@phone" }, async ({ page }) => {
  const email = uniqueMemberEmail("pledge");
  await page.goto("/donate");
  const form = page.getByRole("form", { name: "Pledge a gift" });
  await expect(form.getByRole("radio", { name: "$50", exact: true })).toBeChecked();
  await expectNoA11yViolations(page);

  const amount = form.getByRole("textbox", { name: "Other amount (US dollars)" });
  await form.getByRole("radio", { name: "In memory of" }).check();
  await form.getByRole("textbox", { name: "Their name", exact: true }).fill("Sgt. Ray Ortiz");
  await fillDonor(page, email);
  for (const [typed, message] of [
    ["forty", "Enter the amount in dollars, using digits only, like 40 or 40.50."],
    ["4", "The smallest gift we can take online is $5.00."],
  ] as const) {
    await amount.fill(typed);
    await expect(form.getByRole("radio", { name: "Other amount" })).toBeChecked();
    await form.getByRole("button", { name: "Pledge my gift" }).click();
    await expect(form.getByText(message)).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toHaveAccessibleDescription(escaped(message));
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue(typed);
    await expect(alertBox(page)).toHaveText("Please correct the highlighted fields.");
    await expect(form.getByRole("radio", { name: "In memory of" })).toBeChecked();
    await expect(form.getByRole("textbox", { name: "Their name", exact: true })).toHaveValue("Sgt. Ray Ortiz");
  }

  await amount.fill("75");
  await expect(form.getByRole("radio", { name: "Other amount" })).toBeChecked();
  await expect(page.getByTestId("donate-total")).toHaveText("You give $75.00");
  await form.getByRole("button", { name: "Pledge my gift" }).click();
  const done = page.getByRole("status").filter({ hasText: "Your pledge is recorded" });
  await expect(done.getByRole("heading", { name: "Thank you! Your pledge is recorded" })).toBeFocused();
  await expect(done).toContainText("Your pledge of $75.00");
  await expectNoA11yViolations(page);
  const [gift] = await query<{ total_cents: number; tribute_kind: string }>("select total_cents, tribute_kind from donations where donor_email = $1", [email]);
  expect(gift).toEqual({ total_cents: 7500, tribute_kind: "memory" });
});

test("staff mark a pledge received in place; axe on the list of gifts", async ({ browser, playwright }) => {
  // A pledge in memory of someone, made by a visitor's plain form post.
  const email = uniqueMemberEmail("pledge");
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const pledged = await (await new TextBrowser(visitor, new URL(test.info().project.use.baseURL!).origin).get("/donate"))
    .form({ button: "Pledge my gift" })
    .fill("Other amount (US dollars)", "75")
    .check("In memory of")
    .fill("Their name", "Sgt. Ray Ortiz")
    .fill(/^Your name/, "Jordan Rivera")
    .fill(/^Your email/, email)
    .submit("Pledge my gift");
  const reference = pledged.text("[data-testid=pledge-reference]");
  await visitor.dispose();

  const staff = await signedInAs(browser, "staff");
  const desk = await staff.context.newPage();
  await desk.goto("/admin/donations");
  const row = desk.getByTestId("gift-row").filter({ hasText: email });
  await expect(row.getByTestId("gift-status")).toHaveText("Pledged (check or desk)");
  await expect(row).toContainText("In memory of Sgt. Ray Ortiz");
  await expectNoA11yViolations(desk);
  await row.getByRole("button", { name: `Mark received (${reference}, $75.00)` }).click();

  await expect(desk.getByRole("status").filter({ hasText: `${reference} marked received` })).toContainText(`was emailed to ${email}`);
  await expect(row.getByTestId("gift-status")).toHaveText("Received");
  await expect(row.getByRole("button", { name: /^Mark received/ })).toHaveCount(0);
  await staff.context.close();
});
