/**
 * The donate form without Stripe keys: it records a pledge and emails how to give it; staff mark
 * it received, which numbers and emails the receipt. Bad amounts store nothing.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { user } from "@/db/schema/auth";
import { donations } from "@/db/schema/donations";
import { emailOutbox } from "@/db/schema/email";
import { idleState } from "@/lib/form-state";
import { formatCents } from "@/lib/money";
import { site } from "@/lib/site";
import { form } from "../../../test/form";
import { listAudit } from "@/lib/audit.service";
import { AMOUNT_MESSAGES } from "./donation-amounts";
import { donateAction } from "./donations.actions";
import { listDeskGifts } from "./donations-desk.queries";
import { MONTHLY_NEEDS_CARD, NOT_A_PLEDGE, markPledgeReceived } from "./donations.service";
import { NO_GOODS_OR_SERVICES } from "./emails/donation-emails";

// Each call comes from an address of its own (the form's per-address limit has a test of its own).
const request = vi.hoisted(() => ({ next: 1, fixed: undefined as string | undefined }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ "x-forwarded-for": request.fixed ?? `198.51.${Math.floor(request.next / 250)}.${(request.next++ % 250) + 1}` }),
}));
const signedIn = vi.hoisted(() => ({ member: null as null | { id: string; email: string; displayName: string | null; role: null } }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  getCurrentMember: async () => signedIn.member,
}));

const desk = { id: null, email: "desk@example.org" };

function gift(overrides: Record<string, string> = {}) {
  return { amount: "100", customAmount: "", donorName: "Dana Whitfield", donorEmail: `pledge-${randomUUID()}@example.com`, tributeKind: "none", idempotencyKey: randomUUID(), ...overrides };
}

async function giftsOf(email: string) {
  return getDb().select().from(donations).where(eq(donations.donorEmail, email));
}

async function mailTo(to: string, kind?: string) {
  return getDb()
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, to))
    .orderBy(emailOutbox.id);
}

describe("a pledge, without Stripe keys", () => {
  it("is recorded as pledged, with how to give it on the page and by email", async () => {
    const input = gift({ coverFee: "on" });
    const state = await donateAction(idleState, form(input));
    expect(state).toMatchObject({ status: "success", data: { kind: "pledged", reference: expect.stringMatching(/^DON-\d{4,}$/), totalCents: 10000, email: input.donorEmail, mailed: true } });

    const [row] = await giftsOf(input.donorEmail);
    // A check has no card fee: the pledge is the gift alone.
    expect(row).toMatchObject({ status: "pledged", paymentMethod: "offline", frequency: "one_time", amountCents: 10000, feeCents: 0, totalCents: 10000, receiptNumber: null, paidAt: null });

    const [mail] = await mailTo(input.donorEmail);
    expect(mail).toMatchObject({ kind: "donation-pledge", replyTo: site.email });
    const reference = state.status === "success" && state.data.kind === "pledged" ? state.data.reference : "";
    expect(mail!.subject).toBe(`Your pledge ${reference}: how to give`);
    expect(mail!.textBody).toContain(`Thank you for pledging a gift of $100.00 to the ${site.name}. Your pledge reference is ${reference}.`);
    expect(mail!.textBody).toContain(`write ${reference} on the memo line`);
    expect(mail!.textBody).toContain("1776 Patriot Way");
    expect(mail!.textBody).toContain("San Antonio, TX 78205");
    expect(mail!.htmlBody).toContain("1776 Patriot Way");
  });

  it("a double submit of the same form records one pledge and sends one email", async () => {
    const input = gift();
    const first = await donateAction(idleState, form(input));
    const second = await donateAction(idleState, form(input));
    expect(second).toMatchObject({ status: "success", data: { reference: first.status === "success" && first.data.kind === "pledged" ? first.data.reference : "?" } });
    expect(await giftsOf(input.donorEmail)).toHaveLength(1);
    expect(await mailTo(input.donorEmail)).toHaveLength(1);
  });

  it.each([
    ["0", AMOUNT_MESSAGES.tooSmall],
    ["-25", AMOUNT_MESSAGES.tooSmall],
    ["1e9", AMOUNT_MESSAGES.notANumber],
    ["1000000000", AMOUNT_MESSAGES.tooLarge],
    ["twenty", AMOUNT_MESSAGES.notANumber],
    ["20.005", AMOUNT_MESSAGES.tooPrecise],
  ])("answers the amount %j beside the field, keeps what was typed, and stores and sends nothing", async (customAmount, message) => {
    const input = gift({ amount: "other", customAmount });
    const state = await donateAction(idleState, form(input));
    expect(state).toMatchObject({ status: "error", fieldErrors: { customAmount: message }, values: { customAmount, donorEmail: input.donorEmail } });
    expect(state.status === "error" && state.formError).toBeFalsy();
    expect(await giftsOf(input.donorEmail)).toHaveLength(0);
    expect(await mailTo(input.donorEmail)).toHaveLength(0);
  });

  it("a monthly gift needs card payments", async () => {
    const input = gift({ frequency: "monthly" });
    expect(await donateAction(idleState, form(input))).toMatchObject({ status: "error", fieldErrors: { frequency: MONTHLY_NEEDS_CARD } });
    expect(await giftsOf(input.donorEmail)).toHaveLength(0);
  });

  it("belongs to the signed-in member who made it", async () => {
    const id = randomUUID();
    await getDb().insert(user).values({ id, name: "Member", email: `member-${id}@example.com`, emailVerified: true });
    signedIn.member = { id, email: `member-${id}@example.com`, displayName: "Member", role: null };
    const input = gift();
    await donateAction(idleState, form(input));
    signedIn.member = null;
    expect((await giftsOf(input.donorEmail))[0]?.userId).toBe(id);
  });

  it("takes ten gifts an hour from one address; the next is told to wait, and nothing is stored", async () => {
    request.fixed = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 10; i++) expect((await donateAction(idleState, form(gift()))).status).toBe("success");
    const input = gift();
    expect(await donateAction(idleState, form(input))).toMatchObject({
      status: "error",
      formError: `You have started several gifts in a short time. Please wait 60 minutes, or call us at ${site.phone}.`,
    });
    expect(await giftsOf(input.donorEmail)).toHaveLength(0);
    request.fixed = undefined;
  });
});

describe("marking a pledge received", () => {
  async function pledge(overrides: Record<string, string> = {}) {
    const input = gift(overrides);
    const state = await donateAction(idleState, form(input));
    if (state.status !== "success") throw new Error(JSON.stringify(state));
    const [row] = await giftsOf(input.donorEmail);
    return { id: row!.id, email: input.donorEmail };
  }

  it("numbers the receipt, emails it, and records who did it", async () => {
    const { id, email } = await pledge({ amount: "other", customAmount: "75" });
    const { reference, receiptNumber } = await markPledgeReceived(getDb(), desk, id);
    expect(receiptNumber).toMatch(/^\d{4}-\d{6}$/);

    const [row] = await giftsOf(email);
    expect(row).toMatchObject({ status: "paid", receiptNumber, paidAt: expect.any(Date), receiptIssuedAt: expect.any(Date) });
    const [receipt] = await mailTo(email, "donation-receipt");
    expect(receipt!.subject).toBe(`Your donation receipt ${receiptNumber} — ${site.shortName}`);
    expect(receipt!.textBody).toContain(`Receipt number: ${receiptNumber}`);
    expect(receipt!.textBody).toContain(`Amount: ${formatCents(7500)}`);
    expect(receipt!.textBody).toContain(`Gift: Gift by check or cash (${reference})`);
    expect(receipt!.textBody).toContain(NO_GOODS_OR_SERVICES);
    expect(receipt!.textBody).not.toContain("/donate/manage");

    const [entry] = await listAudit(getDb(), { recordType: "donation", recordId: id });
    expect(entry).toMatchObject({ action: "donation.mark-received", actorEmail: desk.email, before: { status: "pledged" }, after: { status: "paid", receiptNumber } });
  });

  it("happens once, even when two people press the button together", async () => {
    const { id, email } = await pledge();
    const results = await Promise.allSettled([markPledgeReceived(getDb(), desk, id), markPledgeReceived(getDb(), desk, id)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ message: NOT_A_PLEDGE });
    expect(await mailTo(email, "donation-receipt")).toHaveLength(1);
    await expect(markPledgeReceived(getDb(), desk, id)).rejects.toMatchObject({ message: NOT_A_PLEDGE });
  });

  it("tells the person a tribute names, once, without the amount", async () => {
    const notify = `family-${randomUUID()}@example.com`;
    const { id } = await pledge({ amount: "250", tributeKind: "memory", tributeName: "Sgt. Ray Ortiz", tributeNotifyName: "Maria Ortiz", tributeNotifyEmail: notify });
    expect(await mailTo(notify), "nothing before the gift is received").toHaveLength(0);
    await markPledgeReceived(getDb(), desk, id);
    const [notice] = await mailTo(notify);
    expect(notice).toMatchObject({ kind: "donation-tribute", subject: "A gift in memory of Sgt. Ray Ortiz" });
    expect(notice!.textBody).toContain("Dear Maria Ortiz,");
    expect(notice!.textBody).toContain(`Dana Whitfield has made a gift to the ${site.name} in memory of Sgt. Ray Ortiz`);
    expect(notice!.textBody).not.toMatch(/\$|250/);
    expect(notice!.htmlBody).not.toMatch(/\$|250/);
  });
});

describe("the staff list of gifts", () => {
  it("shows every gift newest first with its status, and a page past the last shows the last", async () => {
    const older = gift();
    const newer = gift({ tributeKind: "honor", tributeName: "Cpl. Ana Ruiz" });
    await donateAction(idleState, form(older));
    await donateAction(idleState, form(newer));
    const { gifts, total, page, pageCount } = await listDeskGifts(getDb(), { page: 1 });
    expect(gifts.slice(0, 2).map((g) => g.donorEmail)).toEqual([newer.donorEmail, older.donorEmail]);
    expect(gifts[0]).toMatchObject({ status: "pledged", paymentMethod: "offline", frequency: "one_time", totalCents: 10000, receiptNumber: null, tribute: "In honor of Cpl. Ana Ruiz" });
    expect(total).toBeGreaterThanOrEqual(2);
    expect(page).toBe(1);
    expect((await listDeskGifts(getDb(), { page: 2_000_000 })).page).toBe(pageCount);
  });
});
