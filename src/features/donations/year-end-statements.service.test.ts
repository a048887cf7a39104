// @module-tag second-clock: a statement is for a calendar year, this one or one before.
/**
 * Year-end giving statements on a real Postgres: what a statement lists (received, unrefunded gifts
 * of one calendar year in Central Time, by email address in any letter case), the PDF (read back
 * with a PDF text extractor), sending them once per donor and year even with two senders at once,
 * and the member's download and the staff CSV download as HTTP answers.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { donationStatements, donations } from "@/db/schema/donations";
import { emailOutbox } from "@/db/schema/email";
import type { CurrentMember } from "@/lib/auth/session";
import { getOrganizationEnv } from "@/lib/env";
import { formatCents } from "@/lib/money";
import { zonedWallTimeToUtc } from "@/lib/time";
import * as clock from "@/lib/clock";
import { listAudit } from "@/lib/audit.service";
import { NO_GOODS_OR_SERVICES_STATEMENT, type StatementFacts } from "./emails/donation-emails";
import { receiptYear } from "./receipt-numbers.service";
import { statementPdf } from "./statement-pdf";
import { givingByYear, sendYearEndStatements, statementDonors, statementFor, statementYearNotOver } from "./year-end-statements.service";

const signedIn = vi.hoisted(() => ({ member: null as CurrentMember | null }));
vi.mock("@/lib/auth/session", async (original) => {
  const session = await original<typeof import("@/lib/auth/session")>();
  const { roleAllows } = await import("@/lib/access-control");
  return {
    ...session,
    getCurrentMember: async () => signedIn.member,
    // The same answers as the real one (which reads the request's cookie), for the member set here.
    staffOrRefusal: async (permission: Parameters<typeof session.staffOrRefusal>[0]) => {
      const member = signedIn.member;
      if (!member) return new Response(null, { status: 307 });
      return member.role && roleAllows(member.role, permission) ? { ...member, role: member.role } : session.routeNotFound();
    },
  };
});

const desk = { id: null, email: "desk@example.org" };
const chicago = (year: number, month: number, day: number, hour = 12, minute = 0) => zonedWallTimeToUtc({ year, month, day, hour, minute }, "America/Chicago");

let sequence = 0;
async function seedGift(values: { email: string; name?: string; cents: number; at: Date; status?: "paid" | "refunded" | "pledged" }) {
  const status = values.status ?? "paid";
  const receipted = status !== "pledged";
  const [row] = await getDb()
    .insert(donations)
    .values({
      frequency: "one_time",
      donorName: values.name ?? "Morgan Lee",
      donorEmail: values.email,
      amountCents: values.cents,
      totalCents: values.cents,
      status,
      paymentMethod: "offline",
      receiptNumber: receipted ? `${receiptYear(values.at)}-${String(700000 + ++sequence).padStart(6, "0")}${randomUUID().slice(0, 3)}` : null,
      receiptIssuedAt: receipted ? values.at : null,
      paidAt: receipted ? values.at : null,
      refundedAt: status === "refunded" ? values.at : null,
      createdAt: values.at,
      idempotencyKey: randomUUID(),
    })
    .returning();
  return row!;
}

async function pdfTextOf(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

/** A statement's facts made up in memory: two gifts in 2021, from the given organization. */
function factsFor(legalName: string): StatementFacts {
  const gift = (day: number, cents: number) => ({ receivedAt: chicago(2021, 3, day), receiptNumber: `2021-0000${day}`, reference: `gift-${day}`, totalCents: cents });
  return {
    year: 2021,
    donorName: "Morgan Lee",
    donorEmail: "morgan@example.com",
    gifts: [gift(10, 5000), gift(20, 2500)],
    totalCents: 7500,
    organization: { ...getOrganizationEnv(), legalName },
    issuedAt: chicago(2022, 1, 15),
  };
}

/** One donor's gifts around the year 2021: two in it (different letter case), one refunded, one on each side of it. */
async function donorOf2021() {
  const tag = randomUUID().slice(0, 8);
  const email = `statement-${tag}@example.com`;
  const first = await seedGift({ email, name: "Morgan Lee", cents: 5000, at: chicago(2021, 1, 1, 0, 30) });
  const second = await seedGift({ email: email.toUpperCase(), name: "Morgan A. Lee", cents: 12550, at: chicago(2021, 12, 31, 23, 45) });
  const refunded = await seedGift({ email, cents: 9900, at: chicago(2021, 6, 1), status: "refunded" });
  const before = await seedGift({ email, cents: 100, at: chicago(2020, 12, 31, 23, 59) });
  const after = await seedGift({ email, cents: 200, at: chicago(2022, 1, 1, 0, 1) });
  await seedGift({ email, cents: 300, at: chicago(2021, 5, 5), status: "pledged" });
  return { email, first, second, refunded, before, after };
}

describe("a donor's statement for a year", () => {
  it("lists the year's received, unrefunded gifts of that address in any case, with the total", async () => {
    const { email, first, second } = await donorOf2021();
    const facts = await statementFor(getDb(), email.toUpperCase(), 2021);
    expect(facts).toMatchObject({
      year: 2021,
      donorName: "Morgan A. Lee",
      donorEmail: email.toUpperCase(),
      totalCents: 17550,
      organization: { legalName: getOrganizationEnv().legalName, ein: getOrganizationEnv().ein },
    });
    expect(facts!.gifts.map((g) => g.receiptNumber)).toEqual([first.receiptNumber, second.receiptNumber]);
    expect(await statementFor(getDb(), `nobody-${randomUUID()}@example.com`, 2021)).toBeNull();
  });

  it("makes a PDF that says who, what, how much in all, and that nothing was given in exchange", async () => {
    const { email, first, second, refunded, before } = await donorOf2021();
    const facts = (await statementFor(getDb(), email, 2021))!;
    const pdf = await statementPdf(facts);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfTextOf(pdf);
    const { legalName, ein } = getOrganizationEnv();
    for (const expected of [
      legalName,
      `EIN ${ein}`,
      "Year-end giving statement 2021",
      "Donor: Morgan A. Lee",
      `Email: ${email.toUpperCase()}`,
      first.receiptNumber!,
      "January 1, 2021",
      "$50.00",
      second.receiptNumber!,
      "December 31, 2021",
      "$125.50",
      "Total (2 gifts)",
      "$175.50",
      NO_GOODS_OR_SERVICES_STATEMENT,
      "tax-exempt organization under section 501(c)",
      "Internal Revenue Code (EIN",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain(refunded.receiptNumber!);
    expect(text).not.toContain(before.receiptNumber!);
    expect(text).not.toContain("$99.00");
  });

  it("writes every member's name in its own letters: Vietnamese, Korean, Chinese, Polish (embedded Noto fonts)", async () => {
    const names = ["Nguyễn Văn Minh", "김민준", "王小明", "张伟 (陳靜)", "Łukasz Dvořák", "Zoë O’Brien — Ñandú", "Trần Thị Hương 이서연"];
    for (const donorName of names) {
      const facts = { ...factsFor(getOrganizationEnv().legalName), donorName };
      const text = await pdfTextOf(await statementPdf(facts));
      expect(text, donorName).toContain(`Donor: ${donorName}`);
      expect(text, donorName).not.toContain("?");
    }
    // Written decomposed (a letter then its accents), the name still prints as its composed letters.
    const decomposed = await pdfTextOf(await statementPdf({ ...factsFor("Vanguard"), donorName: "Nguyễn Văn Minh".normalize("NFD") }));
    expect(decomposed).toContain("Donor: Nguyễn Văn Minh");
  });

  it("writes an Arabic name joined and right to left, in the order it reads on paper (a PDF's text is stored as drawn)", async () => {
    const text = await pdfTextOf(await statementPdf({ ...factsFor("Vanguard"), donorName: "Sara محمد علي Lee" }));
    // Drawn right to left, "محمد" stands right of "علي": a text extractor reads the words left to right.
    expect(text).toContain("Donor: Sara علي محمد Lee");
    expect(text).not.toContain("?");
  });

  it("prints a character no embedded font has as a visible question mark, the rest of the name as written", async () => {
    const text = await pdfTextOf(await statementPdf({ ...factsFor("Vanguard"), donorName: "Minh 🎖 Nguyễn" }));
    expect(text).toContain("Donor: Minh ? Nguyễn");
  });

  it("never breaks 501(c)(3) across lines, whatever the length of the legal name before it", async () => {
    for (let extra = 0; extra < 14; extra++) {
      const legalName = `Vanguard Veterans Association${" of the Plains".repeat(extra % 4)}${" Inc".repeat(Math.floor(extra / 4))}`;
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await statementPdf(factsFor(legalName)))), { mergePages: true });
      const sentence = text.slice(text.search(/is\s+a\s+tax-exempt\s+organization/));
      expect(sentence, legalName).toMatch(/section\s+501\(c\)\(3\)\s+of/);
    }
  });

  it("is what a member sees on their Giving tab, by year", async () => {
    const { email } = await donorOf2021();
    const years = await givingByYear(getDb(), email);
    expect(years.map((y) => [y.year, y.totalCents, y.gifts.length])).toEqual([
      [2022, 200, 1],
      [2021, 17550, 2],
      [2020, 100, 1],
    ]);
  });
});

describe("sending the year-end statements", () => {
  it("emails each donor of the year once, with the PDF, even when two senders run at the same time", async () => {
    const year = 2019;
    const people = Array.from({ length: 4 }, () => `sender-${randomUUID()}@example.com`);
    for (const [index, email] of people.entries()) {
      await seedGift({ email, name: `Donor ${index}`, cents: 1000 * (index + 1), at: chicago(year, 3, 1 + index) });
      await seedGift({ email: email.toUpperCase(), name: `Donor ${index}`, cents: 500, at: chicago(year, 9, 1) });
    }
    await seedGift({ email: people[0]!, cents: 7777, at: chicago(year, 10, 1), status: "refunded" });

    const [a, b] = await Promise.all([sendYearEndStatements(getDb(), desk, year), sendYearEndStatements(getDb(), { id: null, email: "other@example.org" }, year)]);
    expect(a.sent + b.sent).toBe(4);
    expect(a.donors).toBe(4);
    for (const [index, email] of people.entries()) {
      const mail = await getDb()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, "donation-year-end-statement"), eq(emailOutbox.toAddress, email.toUpperCase())));
      expect(mail, email).toHaveLength(1);
      expect(mail[0]!.subject).toBe("Your 2019 giving statement — Vanguard Veterans");
      const total = formatCents(1000 * (index + 1) + 500);
      expect(mail[0]!.textBody).toContain(`Total of your gifts in 2019: ${total}`);
      expect(mail[0]!.textBody).toContain(NO_GOODS_OR_SERVICES_STATEMENT);
      expect(mail[0]!.textBody).not.toContain("$77.77");
      expect(mail[0]!.htmlBody).toContain(NO_GOODS_OR_SERVICES_STATEMENT);
      const [attachment] = mail[0]!.attachments;
      expect(attachment).toMatchObject({ filename: "giving-statement-2019.pdf", contentType: "application/pdf", encoding: "base64" });
      expect(await pdfTextOf(Buffer.from(attachment!.content, "base64"))).toContain(`Total (2 gifts) ${total}`);
    }
    const claimed = await getDb().select().from(donationStatements).where(eq(donationStatements.year, year)).orderBy(asc(donationStatements.emailKey));
    expect(claimed.map((c) => c.emailKey).sort()).toEqual(people.map((p) => p.toLowerCase()).sort());

    // Pressed again later: nobody is emailed twice, and the page says so.
    expect(await sendYearEndStatements(getDb(), desk, year)).toEqual({ year, donors: 4, sent: 0, alreadySent: 4 });
    expect((await statementDonors(getDb(), year)).every((donor) => donor.sentAt instanceof Date)).toBe(true);
    const audit = await listAudit(getDb(), { recordType: "donation-statements", recordId: String(year) });
    expect(audit.map((entry) => entry.action)).toEqual(["donation.statements-sent", "donation.statements-sent", "donation.statements-sent"]);
    expect(audit[0]!.after).toEqual({ year, donors: 4, sent: 0, alreadySent: 4 });
  });

  it("refuses a year that is not over yet, and changes nothing", async () => {
    const current = receiptYear(clock.now());
    const email = `early-${randomUUID()}@example.com`;
    await seedGift({ email, cents: 1000, at: clock.now() });
    await expect(sendYearEndStatements(getDb(), desk, current)).rejects.toMatchObject({ message: statementYearNotOver(current), field: "year" });
    await expect(sendYearEndStatements(getDb(), desk, current + 1)).rejects.toMatchObject({ field: "year" });
    await expect(sendYearEndStatements(getDb(), desk, 1999)).rejects.toMatchObject({ field: "year" });
    expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(0);
    expect(await getDb().select().from(donationStatements).where(eq(donationStatements.year, current))).toHaveLength(0);
  });

  it("the staff action answers a bad year beside the field", async () => {
    const { sendStatementsAction } = await import("./staff/donations.staff-actions");
    signedIn.member = { id: randomUUID(), email: "staff@example.org", displayName: null, emailVerified: true, role: "staff" };
    const data = new FormData();
    data.set("year", "20x1");
    expect(await sendStatementsAction({ status: "idle" }, data)).toMatchObject({ status: "error", fieldErrors: { year: "Enter a year as four digits, e.g. 2027." } });
    signedIn.member = null;
  });
});

describe("downloads", () => {
  it("a member downloads their own statement as a PDF; a bad year is a 400, a year without gifts a 404, a visitor signs in first", async () => {
    const { GET } = await import("@/app/(site)/profile/statements/[year]/route");
    const { email } = await donorOf2021();
    const get = (year: string) => GET(new Request(`http://localhost/profile/statements/${year}`), { params: Promise.resolve({ year }) });

    signedIn.member = null;
    const visitor = await get("2021");
    expect(visitor.status).toBe(307);
    expect(visitor.headers.get("location")).toBe(`/login?next=${encodeURIComponent("/profile/statements/2021")}`);

    signedIn.member = { id: randomUUID(), email, displayName: null, emailVerified: true, role: null };
    const answer = await get("2021");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="giving-statement-2021.pdf"');
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(await pdfTextOf(new Uint8Array(await answer.arrayBuffer()))).toContain("Total (2 gifts) $175.50");

    for (const bad of ["20x1", "1999", "99999", "2021.pdf", "%00"]) {
      const refused = await get(bad);
      expect(refused.status, bad).toBe(400);
      expect(await refused.text(), bad).toMatch(/^(Enter a year as four digits, e\.g\. 2027\.|Choose a year from 2000 to \d{4}\.)\n$/);
    }
    const none = await get("2005");
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("no statement for that year");

    // Someone else's gifts are never in a member's statement.
    signedIn.member = { id: randomUUID(), email: `someone-else-${randomUUID()}@example.com`, displayName: null, emailVerified: true, role: null };
    expect((await get("2021")).status).toBe(404);
    signedIn.member = null;
  });

  it("the staff CSV answers a filter it cannot use with a 400 and says why; members get a plain 404", async () => {
    const { GET } = await import("@/app/(staff)/admin/donations/export/route");
    signedIn.member = { id: randomUUID(), email: "member@example.org", displayName: null, emailVerified: true, role: null };
    const member = await GET(new Request("http://localhost/admin/donations/export"));
    expect(member.status).toBe(404);
    expect(await member.text()).toBe("Not found");

    signedIn.member = { id: randomUUID(), email: "staff@example.org", displayName: null, emailVerified: true, role: "staff" };
    const bad = await GET(new Request("http://localhost/admin/donations/export?from=2027-02-30&status=lost"));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(
      "The gifts could not be exported:\nstatus: Choose a status from the list.\nfrom: Enter a date as YYYY-MM-DD (a real calendar day), or leave it empty.\n",
    );
    const { email } = await donorOf2021();
    const good = await GET(new Request(`http://localhost/admin/donations/export?q=${encodeURIComponent(email)}&status=paid`));
    expect(good.status).toBe(200);
    expect(good.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await good.text()).trim().split("\r\n");
    expect(lines).toHaveLength(5); // the header and four received gifts (not the refunded one, not the pledge)
    signedIn.member = null;
  });
});
