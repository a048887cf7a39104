/**
 * The donations desk and year-end statements as the server answers them: search and filters (GET forms),
 * a gift's page, resending a receipt, the CSV, totals by month, monthly donors, sending the statements
 * once, a member's statement PDF, bad input answered with a message and a 4xx, and a card refund on the
 * site with Stripe (a plain form post; Stripe's later webhook changes nothing). The desk with JavaScript
 * and axe on each page: e2e/staff-donations.spec.ts. Statement years kept to this file: 2021 (totals) and
 * 2024 (statements).
 */
import { randomUUID } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { chicago, clearYear, seedGift, seedMonthlyGift } from "../donations-db";
import { uniqueMemberEmail } from "../member";
import { countEmails, waitForEmail } from "../outbox";
import { query } from "../staff-db";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "../stripe";
import { expect, test } from "./fixtures";
import type { HttpPage } from "./text-browser";

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const SEARCH = "form[role=search][aria-label='Find gifts']";
const rowsOf = (page: HttpPage, testId: string) => page.byTestId(testId).toArray().map((el) => page.text(el));

test("staff find a gift by search and filters, open it, resend its receipt, and download the list", async ({ signedIn }) => {
  const tag = randomUUID().slice(0, 8);
  const email = uniqueMemberEmail(`desk-${tag}`);
  const received = await seedGift({ email, name: `Rowan ${tag}`, cents: 7500, at: chicago(2027, 6, 10) });
  const pledged = await seedGift({ email, name: `Rowan ${tag}`, cents: 2000, at: chicago(2027, 6, 12), status: "pledged" });
  const { browser: staff, email: staffEmail } = await signedIn("staff");
  const list = await staff.get("/admin/donations");
  expect(list.heading(1)).toBe("Donations");
  expect(list.$("nav[aria-label=Donations] a").filter((_, a) => list.text(a) === "Gifts").attr("aria-current")).toBe("page");

  const found = await list.form(SEARCH).fill("Donor name, email, receipt number or reference", tag).submit("Find gifts");
  expect(found.text("[data-testid=gifts-count]")).toBe("2 gifts match");
  expect(rowsOf(found, "gift-row")[0]).toContain(pledged.reference);

  const paid = await found.form(SEARCH).select("Status", "paid").submit("Find gifts");
  expect(paid.text("[data-testid=gifts-count]")).toBe("1 gift match");
  expect(paid.url.searchParams.get("q")).toBe(tag);
  expect(paid.url.searchParams.get("status")).toBe("paid");

  // The same filters, as a CSV.
  const csv = await staff.request.get(new URL(paid.link("Download these gifts (CSV)").href, paid.url).href);
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="donations-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toMatch(/^Reference,Made \(Central Time\),Received \(Central Time\),Donor,Email,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${received.reference},`);
  expect(lines[1]).toContain(`,75.00,0.00,75.00,${received.receiptNumber},`);

  // Searching by receipt number, then opening the gift.
  const byReceipt = await paid.form(SEARCH).fill(/Donor name/, received.receiptNumber!).select("Status", "").submit("Find gifts");
  expect(byReceipt.text("[data-testid=gifts-count]")).toBe("1 gift match");
  const gift = await byReceipt.follow(received.reference);
  expect(gift.heading(1)).toBe(`Gift ${received.reference}`);
  expect(gift.text("[data-testid=desk-gift-status]")).toBe("Received");
  // Given by check: no refund through Stripe here.
  expect(gift.text("main")).toContain("Given by check or cash: a refund is given back at the desk, not through Stripe.");

  const resent = await gift.form({ button: "Resend the receipt" }).submit();
  expect(resent.statuses("emailed again")).toEqual([`Receipt ${received.receiptNumber} was emailed again to ${email}.`]);
  const copy = await waitForEmail(email, "donation-receipt");
  expect(copy.textBody).toContain(`Receipt number: ${received.receiptNumber}`);
  expect(copy.textBody).toContain("Amount: $75.00");
  expect(await countEmails(email, "donation-receipt")).toBe(1);
  expect(resent.text(resent.region("History")[0]!)).toContain(`Receipt emailed again by ${staffEmail}`);
});

test("bad filters, years and ids are answered with a message and a 4xx, never a 500", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const list = await staff.get("/admin/donations?from=2027-02-30&to=2027-01-01&status=lost");
  expect(list.status).toBe(422);
  expect(list.alert()).toContain("Some filters could not be used");
  expect(list.fieldError("Status")).toBe("Choose a status from the list.");
  expect(list.fieldError("Made from")).toBe("Enter a date as YYYY-MM-DD (a real calendar day), or leave it empty.");
  expect(list.byTestId("gifts-count")).toHaveLength(1); // the list, without the filters that failed

  const totals = await staff.get("/admin/donations/totals?year=20x1");
  expect(totals.status).toBe(422);
  expect(totals.fieldError("Year")).toBe("Enter a year as four digits, e.g. 2027.");
  const statements = await staff.get("/admin/donations/statements?year=1999");
  expect(statements.status).toBe(422);
  expect(statements.fieldError("Year")).toBe("Choose a year from 2000 to 2027.");

  for (const id of [randomUUID(), "nope", "1%27%20or%201=1"]) {
    expect((await staff.get(`/admin/donations/${id}`)).status, id).toBe(404);
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
      const answer = await staff.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBeLessThan(500);
    }
  }
  const csv = await staff.request.get("/admin/donations/export?to=yesterday");
  expect(csv.status()).toBe(400);
  expect(await csv.text()).toBe("The gifts could not be exported:\nto: Enter a date as YYYY-MM-DD (a real calendar day), or leave it empty.\n");
});

test("totals by month for a chosen year: gross, refunded, net and count", async ({ signedIn }) => {
  const year = 2021;
  await clearYear(year);
  const email = uniqueMemberEmail("totals");
  await seedGift({ email, cents: 5000, at: chicago(year, 1, 10) });
  await seedGift({ email, cents: 2500, at: chicago(year, 1, 20) });
  await seedGift({ email, cents: 10000, at: chicago(year, 5, 5), status: "refunded" });
  await seedGift({ email, cents: 1999, at: chicago(year, 12, 1) });
  const { browser: staff } = await signedIn("staff");
  const picker = await staff.get("/admin/donations/totals");
  const page = await picker.form("form[aria-label='Choose the year']").fill("Year", String(year)).submit("Show");
  expect(page.url.searchParams.get("year")).toBe(String(year));
  const rows = rowsOf(page, "month-row");
  expect(rows).toHaveLength(12);
  expect(rows[0]).toMatch(/^January\s*\$75\.00\s*\$0\.00\s*\$75\.00\s*2$/);
  expect(rows[4]).toMatch(/^May\s*\$100\.00\s*−\$100\.00\s*\$0\.00\s*1$/);
  expect(rows[11]).toMatch(/^December\s*\$19\.99\s*\$0\.00\s*\$19\.99\s*1$/);
  expect(page.text("[data-testid=year-row]")).toMatch(new RegExp(`^${year}\\s*\\$194\\.99\\s*−\\$100\\.00\\s*\\$94\\.99\\s*4$`));
});

test("monthly donors: the running monthly gifts with amount, start, last charge and status", async ({ signedIn }) => {
  const email = uniqueMemberEmail("monthly-donor");
  const { charge } = await seedMonthlyGift({ email, name: "Casey Morgan", cents: 3500, at: chicago(2027, 6, 1) });
  const { browser: staff } = await signedIn("staff");
  const page = await staff.get("/admin/donations/monthly");
  expect(page.heading(1)).toBe("Monthly donors");
  const row = page.byTestId("monthly-row").filter((_, el) => page.text(el).includes(email));
  expect(row).toHaveLength(1);
  const text = page.text(row[0]!);
  for (const said of ["Casey Morgan", "$35.00", "Jun 1, 2027", "1 charge", "Active"]) expect(text).toContain(said);
  const gift = await page.follow("Jun 1, 2027", row[0]!);
  expect(gift.heading(1)).toBe(`Gift ${charge.reference}`);
  expect(gift.text(gift.region("Monthly gift")[0]!)).toContain("Active");
});

test("year-end statements: staff email each donor once, with the PDF; pressing again sends nothing twice", async ({ signedIn }) => {
  const year = 2024;
  await clearYear(year);
  const first = uniqueMemberEmail("statement-a");
  const second = uniqueMemberEmail("statement-b");
  await seedGift({ email: first, name: "Avery Brooks", cents: 5000, at: chicago(year, 2, 1) });
  await seedGift({ email: first.toUpperCase(), name: "Avery Brooks", cents: 2500, at: chicago(year, 8, 1) });
  await seedGift({ email: first, cents: 9900, at: chicago(year, 9, 1), status: "refunded" });
  await seedGift({ email: second, name: "Jordan Rivera", cents: 12000, at: chicago(year, 6, 15) });

  const { browser: staff } = await signedIn("staff");
  const page = await staff.get(`/admin/donations/statements?year=${year}`);
  expect(page.heading(1)).toBe("Year-end statements");
  expect(page.text("[data-testid=statements-summary]")).toBe(`2 donors have a statement for ${year} ($195.00 in all). 0 emailed, 2 not yet.`);
  const sent = await page.form({ button: `Email the ${year} statements to 2 donors` }).submit();
  expect(sent.statuses("queued")).toEqual([`2 statements were queued for the ${year} donors.`]);
  expect(sent.text("[data-testid=statements-summary]")).toContain("2 emailed, 0 not yet.");

  const mail = await waitForEmail(first.toUpperCase(), "donation-year-end-statement");
  expect(mail.subject).toBe(`Your ${year} giving statement — Vanguard Veterans`);
  expect(mail.textBody).toContain(`Total of your gifts in ${year}: $75.00`);
  expect(mail.textBody).toContain("No goods or services were provided in exchange for these contributions.");
  expect(mail.htmlBody).toContain("No goods or services were provided in exchange for these contributions.");
  expect(mail.attachments).toEqual([expect.objectContaining({ filename: `giving-statement-${year}.pdf`, contentType: "application/pdf" })]);
  expect(await pdfText(Buffer.from(mail.attachments[0]!.content, "base64"))).toContain("Total (2 gifts) $75.00");
  await waitForEmail(second, "donation-year-end-statement");

  const again = await sent.form({ button: `Email the ${year} statements not sent yet` }).submit();
  expect(again.statuses("queued")).toEqual([`0 statements were queued for the ${year} donors. 2 donors had theirs already and were not emailed again.`]);
  expect(await countEmails(first.toUpperCase(), "donation-year-end-statement")).toBe(1);
  expect(await countEmails(second, "donation-year-end-statement")).toBe(1);
});

test("a member downloads their year-end statement as a PDF from the Giving tab", async ({ signedIn, visitor }) => {
  const member = await signedIn(null);
  const last = await seedGift({ email: member.email, name: "Sam Ortiz", cents: 4000, at: chicago(2026, 5, 2) });
  const later = await seedGift({ email: member.email.toUpperCase(), name: "Sam Ortiz", cents: 6050, at: chicago(2026, 12, 20) });
  const refunded = await seedGift({ email: member.email, cents: 999, at: chicago(2026, 7, 7), status: "refunded" });
  await seedGift({ email: member.email, name: "Sam Ortiz", cents: 2500, at: chicago(2027, 6, 1) });
  const page = await member.browser.get("/profile?tab=giving");
  expect(page.$("[role=tab][aria-selected=true]").text().trim()).toBe("Giving");
  const years = rowsOf(page, "giving-year");
  expect(years).toHaveLength(2);
  expect(years[0]).toContain("2027 (so far)");
  expect(years[1]).toContain("Total $100.50");
  expect(years[1]).not.toContain(refunded.receiptNumber!);

  const link = page.link("Download the 2026 statement (PDF)", page.byTestId("giving-year")[1]!);
  const pdf = await member.browser.request.get(new URL(link.href, page.url).href);
  expect(pdf.headers()["content-disposition"]).toBe('attachment; filename="giving-statement-2026.pdf"');
  const body = await pdf.body();
  expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfText(body);
  for (const expected of ["Year-end giving statement 2026", "Donor: Sam Ortiz", last.receiptNumber!, later.receiptNumber!, "Total (2 gifts) $100.50", "No goods or services were provided in exchange for these contributions."]) {
    expect(text, expected).toContain(expected);
  }
  expect(text).not.toContain(refunded.receiptNumber!);

  expect((await member.browser.request.get("/profile/statements/20x1")).status()).toBe(400);
  expect((await member.browser.request.get("/profile/statements/2010")).status()).toBe(404);
  expect((await visitor.request.get("/profile/statements/2026", { maxRedirects: 0 })).status()).toBe(307);
});

test("resending a receipt is a plain form post", async ({ signedIn }) => {
  const email = uniqueMemberEmail("no-js-resend");
  const gift = await seedGift({ email, cents: 3000, at: chicago(2027, 6, 15) });
  const { browser: staff } = await signedIn("staff");
  const resent = await (await staff.get(`/admin/donations/${gift.id}`)).form({ button: "Resend the receipt" }).submit();
  expect(resent.firstStatus).toBe(303);
  expect(resent.url.pathname).toBe(`/admin/donations/${gift.id}`);
  expect(resent.url.search).toBe("?done=resent");
  expect(resent.statuses("emailed again")).toEqual([`Receipt ${gift.receiptNumber} was emailed again to ${email}.`]);
  expect((await waitForEmail(email, "donation-receipt")).textBody).toContain(`Receipt number: ${gift.receiptNumber}`);
});

test.describe("on the site with Stripe", () => {
  test.use({ baseURL: siteWithStripeUrl() });
  const site = { url: siteWithStripeUrl(), databaseUrl: siteWithStripeDatabaseUrl() };

  test("staff refund a card gift once; its receipt is void, the donor told once, and Stripe's later webhook changes nothing", async ({ visitor, signedIn }) => {
    const email = uniqueMemberEmail("desk-refund");
    const gift = await payCardGift(visitor, email);

    const { browser: staff } = await signedIn("staff", site);
    const found = await staff.get(`/admin/donations?q=${encodeURIComponent(email)}`);
    const page = await found.follow(/^DON-/, found.byTestId("gift-row")[0]!);
    expect(page.text("[data-testid=desk-gift-status]")).toBe("Received");

    const confirmation = /Yes, refund the whole card payment/;
    const refused = await page.form({ button: "Refund $50.00" }).submit();
    expect(refused.status).toBe(422);
    expect(refused.fieldError(confirmation)).toBe("Tick the box to confirm that the whole gift should be refunded.");
    const refunded = await refused.form({ button: "Refund $50.00" }).check(confirmation).submit();
    expect(refunded.statuses("refunded")).toEqual([expect.stringMatching(new RegExp(`^Gift DON-\\d+ is refunded through Stripe\\. Receipt ${gift.receipt_number} is void and the donor was emailed\\.$`))]);
    expect(refunded.text("[data-testid=desk-gift-status]")).toBe("Refunded (receipt void)");
    expect(refunded.buttons("main").filter((name) => /^Refund/.test(name))).toEqual([]);

    // Stripe announces the refund (charge.refunded), and may again: the gift was already refunded.
    const again = await visitor.request.post(`${stripeStandInUrl()}/_stand-in/payment_intents/${gift.stripe_payment_intent_id}/refund`);
    expect(JSON.parse(((await again.json()) as { body: string }).body)).toEqual({ received: true, outcome: "ignored" });
    const voided = await waitForEmail(email, "donation-receipt-void", site.databaseUrl);
    expect(voided.subject).toBe(`Receipt ${gift.receipt_number} is void: your gift was refunded`);
    const [count] = await query<{ n: string }>("select count(*) as n from email_outbox where to_address = $1 and kind = 'donation-receipt-void'", [email], site.databaseUrl);
    expect(Number(count!.n)).toBe(1);
  });
});

/** A $50 one-time gift paid on the Stripe stand-in's Checkout page, with plain form posts; its row. */
async function payCardGift(visitor: import("./text-browser").TextBrowser, email: string) {
  const donate = await visitor.get("/donate");
  const checkout = await donate
    .form("form[aria-labelledby=donate-form-title]")
    .check("$50")
    .fill("Your name", "Avery Brooks")
    .fill("Your email", email)
    .submit("Continue");
  expect(checkout.url.origin).toBe(stripeStandInUrl());
  const paid = await checkout.form({ button: "Donate" }).submit("Donate");
  expect(paid.text("[data-testid=gift-status]")).toContain("Stripe has confirmed your payment.");
  const [gift] = await query<{ id: string; receipt_number: string; stripe_payment_intent_id: string }>(
    "select id, receipt_number, stripe_payment_intent_id from donations where donor_email = $1",
    [email],
    siteWithStripeDatabaseUrl(),
  );
  return gift!;
}
