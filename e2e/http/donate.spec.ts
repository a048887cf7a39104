/**
 * The donate page on the main e2e site (no Stripe keys) as the server answers it, without JavaScript:
 * what a gift funds and how to give, a pledge as a plain form post with its instructions on the page and
 * by email, every refused amount a 422 beside the field that stores nothing and keeps what was chosen,
 * a member's pledge, staff marking a pledge received (the receipt and the tribute notice by email), and
 * the links that lead to /donate. The form with JavaScript (the running total, focus), the desk in place
 * and axe: e2e/donate.spec.ts. Card gifts: e2e/http/donate-card.spec.ts.
 */
import { uniqueMemberEmail } from "../member";
import { waitForEmail } from "../outbox";
import { query } from "../staff-db";
import { expect, test } from "./fixtures";
import type { HttpForm, HttpPage } from "./text-browser";

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

const AMOUNT = "Other amount (US dollars)";

/** The pledge form of /donate (or of a page that answered it). */
function pledgeForm(page: HttpPage): HttpForm {
  expect(page.text("#donate-form-title")).toBe("Pledge a gift");
  return page.form({ button: "Pledge my gift" });
}

function fillDonor(form: HttpForm, email: string, name = "Jordan Rivera"): HttpForm {
  return form.fill(/^Your name/, name).fill(/^Your email/, email);
}

const thanks = (page: HttpPage) => page.statuses("Your pledge is recorded").join("\n");
const giftRow = (page: HttpPage, email: string) => page.byTestId("gift-row").filter((_, el) => page.text(el).includes(email));
const checked = (page: HttpPage, label: string | RegExp) => page.control(label).attr("checked") !== undefined;

test("the donate page without card payments explains what a gift funds and how to give by check or at the office, never showing visitors the sample legal name or EIN", async ({ visitor }) => {
  const page = await visitor.get("/donate");
  expect(page.heading(1)).toBe("Support Our Mission");
  const form = pledgeForm(page);
  const controls = form.controls();
  // Preset amounts are radio buttons (they work without JavaScript); $50 is chosen to start with.
  const amounts = page.$("main form fieldset").filter((_, el) => /^Amount/.test(page.text(page.$(el).children("legend")[0]!)));
  expect(amounts).toHaveLength(1);
  // What a text browser reads: no text hidden by CSS alone ("Amount each month" on a one-time pledge).
  expect(page.text(amounts.children("legend")[0]!)).toBe("Amount");
  expect(amounts.find("input[type=radio]")).toHaveLength(5);
  expect(checked(page, "$50")).toBe(true);
  expect(page.control(AMOUNT).attr("type")).toBe("text");
  // No card payments here: no "how often", no card fee.
  expect(page.$("main form legend").toArray().map((el) => page.text(el))).not.toContain("How often");
  expect(controls.filter((el) => el.attribs.type === "checkbox")).toHaveLength(0);
  expect(page.buttons("main form")).toContain("Pledge my gift");

  expect(page.heading(2).split("\n")).toContain("Why give");
  expect(page.region("What your gift funds").find("li")).toHaveLength(4);
  const ways = page.region("How to give");
  const address = page.text(ways.find("address")[0]!);
  expect(address).toContain("1776 Patriot Way");
  expect(address).toContain("San Antonio, TX 78205");
  // The e2e site runs on the development samples: a visitor reads the site's name and no EIN.
  expect(page.text(ways[0]!)).toContain("payable to Vanguard Veterans Association and mail it");
  const taxNote = page.text(page.region("Tax information")[0]!);
  expect(taxNote).toContain("Vanguard Veterans Association is a 501(c)(3) tax-exempt nonprofit organization. Gifts are");
  expect(page.text("main")).not.toMatch(/sample|00-0000000|EIN/);
  expect(page.$("[data-testid=ein], [data-testid=sample-organization]")).toHaveLength(0);
});

test("staff see the sample legal name and EIN on the donate page, marked as samples with the settings to make", async ({ signedIn }) => {
  const { browser } = await signedIn("staff");
  const page = await browser.get("/donate");
  expect(page.text(page.region("How to give")[0]!)).toContain("payable to Vanguard Veterans Association and mail it");
  expect(page.text(page.region("Tax information")[0]!)).toContain("Vanguard Veterans Association (sample legal name) is a 501(c)(3) tax-exempt nonprofit organization (EIN 00-0000000).");
  expect(page.text("[data-testid=sample-organization]")).toMatch(/^Shown to staff only: ORGANIZATION_LEGAL_NAME and ORGANIZATION_EIN hold the development sample shown above\..*production start is refused until both are set\.$/);
});

test("a visitor pledges a gift in memory of someone; staff mark it received and the receipt is emailed", async ({ visitor, signedIn }) => {
  const email = uniqueMemberEmail("pledge");
  const family = uniqueMemberEmail("family");
  const form = fillDonor(
    pledgeForm(await visitor.get("/donate"))
      .fill(AMOUNT, "75")
      .check("In memory of")
      .fill("Their name", "Sgt. Ray Ortiz")
      .fill(/^Tell someone: their name/, "Maria Ortiz")
      .fill(/^Tell someone: their email/, family),
    email,
  );
  const done = await form.submit("Pledge my gift");
  expect(done.status).toBe(200);
  const said = thanks(done);
  expect(said).toContain("Thank you! Your pledge is recorded");
  const reference = done.text("[data-testid=pledge-reference]");
  expect(reference).toMatch(/^DON-\d{4,}$/);
  expect(said).toContain("Your pledge of $75.00");
  expect(done.text("main [role=status] address")).toContain("1776 Patriot Way");
  expect(said).toContain("We have also emailed you these instructions.");

  const instructions = await waitForEmail(email, "donation-pledge");
  expect(instructions.subject).toBe(`Your pledge ${reference}: how to give`);
  expect(instructions.textBody).toContain(`write ${reference} on the memo line`);
  const [pledged] = await giftsOf(email);
  expect(pledged).toMatchObject({ status: "pledged", payment_method: "offline", total_cents: 7500, receipt_number: null, tribute_kind: "memory" });

  // At the office: staff find the pledge and mark it received.
  const { browser: staff } = await signedIn("staff");
  const desk = await staff.get("/admin/donations");
  expect(desk.heading(1)).toBe("Donations");
  const row = giftRow(desk, email);
  expect(desk.text(row.find("[data-testid=gift-status]")[0]!)).toBe("Pledged (check or desk)");
  expect(desk.text(row[0]!)).toContain("In memory of Sgt. Ray Ortiz");
  const received = await desk.form({ button: `Mark received (${reference}, $75.00)` }).submit(`Mark received (${reference}, $75.00)`);

  expect(received.statuses(`${reference} marked received`, "body").join("\n")).toContain(`was emailed to ${email}`);
  const after = giftRow(received, email);
  expect(received.text(after.find("[data-testid=gift-status]")[0]!)).toBe("Received");
  expect(received.buttons(after[0]!).filter((b) => b.startsWith("Mark received"))).toEqual([]);
  const [paid] = await giftsOf(email);
  expect(paid!.receipt_number).toMatch(/^2027-\d{6}$/); // dated by the site's clock (e2e/clock.ts)
  expect(received.text(after[0]!)).toContain(paid!.receipt_number!);

  const receipt = await waitForEmail(email, "donation-receipt");
  expect(receipt.subject).toBe(`Your donation receipt ${paid!.receipt_number} — Vanguard Veterans`);
  expect(receipt.textBody).toContain("Date of contribution: June 20, 2027");
  expect(receipt.textBody).toContain("Amount: $75.00");
  expect(receipt.textBody).toContain("In memory of: Sgt. Ray Ortiz");
  expect(receipt.textBody).toContain("No goods or services were provided in exchange for this contribution.");
  const notice = await waitForEmail(family, "donation-tribute");
  expect(notice.subject).toBe("A gift in memory of Sgt. Ray Ortiz");
  expect(notice.textBody).not.toContain("$");
});

for (const [typed, message] of <[string, string][]>[
  ["0", "The smallest gift we can take online is $5.00."],
  ["-5", "The smallest gift we can take online is $5.00."],
  ["1e9", "Enter the amount in dollars, using digits only, like 40 or 40.50."],
  ["forty", "Enter the amount in dollars, using digits only, like 40 or 40.50."],
  ["10.999", "Enter dollars and cents only: at most two digits after the point, like 40.50."],
  ["1000000000", "The largest gift this form takes is $25,000.00. For a larger gift, please contact us and we will arrange it with you."],
]) {
  test(`an amount of ${typed} is answered 422 beside the field and nothing is stored`, async ({ visitor }) => {
    const email = uniqueMemberEmail("bad-amount");
    const refused = await fillDonor(pledgeForm(await visitor.get("/donate")).fill(AMOUNT, typed), email).submit("Pledge my gift");
    expect(refused.status).toBe(422);
    expect(refused.fieldError(AMOUNT)).toContain(message);
    expect(refused.control(AMOUNT).attr("aria-invalid")).toBe("true");
    expect(refused.control(AMOUNT).val()).toBe(typed);
    expect(refused.alert()).toBe("Please correct the highlighted fields.");
    expect(await giftsOf(email)).toEqual([]);
  });
}

test("a refused gift can be corrected, even twice, and keeps every choice made", async ({ visitor }) => {
  const email = uniqueMemberEmail("retry");
  let page = await visitor.get("/donate");
  let form = fillDonor(pledgeForm(page).check("In honor of").fill("Their name", "Cpl. Dana Lee"), email);
  for (const [typed, message] of [
    ["forty", "Enter the amount in dollars, using digits only, like 40 or 40.50."],
    ["4", "The smallest gift we can take online is $5.00."],
  ] as const) {
    page = await form.fill(AMOUNT, typed).submit("Pledge my gift");
    expect(page.status).toBe(422);
    expect(page.fieldError(AMOUNT)).toContain(message);
    expect(page.control(AMOUNT).val()).toBe(typed);
    expect(checked(page, "In honor of")).toBe(true);
    expect(page.control("Their name").val()).toBe("Cpl. Dana Lee");
    form = pledgeForm(page);
  }
  const done = await form.fill(AMOUNT, "40").submit("Pledge my gift");
  expect(thanks(done)).toContain("Thank you! Your pledge is recorded");
  expect(await giftsOf(email)).toMatchObject([{ status: "pledged", total_cents: 4000, tribute_kind: "honor" }]);
});

test("a signed-in member finds their email filled in, and the pledge is theirs", async ({ signedIn }) => {
  const { browser: member, email } = await signedIn(null);
  const page = await member.get("/donate");
  expect(page.control(/^Your email/).val()).toBe(email);
  const done = await pledgeForm(page).fill(/^Your name/, "Casey Member").check("$25").submit("Pledge my gift");
  expect(thanks(done)).toContain("Thank you! Your pledge is recorded");
  const [gift] = await giftsOf(email);
  expect(gift).toMatchObject({ status: "pledged", total_cents: 2500, user_id: expect.any(String) });

  // The Giving tab says the pledge is recorded and waits for the gift, rather than "No gifts".
  const giving = await member.get("/profile?tab=giving");
  expect(giving.text("[data-testid=giving-pledges]")).toContain("Waiting for your gift");
  expect(giving.text("[data-testid=giving-pledges]")).toContain("$25.00");
  expect(giving.text("main")).toContain(`No gift from ${email} has been received yet.`);
  expect(giving.text("main")).not.toContain(`No gifts from ${email} yet.`);
});

test("the form is a plain post: a pledge is recorded, and a bad amount is refused with 422", async ({ visitor }) => {
  const email = uniqueMemberEmail("nojs-pledge");
  const first = await fillDonor(pledgeForm(await visitor.get("/donate")).fill(AMOUNT, "12abc"), email).submit("Pledge my gift");
  expect(first.status).toBe(422);
  expect(first.fieldError(AMOUNT)).toContain("Enter the amount in dollars, using digits only, like 40 or 40.50.");
  expect(first.control(AMOUNT).val()).toBe("12abc");
  expect(await giftsOf(email)).toEqual([]);

  // Refused a second time, and what was typed is still there.
  const second = await pledgeForm(first).fill(AMOUNT, "4").submit("Pledge my gift");
  expect(second.status).toBe(422);
  expect(second.fieldError(AMOUNT)).toContain("The smallest gift we can take online is $5.00.");
  expect(second.control(/^Your email/).val()).toBe(email);

  // Someone who typed an amount meant it, whichever preset was left checked.
  expect(checked(second, "Other amount")).toBe(false);
  const done = await pledgeForm(second).fill(AMOUNT, "40.50").submit("Pledge my gift");
  expect(done.status).toBe(200);
  expect(thanks(done)).toContain("Thank you! Your pledge is recorded");
  expect(done.statuses().join("\n")).toContain("Your pledge of $40.50");
  expect(await giftsOf(email)).toMatchObject([{ status: "pledged", total_cents: 4050 }]);
});

test("staff mark a pledge received with a plain post", async ({ signedIn }) => {
  const email = uniqueMemberEmail("nojs-desk");
  const [row] = await query<{ id: string }>(
    `insert into donations (frequency, donor_name, donor_email, amount_cents, total_cents, status, payment_method) values ('one_time', 'Sam Lee', $1, 3000, 3000, 'pledged', 'offline') returning id`,
    [email],
  );
  const { browser: staff } = await signedIn("staff");
  const desk = await staff.get("/admin/donations");
  const form = desk.form(`form:has(input[name=donationId][value="${row!.id}"])`);
  expect(desk.buttons(giftRow(desk, email)[0]!).filter((b) => b.startsWith("Mark received"))).toHaveLength(1);
  const received = await form.submit();
  expect(received.path).toBe(`/admin/donations?received=${row!.id}`);
  expect(received.statuses("marked received", "body").join("\n")).toContain(email);
  expect(received.text(giftRow(received, email).find("[data-testid=gift-status]")[0]!)).toBe("Received");
  expect((await giftsOf(email))[0]).toMatchObject({ status: "paid", receipt_number: expect.stringMatching(/^2027-/) });
});

test("the header, the phone menu, the footer and the home page lead to /donate, which the header marks as the current page", async ({ visitor }) => {
  const home = await visitor.get("/");
  const donateLinks = (page: HttpPage, within: string) => page.links("Donate", within);
  expect(donateLinks(home, "header").map((l) => l.href)).toEqual(["/donate", "/donate"]); // the banner's, and the phone menu's
  expect(home.link("Donate", "nav#mobile-menu").href).toBe("/donate");
  expect(home.link("Donate", "footer").href).toBe("/donate");
  expect(home.link("Donate", "main").href).toBe("/donate");
  const donate = await home.follow("Make a Donation", "main");
  expect(donate.path).toBe("/donate");
  expect(donate.heading(1)).toBe("Support Our Mission");
  const current = (page: HttpPage, within: string) => page.$(within).find("a[href='/donate']").filter((_, el) => page.text(el) === "Donate").attr("aria-current");
  expect(current(donate, "header nav#mobile-menu")).toBe("page");
  expect(current(donate, "header")).toBe("page");
});
