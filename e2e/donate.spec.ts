/**
 * The donate page on the main e2e site, which has no Stripe keys: a gift is pledged (by check or at
 * the office) with instructions on the page and by e-mail, and staff mark it received at
 * /admin/donations, which e-mails the receipt. Bad amounts are answered beside the field and store
 * nothing. Card gifts (one-time, monthly, tribute) are in e2e/donate-card.spec.ts.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { signUpMember, uniqueMemberEmail } from "./member";
import { waitForEmail } from "./outbox";
import { alertBox, expectAt, postedStatus } from "./page-helpers";
import { query } from "./staff-db";
import { signedInAs } from "./staff-session";

interface GiftRow {
  id: string;
  status: string;
  total_cents: number;
  fee_cents: number;
  payment_method: string;
  receipt_number: string | null;
  user_id: string | null;
  tribute_kind: string | null;
}

async function giftsOf(email: string): Promise<GiftRow[]> {
  return query<GiftRow>("select id, status, total_cents, fee_cents, payment_method, receipt_number, user_id, tribute_kind from donations where donor_email = $1 order by number", [email]);
}

async function fillDonor(page: Page, email: string, name = "Jordan Rivera") {
  await page.getByRole("textbox", { name: "Your name" }).fill(name);
  await page.getByRole("textbox", { name: "Your e-mail" }).fill(email);
}

test.describe("the donate page without card payments", () => {
  test("explains what a gift funds and how to give by check or at the office, with the legal name, address and EIN", async ({ page }) => {
    await page.goto("/donate");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support Our Mission");
    const form = page.getByRole("form", { name: "Pledge a gift" });
    // Preset amounts are radio buttons (they work without JavaScript); $50 is chosen to start with.
    const amounts = form.getByRole("group", { name: /^Amount/ }).getByRole("radio");
    await expect(amounts).toHaveCount(5);
    await expect(form.getByRole("radio", { name: "$50", exact: true })).toBeChecked();
    await expect(form.getByRole("textbox", { name: "Other amount (US dollars)" })).toBeVisible();
    // No card payments here: no "how often", no card fee.
    await expect(form.getByRole("group", { name: "How often" })).toHaveCount(0);
    await expect(form.getByRole("checkbox")).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Pledge my gift" })).toBeVisible();

    await expect(page.getByRole("heading", { level: 2, name: "Why give" })).toBeVisible();
    const tiers = page.getByRole("region", { name: "What your gift funds" }).getByRole("listitem");
    await expect(tiers).toHaveCount(4);
    const ways = page.getByRole("region", { name: "How to give" });
    await expect(ways.locator("address")).toContainText("1776 Patriot Way");
    await expect(ways.locator("address")).toContainText("San Antonio, TX 78205");
    await expect(ways).toContainText("(sample legal name)");
    await expect(page.getByRole("region", { name: "Tax information" })).toContainText("501(c)(3)");
    await expect(page.getByTestId("ein")).toHaveText("00-0000000");
    await expectNoA11yViolations(page);
  });

  test("a visitor pledges a gift in memory of someone; staff mark it received and the receipt is e-mailed", async ({ page, browser }) => {
    test.slow(); // two browsers and two axe scans
    const email = uniqueMemberEmail("pledge");
    const family = uniqueMemberEmail("family");
    await page.goto("/donate");
    const form = page.getByRole("form", { name: "Pledge a gift" });
    await form.getByRole("textbox", { name: "Other amount (US dollars)" }).fill("75");
    await expect(form.getByRole("radio", { name: "Other amount" })).toBeChecked();
    await expect(page.getByTestId("donate-total")).toHaveText("You give $75.00");
    await form.getByRole("radio", { name: "In memory of" }).check();
    await form.getByRole("textbox", { name: "Their name", exact: true }).fill("Sgt. Ray Ortiz");
    await form.getByRole("textbox", { name: "Tell someone: their name" }).fill("Maria Ortiz");
    await form.getByRole("textbox", { name: "Tell someone: their e-mail" }).fill(family);
    await fillDonor(page, email);
    await form.getByRole("button", { name: "Pledge my gift" }).click();

    const done = page.getByRole("status").filter({ hasText: "Your pledge is recorded" });
    await expect(done.getByRole("heading", { name: "Thank you! Your pledge is recorded" })).toBeFocused();
    const reference = (await done.getByTestId("pledge-reference").textContent())!;
    expect(reference).toMatch(/^DON-\d{4,}$/);
    await expect(done).toContainText("Your pledge of $75.00");
    await expect(done.locator("address")).toContainText("1776 Patriot Way");
    await expect(done).toContainText(`We have also e-mailed you these instructions.`);
    await expectNoA11yViolations(page);

    const instructions = await waitForEmail(email, "donation-pledge");
    expect(instructions.subject).toBe(`Your pledge ${reference}: how to give`);
    expect(instructions.textBody).toContain(`write ${reference} on the memo line`);
    const [pledged] = await giftsOf(email);
    expect(pledged).toMatchObject({ status: "pledged", payment_method: "offline", total_cents: 7500, receipt_number: null, tribute_kind: "memory" });

    // At the office: staff find the pledge and mark it received.
    const staff = await signedInAs(browser, "staff");
    const desk = await staff.context.newPage();
    await desk.goto("/admin/donations");
    await expect(desk.getByRole("heading", { level: 1, name: "Donations" })).toBeVisible();
    const row = desk.getByTestId("gift-row").filter({ hasText: email });
    await expect(row.getByTestId("gift-status")).toHaveText("Pledged (check or desk)");
    await expect(row).toContainText("In memory of Sgt. Ray Ortiz");
    await expectNoA11yViolations(desk);
    await row.getByRole("button", { name: `Mark received (${reference}, $75.00)` }).click();

    await expect(desk.getByRole("status").filter({ hasText: `${reference} marked received` })).toContainText(`was e-mailed to ${email}`);
    await expect(row.getByTestId("gift-status")).toHaveText("Received");
    await expect(row.getByRole("button", { name: /^Mark received/ })).toHaveCount(0);
    const [received] = await giftsOf(email);
    expect(received!.receipt_number).toMatch(/^2027-\d{6}$/); // dated by the site's clock (e2e/clock.ts)
    await expect(row).toContainText(received!.receipt_number!);

    const receipt = await waitForEmail(email, "donation-receipt");
    expect(receipt.subject).toBe(`Your donation receipt ${received!.receipt_number} — Vanguard Veterans`);
    expect(receipt.textBody).toContain("Date of contribution: June 20, 2027");
    expect(receipt.textBody).toContain("Amount: $75.00");
    expect(receipt.textBody).toContain("In memory of: Sgt. Ray Ortiz");
    expect(receipt.textBody).toContain("No goods or services were provided in exchange for this contribution.");
    const notice = await waitForEmail(family, "donation-tribute");
    expect(notice.subject).toBe("A gift in memory of Sgt. Ray Ortiz");
    expect(notice.textBody).not.toContain("$");
    await staff.context.close();
  });

  for (const [typed, message] of <[string, string][]>[
    ["0", "The smallest gift we can take online is $5.00."],
    ["-5", "The smallest gift we can take online is $5.00."],
    ["1e9", "Enter the amount in dollars, using digits only, like 40 or 40.50."],
    ["forty", "Enter the amount in dollars, using digits only, like 40 or 40.50."],
    ["10.999", "Enter dollars and cents only: at most two digits after the point, like 40.50."],
    ["1000000000", "The largest gift this form takes is $25,000.00. For a larger gift, please contact us and we will arrange it with you."],
  ]) {
    test(`an amount of ${typed} is answered beside the field and nothing is stored`, async ({ page }) => {
      const email = uniqueMemberEmail("bad-amount");
      await page.goto("/donate");
      const form = page.getByRole("form", { name: "Pledge a gift" });
      const amount = form.getByRole("textbox", { name: "Other amount (US dollars)" });
      await amount.fill(typed);
      await fillDonor(page, email);
      await form.getByRole("button", { name: "Pledge my gift" }).click();
      await expect(form.getByText(message)).toBeVisible();
      await expect(amount).toHaveAttribute("aria-invalid", "true");
      await expect(amount).toHaveAccessibleDescription(new RegExp(message.replace(/[.$()]/g, "\\$&")));
      await expect(amount).toBeFocused();
      await expect(amount).toHaveValue(typed);
      await expect(alertBox(page)).toHaveText("Please correct the highlighted fields.");
      expect(await giftsOf(email)).toEqual([]);
    });
  }

  test("a refused gift can be corrected, even twice, and keeps every choice made", async ({ page }) => {
    const email = uniqueMemberEmail("retry");
    await page.goto("/donate");
    const form = page.getByRole("form", { name: "Pledge a gift" });
    const amount = form.getByRole("textbox", { name: "Other amount (US dollars)" });
    await form.getByRole("radio", { name: "In honor of" }).check();
    await form.getByRole("textbox", { name: "Their name", exact: true }).fill("Cpl. Dana Lee");
    await fillDonor(page, email);
    for (const [typed, message] of [
      ["forty", "Enter the amount in dollars, using digits only, like 40 or 40.50."],
      ["4", "The smallest gift we can take online is $5.00."],
    ] as const) {
      await amount.fill(typed);
      await form.getByRole("button", { name: "Pledge my gift" }).click();
      await expect(amount).toHaveAccessibleDescription(new RegExp(message.replace(/[.$()]/g, "\\$&")));
      await expect(amount).toHaveValue(typed);
      await expect(form.getByRole("radio", { name: "In honor of" })).toBeChecked();
      await expect(form.getByRole("textbox", { name: "Their name", exact: true })).toHaveValue("Cpl. Dana Lee");
    }
    await amount.fill("40");
    await expect(page.getByTestId("donate-total")).toHaveText("You give $40.00");
    await form.getByRole("button", { name: "Pledge my gift" }).click();
    await expect(page.getByRole("heading", { name: "Thank you! Your pledge is recorded" })).toBeFocused();
    expect(await giftsOf(email)).toMatchObject([{ status: "pledged", total_cents: 4000, tribute_kind: "honor" }]);
  });

  test("a signed-in member finds their e-mail filled in, and the pledge is theirs", async ({ page }) => {
    const { email } = await signUpMember(page);
    await page.goto("/donate");
    await expect(page.getByRole("textbox", { name: "Your e-mail" })).toHaveValue(email);
    await page.getByRole("textbox", { name: "Your name" }).fill("Casey Member");
    await page.getByRole("radio", { name: "$25", exact: true }).check();
    await page.getByRole("button", { name: "Pledge my gift" }).click();
    await expect(page.getByRole("heading", { name: "Thank you! Your pledge is recorded" })).toBeVisible();
    const [gift] = await giftsOf(email);
    expect(gift).toMatchObject({ status: "pledged", total_cents: 2500, user_id: expect.any(String) });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form is a plain post: a pledge is recorded, and a bad amount is refused with 422", async ({ page }) => {
      const email = uniqueMemberEmail("nojs-pledge");
      await page.goto("/donate");
      const form = page.getByRole("form", { name: "Pledge a gift" });
      await form.getByRole("textbox", { name: "Other amount (US dollars)" }).fill("12abc");
      await fillDonor(page, email);
      expect(await postedStatus(page, form.getByRole("button", { name: "Pledge my gift" }))).toBe(422);
      await expect(page.getByText("Enter the amount in dollars, using digits only, like 40 or 40.50.")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Other amount (US dollars)" })).toHaveValue("12abc");
      expect(await giftsOf(email)).toEqual([]);

      // Refused a second time, and what was typed is still there.
      await page.getByRole("textbox", { name: "Other amount (US dollars)" }).fill("4");
      expect(await postedStatus(page, page.getByRole("button", { name: "Pledge my gift" }))).toBe(422);
      await expect(page.getByText("The smallest gift we can take online is $5.00.")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Your e-mail" })).toHaveValue(email);

      // Someone who typed an amount meant it, whichever preset was left checked.
      await page.getByRole("textbox", { name: "Other amount (US dollars)" }).fill("40.50");
      expect(await postedStatus(page, page.getByRole("button", { name: "Pledge my gift" }))).toBe(200);
      await expect(page.getByRole("heading", { name: "Thank you! Your pledge is recorded" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("status")).toContainText("Your pledge of $40.50");
      expect(await giftsOf(email)).toMatchObject([{ status: "pledged", total_cents: 4050 }]);
    });

    test("staff mark a pledge received with a plain post", async ({ browser }) => {
      const email = uniqueMemberEmail("nojs-desk");
      const [row] = await query<{ id: string }>(
        `insert into donations (frequency, donor_name, donor_email, amount_cents, total_cents, status, payment_method) values ('one_time', 'Sam Lee', $1, 3000, 3000, 'pledged', 'offline') returning id`,
        [email],
      );
      const staff = await signedInAs(browser, "staff");
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false, storageState: await staff.context.storageState() });
      const page = await context.newPage();
      await page.goto("/admin/donations");
      await page.getByTestId("gift-row").filter({ hasText: email }).getByRole("button", { name: /^Mark received/ }).click();
      await expectAt(page, `/admin/donations?received=${row!.id}`);
      await expect(page.getByRole("status").filter({ hasText: "marked received" })).toContainText(email);
      await expect(page.getByTestId("gift-row").filter({ hasText: email }).getByTestId("gift-status")).toHaveText("Received");
      expect((await giftsOf(email))[0]).toMatchObject({ status: "paid", receipt_number: expect.stringMatching(/^2027-/) });
      await Promise.all([context.close(), staff.context.close()]);
    });
  });
});

test.describe("Donate links", () => {
  test("the header, the footer and the home page lead to /donate", async ({ page, isMobile }) => {
    await page.goto("/");
    if (isMobile) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Donate" })).toHaveAttribute("href", "/donate");
      await page.getByRole("button", { name: "Close menu" }).click();
    } else {
      await expect(page.getByRole("banner").getByRole("link", { name: "Donate", exact: true })).toHaveAttribute("href", "/donate");
    }
    await expect(page.locator("footer").getByRole("link", { name: "Donate", exact: true })).toHaveAttribute("href", "/donate");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Donate", exact: true })).toHaveAttribute("href", "/donate");
    await expect(main.getByRole("link", { name: "Make a Donation" })).toHaveAttribute("href", "/donate");
    await main.getByRole("link", { name: "Make a Donation" }).click();
    await expect(page).toHaveURL(/\/donate$/);
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    const nav = isMobile ? page.getByRole("navigation", { name: "Mobile" }) : page.getByRole("banner");
    await expect(nav.getByRole("link", { name: "Donate", exact: true })).toHaveAttribute("aria-current", "page");
  });
});
