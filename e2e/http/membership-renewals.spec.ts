/**
 * Membership renewals (ADR 0019, issue 12) as the server answers them, without JavaScript: the
 * membership tab tells active, in grace and lapsed apart and renews through the shop's checkout (plain
 * form posts); a renewal reminder arrives by email, once, with its link; staff list memberships, record a
 * renewal paid at the desk and set the benefits' value, each refusal a 422 beside the field. The tab and
 * the desk with JavaScript, and axe: e2e/membership-renewals.spec.ts.
 */
import { formatLongDate } from "../../src/lib/time";
import { E2E_CLOCK_START } from "../clock";
import { siteWithMail, waitForDelivered } from "../mail";
import { auditCount, membershipOf, setMembership, userIdOf } from "../members-desk-db";
import { query } from "../staff-db";
import { waitForEmail } from "../outbox";
import { expect, test } from "./fixtures";
import type { HttpPage } from "./text-browser";

const DAY = 86_400_000;
const start = new Date(E2E_CLOCK_START);
const days = (n: number) => new Date(start.getTime() + n * DAY);
const fmt = (date: Date) => formatLongDate(date);
const panel = (page: HttpPage) => page.text("[role=tabpanel]");
const testId = (page: HttpPage, id: string) => page.text(`[data-testid=${id}]`);

test("a member renews from the membership tab through checkout, and the year is added to the current expiry", async ({ signedIn }) => {
  const { browser: member, email } = await signedIn(null);
  const { browser: staff } = await signedIn("staff");
  const memberId = await userIdOf(email);
  const expiry = days(20);
  await setMembership(memberId, "premium", days(-345), expiry);

  const tab = await member.get("/profile?tab=membership");
  expect(testId(tab, "membership-status")).toBe("Active");
  expect(testId(tab, "membership-standing")).toContain(`runs until ${fmt(expiry)}`);
  expect(panel(tab)).not.toMatch(/webinar|course included/i);
  expect(panel(tab)).toContain("Elite-only leadership and mentorship events");

  const cart = await tab.form({ button: "Renew Premium for a year ($99.00)" }).submit("Renew Premium for a year ($99.00)");
  expect(cart.path).toBe("/shop/cart?notice=membership");
  expect(testId(cart, "cart-line")).toContain("Premium Membership (1 year)");
  const placed = await (await cart.follow("Proceed to Checkout"))
    .form({ button: "Place order" })
    .fill("Full name", "Renee Member")
    .fill("Phone", "512 555 0100")
    .submit("Place order");
  expect(placed.path).toMatch(/^\/shop\/orders\/[0-9a-f-]{36}$/);
  const orderId = placed.url.pathname.split("/").pop()!;

  // Paid at the desk (no Stripe keys on this site): the same markOrderPaid a card payment runs.
  const desk = await staff.get(`/admin/orders/${orderId}`);
  await desk.form({ button: /^Mark paid/ }).select("Paid by", "Cash").check(/^Yes, \$[\d.]+ was received/).submit(/^Mark paid/);
  const renewed = new Date(expiry);
  renewed.setUTCFullYear(renewed.getUTCFullYear() + 1);
  await expect.poll(async () => (await membershipOf(memberId))?.renewsOn.toISOString()).toBe(renewed.toISOString());
  expect(testId(await member.get("/profile?tab=membership"), "membership-standing")).toContain(`runs until ${fmt(renewed)}`);
});

test("an expired membership shows in grace with the end of its benefits, then lapsed once grace is over", async ({ signedIn }) => {
  const { browser: member, email } = await signedIn(null);
  const memberId = await userIdOf(email);

  await setMembership(memberId, "elite", days(-370), days(-5));
  const grace = await member.get("/profile?tab=membership");
  expect(testId(grace, "membership-status")).toContain("In grace");
  expect(testId(grace, "membership-status")).toContain(`Benefits until ${fmt(days(9))}`);
  expect(testId(grace, "membership-standing")).toContain(`expired on ${fmt(days(-5))}`);

  await setMembership(memberId, "elite", days(-400), days(-30));
  const lapsed = await member.get("/profile?tab=membership");
  expect(testId(lapsed, "membership-status")).toBe("Lapsed");
  expect(testId(lapsed, "membership-standing")).toContain(`its benefits ended on ${fmt(days(-16))}`);
  expect(lapsed.buttons("[role=tabpanel]")).toContain("Renew Elite for a year ($199.00)");
});

test("a renewal reminder arrives by email, once, with a link to the membership tab", async ({ signedIn }) => {
  test.setTimeout(60_000);
  const site = siteWithMail();
  const { browser: member, email } = await signedIn(null, site);
  const [row] = await query<{ id: string }>(`select id from "user" where email = $1`, [email], site.databaseUrl);
  const expiry = days(20); // inside the 30-day step's window for the whole run
  await query(`insert into memberships (user_id, plan, started_at, renews_on) values ($1, 'premium', $2, $3)`, [row!.id, days(-345), expiry], site.databaseUrl);

  const mail = await waitForDelivered(email, `Your Premium membership expires on ${fmt(expiry)}`, 30_000);
  const link = /(http\S+\/profile\?tab=membership#renew)/.exec(mail.text)?.[1];
  expect(link).toBe(`${site.url}/profile?tab=membership#renew`);
  expect(mail.html).toContain(`href="${link}"`);

  const tab = await member.get(link!);
  expect(tab.buttons("[role=tabpanel]")).toContain("Renew Premium for a year ($99.00)");
  // Several passes later (every 3 s on this site), still one.
  await new Promise((resolve) => setTimeout(resolve, 7_000));
  const [count] = await query<{ n: number }>(`select count(*)::int as n from email_outbox where to_address = $1 and kind = 'membership-reminder'`, [email], site.databaseUrl);
  expect(count!.n).toBe(1);
});

test("staff list memberships by status, record a desk renewal (audited) and set the benefits' value", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const { email } = await signedIn(null);
  const memberId = await userIdOf(email);
  await setMembership(memberId, "premium", days(-370), days(-3));

  const list = await staff.get("/admin/memberships?status=grace");
  expect(list.heading(1)).toBe("Memberships");
  const row = (page: HttpPage) => page.byTestId("membership-row").filter((_, el) => page.text(el).includes(email));
  expect(list.text(row(list)[0]!)).toContain("In grace");

  expect(list.region("Record a desk renewal").find("button").text()).toContain("Record renewal");
  expect(list.region("Value of the benefits").find("button").text()).toContain("Save values");
  const renewal = (page: HttpPage) => page.form({ button: "Record renewal" });
  const unknown = await renewal(list)
    .fill("Member's email", "nobody-at-all@example.com")
    .fill("Amount received (dollars)", "99.00")
    .select("Paid by", "Cash")
    .check("The member paid for one year at the desk")
    .submit("Record renewal");
  expect(unknown.status).toBe(422);
  expect(unknown.fieldError("Member's email")).toContain("No account has this email address.");
  expect(await auditCount("user", memberId, "membership.desk-renewal")).toBe(0);

  const recorded = await renewal(unknown).fill("Member's email", email).check("The member paid for one year at the desk").submit("Record renewal");
  expect(recorded.statuses(`Premium membership of ${email} recorded: it now runs until`, recorded.region("Record a desk renewal")[0]!)).toEqual([
    expect.stringMatching(/ Receipt M-\d+ was emailed to them\.$/),
  ]);
  expect(await auditCount("user", memberId, "membership.desk-renewal")).toBe(1);
  const active = await staff.get("/admin/memberships?status=active");
  expect(active.text(row(active)[0]!)).toContain("Active");

  const values = (page: HttpPage) => page.form({ button: "Save values" });
  const negative = await values(active).fill("Premium benefits' value (dollars)", "-5").submit("Save values");
  expect(negative.status).toBe(422);
  expect(negative.fieldError("Premium benefits' value (dollars)")).toBe("A value can't be negative.");
  const saved = await values(negative).fill("Premium benefits' value (dollars)", "25.00").submit("Save values");
  expect(saved.statuses("Premium benefits worth $25.00 and Elite benefits worth $50.00", saved.region("Value of the benefits")[0]!)).toHaveLength(1);
});

test("a refused desk renewal answers 422 with the message beside the field, and nothing changes", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const list = await staff.get("/admin/memberships");
  expect(list.region("Record a desk renewal").find("button").text()).toContain("Record renewal");
  const refused = await list
    .form({ button: "Record renewal" })
    .fill("Member's email", "<script>alert(1)</script>")
    .submit("Record renewal");
  expect(refused.status).toBe(422);
  expect(refused.alert()).not.toBe("");
  expect(refused.fieldError("Member's email")).toBe("That is not an email address.");
});

test("a desk renewal keeps the amount and method, emails the receipt, and a second one within minutes asks before extending again", async ({ signedIn }) => {
  const { browser: staff } = await signedIn("staff");
  const { email } = await signedIn(null);
  const memberId = await userIdOf(email);
  const renewal = (page: HttpPage) => page.form({ button: "Record renewal" });
  const list = await staff.get("/admin/memberships");

  // Bad amounts and an unknown method: a 422 beside the field, and nothing recorded.
  const negative = await renewal(list).fill("Member's email", email).fill("Amount received (dollars)", "-99").select("Paid by", "Cash").check("The member paid for one year at the desk").submit("Record renewal");
  expect(negative.status).toBe(422);
  expect(negative.fieldError("Amount received (dollars)")).toMatch(/ An amount received can't be negative\.$/);
  const bitcoin = await renewal(negative).fill("Amount received (dollars)", "99").check("The member paid for one year at the desk").without("method").add("method", "bitcoin").submit("Record renewal");
  expect(bitcoin.status).toBe(422);
  expect(bitcoin.fieldError("Paid by")).toBe("Choose how it was paid: cash, card or check.");
  expect(await auditCount("user", memberId, "membership.desk-renewal")).toBe(0);
  expect(await membershipOf(memberId)).toBeUndefined();

  const recorded = await renewal(bitcoin).select("Paid by", "Check").fill("Amount received (dollars)", "99").check("The member paid for one year at the desk").submit("Record renewal");
  expect(recorded.status).toBe(200);
  const [said] = recorded.statuses(`Premium membership of ${email} recorded`, recorded.region("Record a desk renewal")[0]!);
  const receiptNumber = / Receipt (M-\d+) was emailed to them\.$/.exec(said ?? "")?.[1];
  expect(receiptNumber).toMatch(/^M-\d+$/);
  const receipt = await waitForEmail(email, "membership-receipt");
  expect(receipt.subject).toBe(`Your Premium membership receipt (receipt ${receiptNumber})`);
  expect(receipt.textBody).toContain("Amount paid: $99.00");
  expect(receipt.textBody).toContain("Paid by: Check, at the desk");
  expect(receipt.textBody).toMatch(/Of your payment of \$99\.00, \$\d+\.\d{2} is a gift/);
  const [stored] = await query<{ amount_cents: number; method: string }>("select amount_cents, method from membership_desk_payments where user_id = $1", [memberId]);
  expect(stored).toEqual({ amount_cents: 9900, method: "check" });
  const once = (await membershipOf(memberId))!.renewsOn.toISOString();

  // A second volunteer records the same cash a moment later: asked first, nothing extended.
  const other = (await signedIn("staff")).browser;
  const again = await renewal(await other.get("/admin/memberships"))
    .fill("Member's email", email)
    .fill("Amount received (dollars)", "99")
    .select("Paid by", "Check")
    .check("The member paid for one year at the desk")
    .submit("Record renewal");
  expect(again.status).toBe(422);
  expect(again.alert()).toContain(`${email} already had Premium recorded at the desk `);
  expect(again.alert()).toContain(" ago ($99.00 check, by ");
  expect(again.alert()).toContain('If this is a second payment, tick "This is a second payment" and record it again');
  expect((await membershipOf(memberId))!.renewsOn.toISOString()).toBe(once);
  expect(await auditCount("user", memberId, "membership.desk-renewal")).toBe(1);

  // Ticked, it is a second payment: recorded and extended.
  const second = await renewal(again).check("The member paid for one year at the desk").check("This is a second payment: record it again").submit("Record renewal");
  expect(second.statuses(`Premium membership of ${email} recorded`, second.region("Record a desk renewal")[0]!)).toHaveLength(1);
  expect(await auditCount("user", memberId, "membership.desk-renewal")).toBe(2);
  expect((await membershipOf(memberId))!.renewsOn.toISOString()).not.toBe(once);
});
