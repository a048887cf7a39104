/**
 * The donations desk and year-end statements with JavaScript, and axe on each page and state: the list
 * (also with refused filters), a gift (resending its receipt answers in place), totals, monthly donors,
 * statements before and after sending them, a member's Giving tab, and a card refund on the site with
 * Stripe (the unticked box takes the focus). Search, filters, the CSV, the emails, the PDFs and every
 * refusal's answer: e2e/http/staff-donations.spec.ts. Statement year kept to this file: 2025.
 */
import { chicago, clearYear, seedGift, seedMonthlyGift } from "./donations-db";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { uniqueMemberEmail } from "./member";
import { query } from "./staff-db";
import { signedInAs } from "./staff-session";
import { siteWithStripeDatabaseUrl, siteWithStripeUrl, stripeStandInUrl } from "./stripe";

test("with JavaScript: the desk's pages pass axe, refused filters too; a receipt is resent and statements are sent in place", async ({ browser }) => {
  const email = uniqueMemberEmail("desk-axe");
  const gift = await seedGift({ email, name: "Rowan Hale", cents: 7500, at: chicago(2027, 6, 10) });
  await seedMonthlyGift({ email: uniqueMemberEmail("monthly-axe"), name: "Casey Morgan", cents: 3500, at: chicago(2027, 6, 1) });
  const year = 2025;
  await clearYear(year);
  await seedGift({ email: uniqueMemberEmail("statement-axe-a"), name: "Avery Brooks", cents: 5000, at: chicago(year, 2, 1) });
  await seedGift({ email: uniqueMemberEmail("statement-axe-b"), name: "Jordan Rivera", cents: 12000, at: chicago(year, 6, 15) });
  const { context } = await signedInAs(browser, "staff");
  const page = await context.newPage();

  await page.goto("/admin/donations");
  await expect(page.getByRole("heading", { level: 1, name: "Donations" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto("/admin/donations?from=2027-02-30&to=2027-01-01&status=lost");
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Some filters could not be used");
  await expectNoA11yViolations(page);

  await page.goto(`/admin/donations/${gift.id}`);
  await expect(page.getByTestId("desk-gift-status")).toHaveText("Received");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Resend the receipt" }).click();
  await expect(page.getByRole("status").filter({ hasText: "emailed again" })).toHaveText(`Receipt ${gift.receiptNumber} was emailed again to ${email}.`);

  await page.goto("/admin/donations/totals?year=2021");
  await expect(page.getByTestId("month-row")).toHaveCount(12);
  await expectNoA11yViolations(page);
  await page.goto("/admin/donations/monthly");
  await expect(page.getByRole("heading", { level: 1, name: "Monthly donors" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(`/admin/donations/statements?year=${year}`);
  await expect(page.getByRole("heading", { level: 1, name: "Year-end statements" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: `Email the ${year} statements to 2 donors` }).click();
  await expect(page.getByRole("status").filter({ hasText: "queued" })).toHaveText(`2 statements were queued for the ${year} donors.`);
  await expect(page.getByTestId("statements-summary")).toContainText("2 emailed, 0 not yet.");
  await expectNoA11yViolations(page);
  await context.close();
});

test("a member's Giving tab with their years passes axe", async ({ browser }) => {
  const member = await signedInAs(browser, null);
  await seedGift({ email: member.email, name: "Sam Ortiz", cents: 4000, at: chicago(2026, 5, 2) });
  await seedGift({ email: member.email, name: "Sam Ortiz", cents: 2500, at: chicago(2027, 6, 1) });
  const page = await member.context.newPage();
  await page.goto("/profile?tab=giving");
  await expect(page.getByRole("tab", { name: "Giving", selected: true })).toBeVisible();
  await expect(page.getByTestId("giving-year")).toHaveCount(2);
  await expectNoA11yViolations(page);
  await member.context.close();
});

test.describe("on the site with Stripe", () => {
  test.use({ baseURL: siteWithStripeUrl() });
  const site = { url: siteWithStripeUrl(), databaseUrl: siteWithStripeDatabaseUrl() };

  test("with JavaScript: a card gift's refund asks for the ticked box with the focus on it, then answers in place; both states pass axe", async ({ browser, request }) => {
    // The gift is paid with plain form posts (the card journey itself: donate-card.spec.ts).
    const email = uniqueMemberEmail("desk-refund");
    const donor = new TextBrowser(request, siteWithStripeUrl());
    const checkout = await (await donor.get("/donate")).form("form[aria-labelledby=donate-form-title]").check("$50").fill("Your name", "Avery Brooks").fill("Your email", email).submit("Continue");
    expect(checkout.url.origin).toBe(stripeStandInUrl());
    await checkout.form({ button: "Donate" }).submit("Donate");
    const [gift] = await query<{ id: string; receipt_number: string }>("select id, receipt_number from donations where donor_email = $1", [email], site.databaseUrl);

    const staff = await signedInAs(browser, "staff", site);
    const desk = await staff.context.newPage();
    await desk.goto(`/admin/donations/${gift!.id}`);
    await expect(desk.getByTestId("desk-gift-status")).toHaveText("Received");
    await expectNoA11yViolations(desk);

    const refund = desk.getByRole("button", { name: "Refund $50.00" });
    await refund.click();
    await expect(desk.getByText("Tick the box to confirm that the whole gift should be refunded.")).toBeVisible();
    await expect(desk.getByRole("checkbox", { name: /Yes, refund the whole card payment/ })).toBeFocused();
    await desk.getByRole("checkbox", { name: /Yes, refund the whole card payment/ }).check();
    await refund.click();
    await expect(desk.getByRole("status").filter({ hasText: "refunded" })).toHaveText(
      new RegExp(`^Gift DON-\\d+ is refunded through Stripe\\. Receipt ${gift!.receipt_number} is void and the donor was emailed\\.$`),
    );
    await expect(desk.getByTestId("desk-gift-status")).toHaveText("Refunded (receipt void)");
    await expect(desk.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
    await expectNoA11yViolations(desk);
    await staff.context.close();
  });
});
