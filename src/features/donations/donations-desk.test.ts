/**
 * The staff donations desk against a real Postgres and the Stripe stand-in (its webhooks delivered
 * to the site's real route): refunds from the desk (once under a double submit, and the webhook that
 * Stripe sends after it changes nothing more), resending a receipt, the list's search and filters,
 * totals by month, monthly donors and the CSV.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { donations, recurringDonations } from "@/db/schema/donations";
import { emailOutbox } from "@/db/schema/email";
import { stripeEvents } from "@/db/schema/orders";
import { zonedWallTimeToUtc } from "@/lib/time";
import { getStripe } from "@/lib/payments/stripe";
import { payCheckout, refundFromDashboard, renewSubscription, withStripeSite } from "../../../test/stripe-site";
import { listAudit } from "@/lib/audit.service";
import { getDeskGift, listDeskGifts, listMonthlyDonors, monthTotals } from "./donations-desk.queries";
import { ALREADY_REFUNDED, CARD_PAYMENTS_OFF, NO_RECEIPT_YET, PAYMENT_UNKNOWN, RECEIPT_VOID, REFUND_AT_DESK, REFUND_NOT_RECEIVED, refundGift, resendReceipt } from "./donations-desk.service";
import { donationReference, donationSchema } from "./donations.schema";
import { markPledgeReceived, recordPledge, startDonationCheckout } from "./donations.service";
import { NO_GOODS_OR_SERVICES } from "./emails/donation-emails";
import { GIFT_CSV_COLUMNS, giftsCsv } from "./staff/gifts-csv";
import { NO_SUCH_GIFT, parseGiftFilter } from "./donations-desk.schema";

const stripeSite = withStripeSite();
const back = { success: "http://localhost/donate/thank-you", cancel: "http://localhost/donate?gift=cancelled" };
const desk = { id: null, email: "desk@example.org" };

function input(overrides: Record<string, string> = {}) {
  return donationSchema.parse({
    amount: "50",
    donorName: "Avery Brooks",
    donorEmail: `desk-${randomUUID()}@example.com`,
    tributeKind: "none",
    idempotencyKey: randomUUID(),
    ...overrides,
  });
}

async function mailTo(to: string, kind: string) {
  return getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
    .orderBy(asc(emailOutbox.id));
}

async function giftsOf(email: string) {
  return getDb().select().from(donations).where(eq(donations.donorEmail, email)).orderBy(asc(donations.number));
}

/** A one-time card gift paid on the stand-in's Checkout page: received, with its receipt. */
async function paidCardGift(overrides: Record<string, string> = {}) {
  const gift = input(overrides);
  await payCheckout(await startDonationCheckout(getDb(), getStripe()!, gift, null, back));
  const [row] = await giftsOf(gift.donorEmail);
  expect(row).toMatchObject({ status: "paid", stripePaymentIntentId: expect.stringMatching(/^pi_/) });
  return row!;
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return "no failure";
}

describe("refunding a card gift from the desk", () => {
  it("refunds once through Stripe even when pressed twice at once; the receipt is void and the donor told once", async () => {
    const gift = await paidCardGift({ amount: "100" });
    const outcomes = await Promise.allSettled([refundGift(getDb(), getStripe(), desk, gift.id), refundGift(getDb(), getStripe(), desk, gift.id)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ message: ALREADY_REFUNDED });

    const refunds = stripeSite.standIn.refunds.filter((r) => r.paymentIntent === gift.stripePaymentIntentId);
    expect(refunds).toEqual([{ id: expect.stringMatching(/^re_standin_/), paymentIntent: gift.stripePaymentIntentId, amount: 10000, idempotencyKey: `refund-donation-${gift.id}` }]);
    const [row] = await giftsOf(gift.donorEmail);
    expect(row).toMatchObject({ status: "refunded", refundedAt: expect.any(Date), stripeRefundId: refunds[0]!.id, receiptNumber: gift.receiptNumber });

    const [voided, ...more] = await mailTo(gift.donorEmail, "donation-receipt-void");
    expect(more).toHaveLength(0);
    expect(voided!.subject).toBe(`Receipt ${gift.receiptNumber} is void: your gift was refunded`);
    expect(voided!.textBody).toContain("We refunded your gift of $100.00");
    const audit = await listAudit(getDb(), { recordType: "donation", recordId: gift.id });
    expect(audit).toEqual([expect.objectContaining({ action: "donation.refund", actorEmail: desk.email, before: { status: "paid" } })]);
    expect(audit[0]!.after).toMatchObject({ status: "refunded", stripeRefundId: refunds[0]!.id, receiptNumber: gift.receiptNumber, voided: true });
  });

  it("the charge.refunded webhook Stripe sends after a desk refund changes nothing more, however often it comes", async () => {
    const gift = await paidCardGift();
    await refundGift(getDb(), getStripe(), desk, gift.id);
    await stripeSite.standIn.settle();
    const event = stripeSite.standIn.events.findLast((e) => e.type === "charge.refunded" && e.payload.includes(gift.stripePaymentIntentId!));
    expect(event, "Stripe announced the refund").toBeDefined();
    const [recorded] = await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event!.id));
    expect(recorded, "the site received and recorded it").toBeDefined();
    // The same refund seen again, as if from the dashboard: still nothing more.
    const again = await refundFromDashboard(stripeSite.standIn, gift.stripePaymentIntentId!);
    expect(JSON.parse(again.body)).toMatchObject({ outcome: "ignored" });

    const [row] = await giftsOf(gift.donorEmail);
    expect(row).toMatchObject({ status: "refunded", stripeRefundId: expect.stringMatching(/^re_/) });
    expect(await mailTo(gift.donorEmail, "donation-receipt-void")).toHaveLength(1);
    expect((await listAudit(getDb(), { recordType: "donation", recordId: gift.id })).map((a) => a.action)).toEqual(["donation.refund"]);
  });

  it("a gift already refunded from Stripe's dashboard is not refunded again, and Stripe is not asked", async () => {
    const gift = await paidCardGift();
    await refundFromDashboard(stripeSite.standIn, gift.stripePaymentIntentId!);
    const asked = stripeSite.standIn.requests.length;
    expect(await failure(refundGift(getDb(), getStripe(), desk, gift.id))).toBe(ALREADY_REFUNDED);
    expect(stripeSite.standIn.requests.length).toBe(asked);
    expect(await mailTo(gift.donorEmail, "donation-receipt-void")).toHaveLength(1);
  });

  it("refunds one month of a monthly gift; the monthly gift goes on", async () => {
    const gift = input({ frequency: "monthly" });
    await payCheckout(await startDonationCheckout(getDb(), getStripe()!, gift, null, back));
    const [plan] = await getDb().select().from(recurringDonations).where(eq(recurringDonations.donorEmail, gift.donorEmail));
    await renewSubscription(stripeSite.standIn, plan!.stripeSubscriptionId!);
    const [, second] = await giftsOf(gift.donorEmail);
    await refundGift(getDb(), getStripe(), desk, second!.id);
    await stripeSite.standIn.settle();
    expect((await giftsOf(gift.donorEmail)).map((g) => g.status)).toEqual(["paid", "refunded"]);
    const [after] = await getDb().select().from(recurringDonations).where(eq(recurringDonations.id, plan!.id));
    expect(after!.status).toBe("active");
    expect(await mailTo(gift.donorEmail, "donation-receipt-void")).toHaveLength(1);
  });

  it("refuses what cannot be refunded through Stripe, and changes nothing", async () => {
    const pledge = await recordPledge(getDb(), input(), null, false);
    expect(await failure(refundGift(getDb(), getStripe(), desk, pledge.id))).toBe(REFUND_NOT_RECEIVED);
    await markPledgeReceived(getDb(), desk, pledge.id);
    expect(await failure(refundGift(getDb(), getStripe(), desk, pledge.id))).toBe(REFUND_AT_DESK);
    expect((await getDb().select().from(donations).where(eq(donations.id, pledge.id)))[0]).toMatchObject({ status: "paid", refundedAt: null });
    const card = await paidCardGift();
    expect(await failure(refundGift(getDb(), null, desk, card.id))).toBe(CARD_PAYMENTS_OFF);
    await getDb().update(donations).set({ stripePaymentIntentId: null }).where(eq(donations.id, card.id));
    expect(await failure(refundGift(getDb(), getStripe(), desk, card.id))).toBe(PAYMENT_UNKNOWN);
    expect(await failure(refundGift(getDb(), getStripe(), desk, randomUUID()))).toBe(NO_SUCH_GIFT);
    expect(await failure(refundGift(getDb(), getStripe(), desk, "not-a-gift'; drop table donations;--"))).toBe(NO_SUCH_GIFT);
    expect(await mailTo(pledge.donorEmail, "donation-receipt-void")).toHaveLength(0);
  });

  it("when Stripe refuses, nothing changes and the desk is told why", async () => {
    const card = await paidCardGift();
    await getDb().update(donations).set({ stripePaymentIntentId: `pi_nobody_knows_${randomUUID().slice(0, 8)}` }).where(eq(donations.id, card.id));
    expect(await failure(refundGift(getDb(), getStripe(), desk, card.id))).toMatch(/^Stripe did not make the refund: No such payment_intent: .*\. Nothing was changed\.$/);
    expect((await giftsOf(card.donorEmail))[0]).toMatchObject({ status: "paid", refundedAt: null, stripeRefundId: null });
    expect(await listAudit(getDb(), { recordType: "donation", recordId: card.id })).toEqual([]);
  });
});

describe("resending a receipt", () => {
  it("emails the same receipt again, with the same number, and records who did it", async () => {
    const gift = await paidCardGift({ amount: "250" });
    const result = await resendReceipt(getDb(), desk, gift.id);
    expect(result).toEqual({ reference: donationReference(gift.number), receiptNumber: gift.receiptNumber, to: gift.donorEmail });
    const [first, copy, ...more] = await mailTo(gift.donorEmail, "donation-receipt");
    expect(more).toHaveLength(0);
    expect(copy!.subject).toBe(first!.subject);
    expect(copy!.textBody).toBe(first!.textBody);
    expect(copy!.textBody).toContain(`Receipt number: ${gift.receiptNumber}`);
    expect(copy!.textBody).toContain(NO_GOODS_OR_SERVICES);
    const [entry] = await listAudit(getDb(), { recordType: "donation", recordId: gift.id });
    expect(entry).toMatchObject({ action: "donation.resend-receipt", actorEmail: desk.email, after: { receiptNumber: gift.receiptNumber, to: gift.donorEmail } });
  });

  it("a monthly charge's copy carries a fresh link to manage the gift", async () => {
    const gift = input({ frequency: "monthly" });
    await payCheckout(await startDonationCheckout(getDb(), getStripe()!, gift, null, back));
    const [charge] = await giftsOf(gift.donorEmail);
    await resendReceipt(getDb(), desk, charge!.id);
    const [first, copy] = await mailTo(gift.donorEmail, "donation-receipt");
    const link = (text: string) => /\/donate\/manage\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(link(copy!.textBody)).toBeDefined();
    expect(link(copy!.textBody)).not.toBe(link(first!.textBody));
    expect(copy!.textBody).toContain(`Receipt number: ${charge!.receiptNumber}`);
  });

  it("is refused for a refunded gift (its receipt is void) and for a gift not received yet", async () => {
    const gift = await paidCardGift();
    await refundGift(getDb(), getStripe(), desk, gift.id);
    expect(await failure(resendReceipt(getDb(), desk, gift.id))).toBe(RECEIPT_VOID);
    const pledge = await recordPledge(getDb(), input(), null, false);
    expect(await failure(resendReceipt(getDb(), desk, pledge.id))).toBe(NO_RECEIPT_YET);
    expect(await failure(resendReceipt(getDb(), desk, randomUUID()))).toBe(NO_SUCH_GIFT);
    expect(await mailTo(gift.donorEmail, "donation-receipt")).toHaveLength(1);
  });
});

let sequence = 0;
/** A gift as the desk sees it, written straight to the table at a chosen instant. */
async function seedGift(values: { email: string; name?: string; cents: number; at: Date | null; made?: Date; status?: "paid" | "refunded" | "pledged" | "pending"; frequency?: "one_time" | "monthly"; method?: "stripe" | "offline" }) {
  const status = values.status ?? "paid";
  const receipted = status === "paid" || status === "refunded";
  const [row] = await getDb()
    .insert(donations)
    .values({
      frequency: values.frequency ?? "one_time",
      donorName: values.name ?? "Seeded Donor",
      donorEmail: values.email,
      amountCents: values.cents,
      totalCents: values.cents,
      status,
      paymentMethod: values.method ?? "offline",
      receiptNumber: receipted ? `${values.at!.getUTCFullYear()}-${String(900000 + ++sequence).padStart(6, "0")}-t${randomUUID().slice(0, 4)}` : null,
      receiptIssuedAt: receipted ? values.at : null,
      paidAt: receipted ? values.at : null,
      refundedAt: status === "refunded" ? values.at : null,
      createdAt: values.made ?? values.at ?? new Date("2030-01-01T12:00:00Z"),
      idempotencyKey: randomUUID(),
    })
    .returning();
  return row!;
}

const chicago = (year: number, month: number, day: number, hour = 12, minute = 0) => zonedWallTimeToUtc({ year, month, day, hour, minute }, "America/Chicago");

describe("totals by month", () => {
  it("adds a year's gifts by the month they were received, in Central Time, with refunds and counts", async () => {
    const email = `totals-${randomUUID()}@example.com`;
    await seedGift({ email, cents: 5000, at: chicago(2033, 1, 15) });
    // 11:30 PM on January 31 in Central Time is February 1 in UTC: it is January's.
    await seedGift({ email, cents: 2000, at: chicago(2033, 1, 31, 23, 30) });
    await seedGift({ email, cents: 10000, at: chicago(2033, 3, 2), status: "refunded" });
    await seedGift({ email, cents: 7500, at: chicago(2033, 3, 20) });
    await seedGift({ email, cents: 999, at: chicago(2033, 12, 31, 23, 59) });
    // Not received: not counted. Another year: not counted.
    await seedGift({ email, cents: 4000, at: null, status: "pledged" });
    await seedGift({ email, cents: 3000, at: chicago(2034, 1, 1, 0, 1) });

    const { months, year } = await monthTotals(getDb(), 2033);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: 1, grossCents: 7000, refundedCents: 0, netCents: 7000, count: 2 });
    expect(months[1]).toEqual({ month: 2, grossCents: 0, refundedCents: 0, netCents: 0, count: 0 });
    expect(months[2]).toEqual({ month: 3, grossCents: 17500, refundedCents: 10000, netCents: 7500, count: 2 });
    expect(months[11]).toEqual({ month: 12, grossCents: 999, refundedCents: 0, netCents: 999, count: 1 });
    expect(year).toEqual({ month: 0, grossCents: 25499, refundedCents: 10000, netCents: 15499, count: 5 });
    expect((await monthTotals(getDb(), 2034)).months[0]).toMatchObject({ grossCents: 3000, count: 1 });
  });
});

describe("the list's search and filters", () => {
  it("finds gifts by name, email, receipt number and reference, and filters by status, kind and dates", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = `Search-${tag}@Example.com`;
    const early = await seedGift({ email, name: `Quinn ${tag}`, cents: 1500, at: chicago(2035, 2, 1, 9) });
    const late = await seedGift({ email, name: `Quinn ${tag}`, cents: 2500, at: chicago(2035, 2, 3, 23, 30), frequency: "monthly", method: "stripe" });
    const pledged = await seedGift({ email, name: `Quinn ${tag}`, cents: 3500, at: null, made: chicago(2035, 2, 5), status: "pledged" });
    const ids = async (params: Record<string, string>) => (await listDeskGifts(getDb(), parseGiftFilter(params).filter)).gifts.map((g) => g.id);

    expect(await ids({ q: tag })).toEqual([pledged.id, late.id, early.id]);
    expect(await ids({ q: `search-${tag}@example.COM` })).toHaveLength(3);
    expect(await ids({ q: early.receiptNumber! })).toEqual([early.id]);
    expect(await ids({ q: donationReference(late.number) })).toEqual([late.id]);
    expect(await ids({ q: String(late.number) })).toContain(late.id);
    expect(await ids({ q: tag, status: "pledged" })).toEqual([pledged.id]);
    expect(await ids({ q: tag, frequency: "monthly" })).toEqual([late.id]);
    // Days are Central Time days, both ends included: 11:30 PM on the 3rd is the 3rd.
    expect(await ids({ q: tag, from: "2035-02-02", to: "2035-02-03" })).toEqual([late.id]);
    expect(await ids({ q: tag, from: "2035-02-01", to: "2035-02-01" })).toEqual([early.id]);
    // Wildcards are literal.
    expect(await ids({ q: "%" })).toEqual([]);
  });

  it("says which filters cannot be used, and lists without them", () => {
    expect(parseGiftFilter({ from: "2027-02-30", to: "yesterday", status: "lost", frequency: "weekly", q: "a\u0000b" }).errors).toEqual({
      from: "Enter a date as YYYY-MM-DD (a real calendar day), or leave it empty.",
      to: "Enter a date as YYYY-MM-DD (a real calendar day), or leave it empty.",
      status: "Choose a status from the list.",
      frequency: "Choose one-time or monthly.",
      q: "Search for at most 100 characters of a name, email, receipt number or reference.",
    });
    const backwards = parseGiftFilter({ from: "2027-03-01", to: "2027-02-01", page: "-3" });
    expect(backwards).toMatchObject({ filter: { from: "2027-03-01", page: 1 }, errors: { to: "The end date is before the start date." } });
    expect(backwards.filter.to).toBeUndefined();
    expect(parseGiftFilter({ q: "x".repeat(101) }).errors.q).toBeDefined();
    expect(parseGiftFilter({ status: ["paid", "pending"], page: "2" })).toEqual({ filter: { status: "paid", page: 2 }, errors: {}, values: expect.any(Object) });
  });

  it("a page past the last shows the last", async () => {
    const { pageCount } = await listDeskGifts(getDb(), { page: 1 });
    expect((await listDeskGifts(getDb(), { page: 2_000_000 })).page).toBe(pageCount);
  });
});

describe("a gift's page and the monthly donors", () => {
  it("shows a monthly charge with its monthly gift; the running monthly gifts list the last charge", async () => {
    const gift = input({ frequency: "monthly", coverFee: "on" });
    await payCheckout(await startDonationCheckout(getDb(), getStripe()!, gift, null, back));
    const [plan] = await getDb().select().from(recurringDonations).where(eq(recurringDonations.donorEmail, gift.donorEmail));
    await renewSubscription(stripeSite.standIn, plan!.stripeSubscriptionId!);
    const charges = await giftsOf(gift.donorEmail);
    const detail = await getDeskGift(getDb(), charges[1]!.id);
    expect(detail).toMatchObject({ frequency: "monthly", status: "paid", totalCents: 5180, feeCents: 180, plan: { id: plan!.id, status: "active", totalCents: 5180 } });
    expect(await getDeskGift(getDb(), "nope")).toBeNull();
    expect(await getDeskGift(getDb(), randomUUID())).toBeNull();

    const donor = (await listMonthlyDonors(getDb())).find((d) => d.id === plan!.id);
    expect(donor).toMatchObject({ donorEmail: gift.donorEmail, totalCents: 5180, status: "active", chargeCount: 2, lastGiftId: charges[1]!.id });
    expect(donor!.lastChargeAt!.getTime()).toBe(charges[1]!.paidAt!.getTime());
  });
});

describe("the CSV export", () => {
  it("has a header row, dollars with two decimals, and cells a spreadsheet cannot run", async () => {
    const gift = await seedGift({ email: `csv-${randomUUID()}@example.com`, name: "=HYPERLINK(\"http://evil\")", cents: 12345, at: chicago(2036, 5, 5, 23, 30) });
    const { gifts } = await listDeskGifts(getDb(), { q: gift.donorEmail, page: 1 }, { all: true });
    const [header, line, end] = giftsCsv(gifts).split("\r\n");
    expect(header).toBe(GIFT_CSV_COLUMNS.join(","));
    expect(line).toContain(`${donationReference(gift.number)},`);
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line).toContain(",123.45,0.00,123.45,");
    expect(line).toContain(gift.receiptNumber);
    // Received at 11:30 PM Central Time, as the screens show it (in UTC it is already the next day).
    expect(header).toContain("Received (Central Time)");
    expect(line).toContain(",2036-05-05 23:30,");
    expect(end).toBe("");
  });
});
