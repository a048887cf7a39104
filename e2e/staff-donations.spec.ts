/**
 * The staff donations desk and year-end statements, as staff on desktop and on a phone: search and
 * filters, a gift's page, resending a receipt (also without JavaScript), the CSV, totals by month,
 * monthly donors, sending the statements once, a member downloading theirs as a PDF, a card refund
 * on the site with Stripe, and bad input answered with a message and a 4xx. Each page gets an axe scan.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { chicago, clearYear, seedGift, seedMonthlyGift } from "./donations-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { uniqueMemberEmail } from "./member";
import { countEmails, waitForEmail } from "./outbox";
import { alertBox, postedStatus } from "./page-helpers";
import { query } from "./staff-db";
import { signedInAs } from "./staff-session";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "./stripe";

/** Years a spec keeps to itself, one per project, so desktop and phone never count each other's gifts. */
const ownYear = (desktop: number, phone: number) => (test.info().project.name.startsWith("desktop") ? desktop : phone);

async function downloaded(page: Page, link: Locator): Promise<{ download: Download; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return { download, body: await readFile((await download.path())!) };
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

test("staff find a gift by search and filters, open it, resend its receipt, and download the list", async ({ browser }) => {
  test.slow(); // three pages with axe, a download
  const tag = randomUUID().slice(0, 8);
  const email = uniqueMemberEmail(`desk-${tag}`);
  const received = await seedGift({ email, name: `Rowan ${tag}`, cents: 7500, at: chicago(2027, 6, 10) });
  const pledged = await seedGift({ email, name: `Rowan ${tag}`, cents: 2000, at: chicago(2027, 6, 12), status: "pledged" });
  const { context, email: staffEmail } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto("/admin/donations");
  await expect(page.getByRole("heading", { level: 1, name: "Donations" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Donations" }).getByRole("link", { name: "Gifts" })).toHaveAttribute("aria-current", "page");
  await expectNoA11yViolations(page);

  const search = page.getByRole("search", { name: "Find gifts" });
  await search.getByRole("searchbox", { name: "Donor name, e-mail, receipt number or reference" }).fill(tag);
  await search.getByRole("button", { name: "Find gifts" }).click();
  await expect(page.getByTestId("gifts-count")).toHaveText("2 gifts match");
  await expect(page.getByTestId("gift-row").first()).toContainText(pledged.reference);

  await search.getByRole("combobox", { name: "Status" }).selectOption("paid");
  await search.getByRole("button", { name: "Find gifts" }).click();
  await expect(page.getByTestId("gifts-count")).toHaveText("1 gift match");
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === tag && url.searchParams.get("status") === "paid");

  // The same filters, as a CSV.
  const { download, body } = await downloaded(page, page.getByRole("link", { name: "Download these gifts (CSV)" }));
  expect(download.suggestedFilename()).toMatch(/^donations-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = body.toString("utf8").trim().split("\r\n");
  expect(lines[0]).toMatch(/^Reference,Made \(UTC\),Received \(UTC\),Donor,E-mail,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${received.reference},`);
  expect(lines[1]).toContain(`,75.00,0.00,75.00,${received.receiptNumber},`);

  // Searching by receipt number, then opening the gift.
  await search.getByRole("searchbox", { name: /Donor name/ }).fill(received.receiptNumber!);
  await search.getByRole("combobox", { name: "Status" }).selectOption("");
  await search.getByRole("button", { name: "Find gifts" }).click();
  await expect(page.getByTestId("gifts-count")).toHaveText("1 gift match");
  await page.getByRole("link", { name: received.reference, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Gift ${received.reference}` })).toBeVisible();
  await expect(page.getByTestId("desk-gift-status")).toHaveText("Received");
  // Given by check: no refund through Stripe here.
  await expect(page.getByText("Given by check or cash: a refund is given back at the desk, not through Stripe.")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Resend the receipt" }).click();
  await expect(page.getByRole("status").filter({ hasText: "e-mailed again" })).toHaveText(`Receipt ${received.receiptNumber} was e-mailed again to ${email}.`);
  const copy = await waitForEmail(email, "donation-receipt");
  expect(copy.textBody).toContain(`Receipt number: ${received.receiptNumber}`);
  expect(copy.textBody).toContain("Amount: $75.00");
  expect(await countEmails(email, "donation-receipt")).toBe(1);
  await expect(page.getByRole("region", { name: "History" })).toContainText(`Receipt e-mailed again by ${staffEmail}`);
  await context.close();
});

test("bad filters, years and ids are answered with a message and a 4xx, never a 500", async ({ browser }) => {
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  const list = await page.goto("/admin/donations?from=2027-02-30&to=2027-01-01&status=lost");
  expect(list?.status()).toBe(422);
  await expect(alertBox(page)).toContainText("Some filters could not be used");
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveAccessibleDescription("Choose a status from the list.");
  await expect(page.getByLabel("Made from")).toHaveAccessibleDescription("Enter a date as YYYY-MM-DD (a real calendar day), or leave it empty.");
  await expect(page.getByTestId("gifts-count")).toBeVisible(); // the list, without the filters that failed
  await expectNoA11yViolations(page);

  const totals = await page.goto("/admin/donations/totals?year=20x1");
  expect(totals?.status()).toBe(422);
  await expect(page.getByRole("textbox", { name: "Year" })).toHaveAccessibleDescription("Enter a year as four digits, e.g. 2027.");
  const statements = await page.goto("/admin/donations/statements?year=1999");
  expect(statements?.status()).toBe(422);
  await expect(page.getByRole("textbox", { name: "Year" })).toHaveAccessibleDescription("Choose a year from 2000 to 2027.");

  for (const id of [randomUUID(), "nope", "1%27%20or%201=1"]) {
    expect((await page.goto(`/admin/donations/${id}`))?.status(), id).toBe(404);
  }
  // Hostile values in every parameter: a message and a 4xx, or the page; never a 500.
  const hostile = ["%00", "'%3B%20drop%20table%20donations%3B--", "9".repeat(30), "2027-13-01", "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "%E0%A4%A", "DON-99999999999", "-1", "1e9"];
  for (const value of hostile) {
    for (const path of [
      `/admin/donations?q=${value}&status=${value}&frequency=${value}&from=${value}&to=${value}&page=${value}&received=${value}`,
      `/admin/donations/${value}`,
      `/admin/donations/totals?year=${value}`,
      `/admin/donations/statements?year=${value}`,
      `/admin/donations/export?q=${value}&from=${value}`,
      `/profile/statements/${value}`,
    ]) {
      const answer = await context.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBeLessThan(500);
    }
  }
  const csv = await context.request.get("/admin/donations/export?to=yesterday");
  expect(csv.status()).toBe(400);
  expect(await csv.text()).toBe("The gifts could not be exported:\nto: Enter a date as YYYY-MM-DD (a real calendar day), or leave it empty.\n");
  await context.close();
});

test("totals by month for a chosen year: gross, refunded, net and count", async ({ browser }) => {
  const year = ownYear(2021, 2022);
  await clearYear(year);
  const email = uniqueMemberEmail("totals");
  await seedGift({ email, cents: 5000, at: chicago(year, 1, 10) });
  await seedGift({ email, cents: 2500, at: chicago(year, 1, 20) });
  await seedGift({ email, cents: 10000, at: chicago(year, 5, 5), status: "refunded" });
  await seedGift({ email, cents: 1999, at: chicago(year, 12, 1) });
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto("/admin/donations/totals");
  const picker = page.getByRole("form", { name: "Choose the year" });
  await picker.getByRole("textbox", { name: "Year" }).fill(String(year));
  await picker.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("year") === String(year));
  const rows = page.getByTestId("month-row");
  await expect(rows).toHaveCount(12);
  await expect(rows.nth(0)).toHaveText(/January\s*\$75\.00\s*\$0\.00\s*\$75\.00\s*2/);
  await expect(rows.nth(4)).toHaveText(/May\s*\$100\.00\s*−\$100\.00\s*\$0\.00\s*1/);
  await expect(rows.nth(11)).toHaveText(/December\s*\$19\.99\s*\$0\.00\s*\$19\.99\s*1/);
  await expect(page.getByTestId("year-row")).toHaveText(new RegExp(`${year}\\s*\\$194\\.99\\s*−\\$100\\.00\\s*\\$94\\.99\\s*4`));
  await expectNoA11yViolations(page);
  await context.close();
});

test("monthly donors: the running monthly gifts with amount, start, last charge and status", async ({ browser }) => {
  const email = uniqueMemberEmail("monthly-donor");
  const { charge } = await seedMonthlyGift({ email, name: "Casey Morgan", cents: 3500, at: chicago(2027, 6, 1) });
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto("/admin/donations/monthly");
  await expect(page.getByRole("heading", { level: 1, name: "Monthly donors" })).toBeVisible();
  const row = page.getByTestId("monthly-row").filter({ hasText: email });
  await expect(row).toContainText("Casey Morgan");
  await expect(row).toContainText("$35.00");
  await expect(row).toContainText("Jun 1, 2027");
  await expect(row).toContainText("1 charge");
  await expect(row).toContainText("Active");
  await expectNoA11yViolations(page);
  await row.getByRole("link", { name: "Jun 1, 2027" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Gift ${charge.reference}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Monthly gift" })).toContainText("Active");
  await context.close();
});

test("year-end statements: staff e-mail each donor once, with the PDF; pressing again sends nothing twice", async ({ browser }) => {
  test.slow(); // PDFs, e-mails and two axe scans
  const year = ownYear(2024, 2025);
  await clearYear(year);
  const first = uniqueMemberEmail("statement-a");
  const second = uniqueMemberEmail("statement-b");
  await seedGift({ email: first, name: "Avery Brooks", cents: 5000, at: chicago(year, 2, 1) });
  await seedGift({ email: first.toUpperCase(), name: "Avery Brooks", cents: 2500, at: chicago(year, 8, 1) });
  await seedGift({ email: first, cents: 9900, at: chicago(year, 9, 1), status: "refunded" });
  await seedGift({ email: second, name: "Jordan Rivera", cents: 12000, at: chicago(year, 6, 15) });

  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();
  await page.goto(`/admin/donations/statements?year=${year}`);
  await expect(page.getByRole("heading", { level: 1, name: "Year-end statements" })).toBeVisible();
  await expect(page.getByTestId("statements-summary")).toHaveText(`2 donors have a statement for ${year} ($195.00 in all). 0 e-mailed, 2 not yet.`);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: `E-mail the ${year} statements to 2 donors` }).click();
  await expect(page.getByRole("status").filter({ hasText: "queued" })).toHaveText(`2 statements were queued for the ${year} donors.`);
  await expect(page.getByTestId("statements-summary")).toContainText("2 e-mailed, 0 not yet.");

  const mail = await waitForEmail(first.toUpperCase(), "donation-year-end-statement");
  expect(mail.subject).toBe(`Your ${year} giving statement — Vanguard Veterans`);
  expect(mail.textBody).toContain(`Total of your gifts in ${year}: $75.00`);
  expect(mail.textBody).toContain("No goods or services were provided in exchange for these contributions.");
  expect(mail.htmlBody).toContain("No goods or services were provided in exchange for these contributions.");
  expect(mail.attachments).toEqual([expect.objectContaining({ filename: `giving-statement-${year}.pdf`, contentType: "application/pdf" })]);
  expect(await pdfText(Buffer.from(mail.attachments[0]!.content, "base64"))).toContain("Total (2 gifts) $75.00");
  await waitForEmail(second, "donation-year-end-statement");

  await page.getByRole("button", { name: `E-mail the ${year} statements not sent yet` }).click();
  await expect(page.getByRole("status").filter({ hasText: "queued" })).toHaveText(`0 statements were queued for the ${year} donors. 2 donors had theirs already and were not e-mailed again.`);
  expect(await countEmails(first.toUpperCase(), "donation-year-end-statement")).toBe(1);
  expect(await countEmails(second, "donation-year-end-statement")).toBe(1);
  await expectNoA11yViolations(page);
  await context.close();
});

test("a member downloads their year-end statement as a PDF from the Giving tab", async ({ browser }) => {
  const member = await signedInAs(browser, null);
  const last = await seedGift({ email: member.email, name: "Sam Ortiz", cents: 4000, at: chicago(2026, 5, 2) });
  const later = await seedGift({ email: member.email.toUpperCase(), name: "Sam Ortiz", cents: 6050, at: chicago(2026, 12, 20) });
  const refunded = await seedGift({ email: member.email, cents: 999, at: chicago(2026, 7, 7), status: "refunded" });
  await seedGift({ email: member.email, name: "Sam Ortiz", cents: 2500, at: chicago(2027, 6, 1) });
  const page = await member.context.newPage();
  await page.goto("/profile?tab=giving");
  await expect(page.getByRole("tab", { name: "Giving", selected: true })).toBeVisible();
  const years = page.getByTestId("giving-year");
  await expect(years).toHaveCount(2);
  await expect(years.nth(0)).toContainText("2027 (so far)");
  await expect(years.nth(1)).toContainText("Total $100.50");
  await expect(years.nth(1)).not.toContainText(refunded.receiptNumber!);
  await expectNoA11yViolations(page);

  const { download, body } = await downloaded(page, years.nth(1).getByRole("link", { name: "Download the 2026 statement (PDF)" }));
  expect(download.suggestedFilename()).toBe("giving-statement-2026.pdf");
  expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfText(body);
  for (const expected of ["Year-end giving statement 2026", "Donor: Sam Ortiz", last.receiptNumber!, later.receiptNumber!, "Total (2 gifts) $100.50", "No goods or services were provided in exchange for these contributions."]) {
    expect(text, expected).toContain(expected);
  }
  expect(text).not.toContain(refunded.receiptNumber!);

  expect((await member.context.request.get("/profile/statements/20x1")).status()).toBe(400);
  expect((await member.context.request.get("/profile/statements/2010")).status()).toBe(404);
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const refused = await visitor.request.get("/profile/statements/2026", { maxRedirects: 0 });
  expect(refused.status()).toBe(307);
  await Promise.all([visitor.close(), member.context.close()]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("resending a receipt is a plain form post", async ({ browser }) => {
    const email = uniqueMemberEmail("no-js-resend");
    const gift = await seedGift({ email, cents: 3000, at: chicago(2027, 6, 15) });
    const staff = await signedInAs(browser, "staff");
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false, storageState: await staff.context.storageState() });
    const page = await context.newPage();
    await page.goto(`/admin/donations/${gift.id}`);
    expect(await postedStatus(page, page.getByRole("button", { name: "Resend the receipt" }))).toBe(303);
    await expect(page).toHaveURL((url) => url.pathname === `/admin/donations/${gift.id}` && url.search === "?done=resent");
    await expect(page.getByRole("status").filter({ hasText: "e-mailed again" })).toHaveText(`Receipt ${gift.receiptNumber} was e-mailed again to ${email}.`);
    expect((await waitForEmail(email, "donation-receipt")).textBody).toContain(`Receipt number: ${gift.receiptNumber}`);
    await Promise.all([context.close(), staff.context.close()]);
  });
});

test.describe("on the site with Stripe", () => {
  test.use({ baseURL: siteWithStripeUrl() });
  const site = { url: siteWithStripeUrl(), databaseUrl: siteWithStripeDatabaseUrl() };

  test("staff refund a card gift once; its receipt is void, the donor told once, and Stripe's later webhook changes nothing", async ({ page, browser }) => {
    test.slow(); // a Checkout payment, a refund and two axe scans
    const email = uniqueMemberEmail("desk-refund");
    await page.goto("/donate");
    const form = page.getByRole("form", { name: "Make a gift" });
    await form.getByRole("radio", { name: "$50", exact: true }).check();
    await page.getByRole("textbox", { name: "Your name" }).fill("Avery Brooks");
    await page.getByRole("textbox", { name: "Your e-mail" }).fill(email);
    await form.getByRole("button", { name: "Continue to secure payment" }).click();
    await expect(page).toHaveURL((url) => url.origin === stripeStandInUrl());
    await page.getByRole("button", { name: "Donate" }).click();
    await expect(page.getByTestId("gift-status")).toContainText("Stripe has confirmed your payment.");
    const [gift] = await query<{ id: string; receipt_number: string; stripe_payment_intent_id: string }>(
      "select id, receipt_number, stripe_payment_intent_id from donations where donor_email = $1",
      [email],
      site.databaseUrl,
    );

    const staff = await signedInAs(browser, "staff", site);
    const desk = await staff.context.newPage();
    await desk.goto(`/admin/donations?q=${encodeURIComponent(email)}`);
    await desk.getByTestId("gift-row").getByRole("link").click();
    await expect(desk.getByTestId("desk-gift-status")).toHaveText("Received");
    await expectNoA11yViolations(desk);

    const refund = desk.getByRole("button", { name: "Refund $50.00" });
    await refund.click();
    await expect(desk.getByText("Tick the box to confirm that the whole gift should be refunded.")).toBeVisible();
    await expect(desk.getByRole("checkbox", { name: /Yes, refund the whole card payment/ })).toBeFocused();
    await desk.getByRole("checkbox", { name: /Yes, refund the whole card payment/ }).check();
    await refund.click();
    await expect(desk.getByRole("status").filter({ hasText: "refunded" })).toHaveText(
      new RegExp(`^Gift DON-\\d+ is refunded through Stripe\\. Receipt ${gift!.receipt_number} is void and the donor was e-mailed\\.$`),
    );
    await expect(desk.getByTestId("desk-gift-status")).toHaveText("Refunded (receipt void)");
    await expect(desk.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
    await expectNoA11yViolations(desk);

    // Stripe announces the refund (charge.refunded), and may again: the gift was already refunded.
    const again = await desk.request.post(`${stripeStandInUrl()}/_stand-in/payment_intents/${gift!.stripe_payment_intent_id}/refund`);
    expect(JSON.parse(((await again.json()) as { body: string }).body)).toEqual({ received: true, outcome: "ignored" });
    const voided = await waitForEmail(email, "donation-receipt-void", site.databaseUrl);
    expect(voided.subject).toBe(`Receipt ${gift!.receipt_number} is void: your gift was refunded`);
    const [count] = await query<{ n: string }>("select count(*) as n from email_outbox where to_address = $1 and kind = 'donation-receipt-void'", [email], site.databaseUrl);
    expect(Number(count!.n)).toBe(1);
    await staff.context.close();
  });
});
