import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "@/db/schema/auth";
import { memberships } from "@/db/schema/orders";
import { emailOutbox } from "@/db/schema/email";
import { membershipDeskPayments } from "@/db/schema/memberships";
import { listAudit } from "@/lib/audit.service";
import { MEMBER_NOT_FOUND } from "@/lib/auth/member-id";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { getMemberDetail } from "@/features/members/members-desk.queries";
import { benefitValues } from "./membership-benefits";
import { deskRenewalSchema, grantMembershipSchema } from "./memberships-desk.schema";
import { grantMembership, recordDeskRenewal, REPEAT_FIELD } from "./memberships-desk.service";

const NOW = new Date("2027-03-10T18:00:00Z");
const DAY = 86_400_000;

async function account(role: string | null = null): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `grant-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "Pat Member", email, emailVerified: true, role });
  return { id, email };
}

async function staffActor() {
  return { ...(await account("staff")), role: "staff" as const };
}

async function refusal(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

async function membershipOf(userId: string) {
  const [row] = await testDb().select().from(memberships).where(eq(memberships.userId, userId));
  return row;
}

const grant = (memberId: string, plan: "premium" | "elite", months: number, payment: Record<string, string> = { method: "cash", amount: "99.00" }) =>
  grantMembershipSchema.parse({ memberId, plan, months: String(months), ...payment });

describe("granting a membership at the desk", () => {
  it("starts a plan from now for the months asked, in the row a paid order writes, with an audit record", async () => {
    const staff = await staffActor();
    const member = await account();
    const granted = await grantMembership(testDb(), staff, grant(member.id, "premium", 12), NOW);
    expect(granted).toEqual({ planName: "Premium", renewsOn: new Date("2028-03-10T18:00:00Z"), extended: false, receipt: expect.stringMatching(/^M-\d+$/) });
    expect(await membershipOf(member.id)).toEqual({ userId: member.id, plan: "premium", orderId: null, startedAt: NOW, renewsOn: new Date("2028-03-10T18:00:00Z") });
    const [entry] = await listAudit(testDb(), { recordType: "user", recordId: member.id });
    expect(entry).toMatchObject({ actorEmail: staff.email, action: "membership.grant", before: null, after: { plan: "premium", months: 12 } });
    const detail = await getMemberDetail(testDb(), member.id, NOW);
    expect(detail?.membership).toMatchObject({ plan: "premium", planName: "Premium", active: true, orderId: null });
  });

  it("extends a running membership of the same plan from its end date, not from today", async () => {
    const staff = await staffActor();
    const member = await account();
    const startedAt = new Date(NOW.getTime() - 200 * DAY);
    const renewsOn = new Date("2027-06-01T05:00:00Z"); // midnight in Chicago
    await testDb().insert(memberships).values({ userId: member.id, plan: "elite", startedAt, renewsOn });
    const granted = await grantMembership(testDb(), staff, grant(member.id, "elite", 3), NOW);
    expect(granted).toEqual({ planName: "Elite", renewsOn: new Date("2027-09-01T05:00:00Z"), extended: true, receipt: expect.stringMatching(/^M-\d+$/) });
    expect(await membershipOf(member.id)).toMatchObject({ plan: "elite", startedAt, renewsOn: new Date("2027-09-01T05:00:00Z") });
    const [entry] = await listAudit(testDb(), { recordType: "user", recordId: member.id });
    expect(entry).toMatchObject({ action: "membership.extend", before: { plan: "elite" }, after: { plan: "elite", months: 3 } });
  });

  it("starts afresh from now when the plan has lapsed; a change of plan keeps the paid time", async () => {
    const staff = await staffActor();
    const lapsed = await account();
    await testDb().insert(memberships).values({ userId: lapsed.id, plan: "premium", startedAt: new Date("2025-01-01Z"), renewsOn: new Date("2026-01-01Z") });
    expect(await grantMembership(testDb(), staff, grant(lapsed.id, "premium", 1), NOW)).toMatchObject({ extended: false, renewsOn: new Date("2027-04-10T17:00:00Z") });
    const switching = await account();
    await testDb().insert(memberships).values({ userId: switching.id, plan: "premium", startedAt: NOW, renewsOn: new Date("2027-12-01Z") });
    expect(await grantMembership(testDb(), staff, grant(switching.id, "elite", 12), NOW)).toMatchObject({ planName: "Elite", extended: true });
    expect(await membershipOf(switching.id)).toMatchObject({ plan: "elite", startedAt: NOW, renewsOn: new Date("2028-12-01T00:00:00Z") });
  });

  it("refuses absurd months and unknown plans next to the field", () => {
    for (const months of ["0", "-1", "37", "1.5", "1e3", "999999999999", "twelve", ""]) {
      const parsed = grantMembershipSchema.safeParse({ memberId: "abc", plan: "premium", months, method: "cash", amount: "99" });
      expect(parsed.success, months).toBe(false);
      expect(parsed.error?.issues[0]?.path, months).toEqual(["months"]);
    }
    expect(grantMembershipSchema.safeParse({ memberId: "abc", plan: "basic", months: "12", method: "cash", amount: "99" }).error?.issues[0]?.path).toEqual(["plan"]);
  });

  it("an unknown or malformed member changes nothing", async () => {
    const staff = await staffActor();
    for (const memberId of [randomUUID(), "x".repeat(65), "'; drop table user; --"]) {
      expect((await refusal(grantMembership(testDb(), staff, { memberId, plan: "premium", months: 12, payment: { method: "cash", amountCents: 9900 } }, NOW))).message).toBe(MEMBER_NOT_FOUND);
    }
  });
});

async function receiptsTo(email: string) {
  return testDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "membership-receipt")));
}

async function deskPaymentsOf(userId: string) {
  return testDb().select().from(membershipDeskPayments).where(eq(membershipDeskPayments.userId, userId));
}

describe("what a desk membership records and sends", () => {
  it("keeps the amount and method, and emails the member the membership receipt with its own number (Publication 1771)", async () => {
    const staff = await staffActor();
    const member = await account();
    const granted = await grantMembership(testDb(), staff, grant(member.id, "premium", 6, { method: "check", amount: "$49.50" }), NOW);
    const [row] = await deskPaymentsOf(member.id);
    expect(row).toMatchObject({ plan: "premium", months: 6, method: "check", amountCents: 4950, complimentary: false, recordedBy: staff.email, recordedAt: NOW });
    expect(granted.receipt).toBe(`M-${row!.id}`);
    const receipts = await receiptsTo(member.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Your Premium membership receipt (receipt M-${row!.id})`);
    const text = receipts[0]!.textBody;
    expect(text).toContain(`Receipt: M-${row!.id}`);
    expect(text).toContain("Membership: Premium, 6 months");
    expect(text).toContain("Amount paid: $49.50");
    expect(text).toContain("Paid by: Check, at the desk");
    expect(text).toContain("Dear Pat Member,");
    // Half a year's benefits: half the year's value staff set.
    const halfValue = Math.round((await benefitValues(testDb())).premium / 2);
    expect(text).toContain(`Our good-faith estimate of the value of these benefits is $${(halfValue / 100).toFixed(2)}.`);
    const [entry] = await listAudit(testDb(), { recordType: "user", recordId: member.id });
    expect(entry).toMatchObject({ action: "membership.grant", after: { amountCents: 4950, method: "check", receipt: `M-${row!.id}`, months: 6 } });
  });

  it("a desk renewal keeps what was paid and how, and sends the receipt", async () => {
    const staff = await staffActor();
    const member = await account();
    const renewed = await recordDeskRenewal(testDb(), staff, deskRenewalSchema.parse({ email: member.email, plan: "elite", amount: "199", method: "card", confirm: "yes" }), NOW);
    expect(renewed.receipt).toMatch(/^M-\d+$/);
    expect(await deskPaymentsOf(member.id)).toMatchObject([{ plan: "elite", months: 12, method: "card", amountCents: 19900 }]);
    const [receipt] = await receiptsTo(member.email);
    expect(receipt!.textBody).toContain("Membership: Elite, one year");
    expect(receipt!.textBody).toContain("Paid by: Card (on the desk's card reader), at the desk");
  });

  it("a complimentary grant is recorded as given free, with no receipt", async () => {
    const staff = await staffActor();
    const member = await account();
    const granted = await grantMembership(testDb(), staff, grant(member.id, "elite", 3, { method: "complimentary", amount: "" }), NOW);
    expect(granted.receipt).toBeNull();
    expect(await deskPaymentsOf(member.id)).toMatchObject([{ complimentary: true, method: null, amountCents: 0, months: 3 }]);
    expect(await receiptsTo(member.email)).toEqual([]);
    const [entry] = await listAudit(testDb(), { recordType: "user", recordId: member.id });
    expect(entry).toMatchObject({ action: "membership.grant", after: { complimentary: true } });
    expect(await membershipOf(member.id)).toMatchObject({ plan: "elite" });
  });

  it("a second record for the same member within 10 minutes asks first and changes nothing; ticked, it is recorded", async () => {
    const staff = await staffActor();
    const other = await staffActor();
    const member = await account();
    await grantMembership(testDb(), staff, grant(member.id, "premium", 12), NOW);
    const once = await membershipOf(member.id);

    const fiveMinutesLater = new Date(NOW.getTime() + 5 * 60_000);
    const asked = await refusal(grantMembership(testDb(), other, grant(member.id, "premium", 12), fiveMinutesLater));
    expect(asked.field).toBe(REPEAT_FIELD);
    expect(asked.message).toContain(`already had Premium recorded at the desk 5 minutes ago ($99.00 cash, by ${staff.email})`);
    expect(asked.message).toContain('tick "This is a second payment"');
    // The desk renewal form asks too (same member, by email).
    const askedAgain = await refusal(
      recordDeskRenewal(testDb(), other, deskRenewalSchema.parse({ email: member.email, plan: "premium", amount: "99", method: "cash", confirm: "yes" }), fiveMinutesLater),
    );
    expect(askedAgain.field).toBe(REPEAT_FIELD);
    expect(await membershipOf(member.id)).toEqual(once);
    expect(await deskPaymentsOf(member.id)).toHaveLength(1);
    expect(await receiptsTo(member.email)).toHaveLength(1);

    await grantMembership(testDb(), other, grant(member.id, "premium", 12, { method: "cash", amount: "99", confirmRepeat: "yes" }), fiveMinutesLater);
    expect((await membershipOf(member.id))!.renewsOn).toEqual(new Date("2029-03-10T18:00:00Z"));
    expect(await deskPaymentsOf(member.id)).toHaveLength(2);
    expect(await receiptsTo(member.email)).toHaveLength(2);

    // After the window, a record is taken without asking.
    const later = new Date(fiveMinutesLater.getTime() + 11 * 60_000);
    await grantMembership(testDb(), staff, grant(member.id, "premium", 1), later);
    expect(await deskPaymentsOf(member.id)).toHaveLength(3);
  });

  it("two volunteers recording the same payment at the same moment extend it once; the other is asked", async () => {
    const member = await account();
    const [a, b] = [await staffActor(), await staffActor()];
    const outcomes = await Promise.allSettled([grantMembership(testDb(), a, grant(member.id, "premium", 12), NOW), grantMembership(testDb(), b, grant(member.id, "premium", 12), NOW)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as FormError).field).toBe(REPEAT_FIELD);
    expect((await membershipOf(member.id))!.renewsOn).toEqual(new Date("2028-03-10T18:00:00Z"));
    expect(await receiptsTo(member.email)).toHaveLength(1);
  });

  it("refuses a negative, empty or zero amount, an unknown method, and an amount with Complimentary, beside the field", () => {
    const base = { memberId: "abc", plan: "premium", months: "12" };
    for (const [payment, field, message] of [
      [{ method: "cash", amount: "-99" }, "amount", "An amount received can't be negative."],
      [{ method: "cash", amount: "" }, "amount", "Enter the amount received in dollars, e.g. 99.00."],
      [{ method: "cash", amount: "0" }, "amount", "Enter the amount received: more than $0 (for a membership given free, choose Complimentary)."],
      [{ method: "cash", amount: "99.999" }, "amount", "Enter the amount in dollars, e.g. 99.00."],
      [{ method: "cash", amount: "20000" }, "amount", "An amount above $10,000.00 is surely a typo. Check the amount."],
      [{ method: "bitcoin", amount: "99" }, "method", "Choose how it was paid (cash, card or check), or Complimentary."],
      [{ amount: "99" }, "method", "Choose how it was paid (cash, card or check), or Complimentary."],
      [{ method: "complimentary", amount: "99" }, "amount", "A complimentary membership has no amount: clear the amount, or choose how it was paid."],
    ] as const) {
      const issue = grantMembershipSchema.safeParse({ ...base, ...payment }).error?.issues[0];
      expect(issue?.path, JSON.stringify(payment)).toEqual([field]);
      expect(issue?.message, JSON.stringify(payment)).toBe(message);
    }
    expect(grantMembershipSchema.parse({ ...base, memberId: "a".repeat(32), method: "complimentary", amount: "0.00" }).payment).toEqual({ method: "complimentary", amountCents: 0 });
    expect(grantMembershipSchema.parse({ ...base, memberId: "a".repeat(32), method: "cash", amount: "1,000" }).payment).toEqual({ method: "cash", amountCents: 100_000 });
  });
});
