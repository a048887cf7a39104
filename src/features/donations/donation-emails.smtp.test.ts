/**
 * The donation emails as a donor's mail program receives them: delivered from the outbox over real
 * SMTP (test/smtp.ts), each with a plain-text and an HTML part, and the receipt with what IRS
 * Publication 1771 asks of a written acknowledgment: the organisation's name and EIN, the date, the
 * amount, and whether anything was given in exchange.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { Database } from "@/db/client";
import { enqueueEmail } from "@/lib/email/outbox";
import { deliverDueEmails } from "@/lib/email/deliver.service";
import { smtpTransport } from "@/lib/email/transport";
import { ownDatabase } from "../../../test/db";
import { startSmtpServer, type ReceivedEmail } from "../../../test/smtp";
import { donationSchema } from "./donations.schema";
import { markPledgeReceived, recordPledge } from "./donations.service";
import { NO_GOODS_OR_SERVICES, monthlyGiftEndedEmail, paymentFailedEmail, receiptEmail, receiptVoidEmail, tributeEmail } from "./emails/donation-emails";
import { fromNow } from "../../../test/time";
import { formatLongDate } from "@/lib/time";

const FROM = "Vanguard Veterans Association <no-reply@vanguardveterans.org>";
const LEGAL_NAME = "Vanguard Veterans Association, Inc.";
const EIN = "74-1234567";

beforeAll(() => {
  process.env.ORGANIZATION_LEGAL_NAME = LEGAL_NAME;
  process.env.ORGANIZATION_EIN = EIN;
});
afterAll(() => {
  delete process.env.ORGANIZATION_LEGAL_NAME;
  delete process.env.ORGANIZATION_EIN;
});

/** Delivers everything due in `db`'s outbox to a mail server of this test's own, and returns what arrived. */
async function deliverAll(db: Database): Promise<ReceivedEmail[]> {
  const smtp = await startSmtpServer();
  const transport = smtpTransport(smtp.url, FROM);
  onTestFinished(async () => {
    transport.close();
    await smtp.stop();
  });
  await deliverDueEmails(db, transport, { now: fromNow(1000) });
  return smtp.received;
}

/** The HTML part as text a reader sees: tags gone, entities decoded, white space collapsed. */
function visible(html: string | undefined): string {
  return (html ?? "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replace(/\s+/g, " ");
}

function expectBothParts(mail: ReceivedEmail, phrases: string[]) {
  expect(mail.html, `${mail.subject} has an HTML part`).toBeTruthy();
  for (const phrase of phrases) {
    expect(mail.text, `text part of "${mail.subject}"`).toContain(phrase);
    expect(visible(mail.html), `HTML part of "${mail.subject}"`).toContain(phrase);
  }
}

describe("donation emails over SMTP", () => {
  it("a pledge's instructions, then its receipt when staff mark it received", async () => {
    const db = await ownDatabase();
    const email = `smtp-pledge-${randomUUID()}@example.com`;
    const input = donationSchema.parse({ amount: "other", customAmount: "80", donorName: "Jordan Rivera", donorEmail: email, tributeKind: "none" });
    const pledge = await recordPledge(db, input, null);
    const { receiptNumber } = await markPledgeReceived(db, { id: null, email: "desk@example.org" }, pledge.id);

    const received = await deliverAll(db);
    const instructions = received.find((mail) => mail.subject === `Your pledge ${pledge.reference}: how to give`)!;
    expect(instructions.to).toEqual([email]);
    expectBothParts(instructions, [`make it payable to ${LEGAL_NAME}`, `write ${pledge.reference} on the memo line`, "1776 Patriot Way", "San Antonio, TX 78205"]);

    const receipt = received.find((mail) => mail.subject.startsWith("Your donation receipt"))!;
    expect(receipt.subject).toBe(`Your donation receipt ${receiptNumber} — Vanguard Veterans`);
    expect(receipt.raw).toMatch(/^Reply-To: info@vanguardveterans\.org\r?$/im);
    expectBothParts(receipt, [
      "Dear Jordan Rivera,",
      `Date of contribution`,
      formatLongDate(fromNow()),
      "$80.00",
      `Gift by check or cash (${pledge.reference})`,
      LEGAL_NAME,
      `EIN ${EIN}`,
      `${LEGAL_NAME} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code`,
      NO_GOODS_OR_SERVICES,
      "Please keep this receipt for your tax records.",
    ]);
    expect(receipt.text).toContain(`Receipt number: ${receiptNumber}`);
    expect(receipt.text).toContain("Amount: $80.00");
    expect(receipt.text).toContain(`EIN: ${EIN}`);
  });

  it("a monthly gift's receipt (with its manage link), a voided receipt, a declined month, an ended gift and a tribute notice", async () => {
    const db = await ownDatabase();
    const to = `smtp-monthly-${randomUUID()}@example.com`;
    const receivedAt = new Date("2027-06-20T15:00:00Z");
    const manageLink = `http://localhost:3000/donate/manage?token=${"a".repeat(43)}`;
    const organization = { legalName: LEGAL_NAME, ein: EIN };
    const mails = [
      ["donation-receipt", receiptEmail({
        receiptNumber: "2027-000042",
        reference: "DON-0042",
        donorName: "Avery Brooks",
        donorEmail: to,
        totalCents: 5180,
        feeCents: 180,
        receivedAt,
        kind: "monthly card",
        tribute: { kind: "memory", name: "SSgt. Lena Cruz" },
        manageLink,
        organization,
      })],
      ["donation-receipt-void", receiptVoidEmail({ receiptNumber: "2027-000042", donorName: "Avery Brooks", totalCents: 5180, receivedAt, refundedAt: new Date("2027-06-25T15:00:00Z") })],
      ["donation-payment-failed", paymentFailedEmail({ donorName: "Avery Brooks", totalCents: 5180, manageLink })],
      ["donation-monthly-ended", monthlyGiftEndedEmail({ donorName: "Avery Brooks", totalCents: 5180 })],
      ["donation-tribute", tributeEmail({ donorName: "Avery Brooks", tribute: { kind: "memory", name: "SSgt. Lena Cruz", notifyName: null } })],
    ] as const;
    for (const [kind, mail] of mails) await enqueueEmail(db, { kind, to, ...mail });
    const received = await deliverAll(db);
    const bySubject = (subject: string) => received.find((mail) => mail.subject === subject)!;

    expectBothParts(bySubject("Your donation receipt 2027-000042 — Vanguard Veterans"), [
      "June 20, 2027",
      "$51.80 (your gift of $50.00 plus $1.80 you added to cover the card processing fee)",
      "Monthly gift, this month's card payment (DON-0042)",
      "SSgt. Lena Cruz",
      `EIN ${EIN}`,
      NO_GOODS_OR_SERVICES,
      "update the card or cancel the gift on Stripe's secure page (no account needed)",
    ]);
    expect(bySubject("Your donation receipt 2027-000042 — Vanguard Veterans").text).toContain(manageLink);
    expect(bySubject("Your donation receipt 2027-000042 — Vanguard Veterans").html).toContain(`href="${manageLink}"`);

    expectBothParts(bySubject("Receipt 2027-000042 is void: your gift was refunded"), [
      "We refunded your gift of $51.80 made on June 20, 2027",
      "Receipt 2027-000042 is VOID: please do not use it for a tax deduction.",
    ]);
    expectBothParts(bySubject("Your monthly gift could not be charged"), ["the payment was declined, and nothing was taken this time"]);
    expect(bySubject("Your monthly gift could not be charged").html).toContain(`href="${manageLink}"`);
    expectBothParts(bySubject("Your monthly gift has ended"), ["Your monthly gift of $51.80", "No further payments will be taken."]);

    const tribute = bySubject("A gift in memory of SSgt. Lena Cruz");
    expectBothParts(tribute, ["Avery Brooks has made a gift to the Vanguard Veterans Association in memory of SSgt. Lena Cruz"]);
    expect(`${tribute.text}${tribute.html}`).not.toMatch(/\$|51\.80|5180/);
  });

  it("escapes what donors type in the HTML part", async () => {
    const db = await ownDatabase();
    const to = `smtp-escape-${randomUUID()}@example.com`;
    await enqueueEmail(db, { kind: "donation-tribute", to, ...tributeEmail({ donorName: "<script>alert(1)</script>", tribute: { kind: "honor", name: "A & B <b>", notifyName: "\"Q\"" } }) });
    const [mail] = await deliverAll(db);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).toContain("&lt;script&gt;");
    expect(mail!.html).toContain("A &amp; B &lt;b&gt;");
  });
});
