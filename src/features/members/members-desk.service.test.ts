import { randomUUID } from "node:crypto";
import { and, desc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { session, user, verification } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { eventRegistrations } from "@/db/schema/events";
import { memberProfiles } from "@/db/schema/members";
import { orderLines, orders } from "@/db/schema/orders";
import { createEvent } from "../../../test/events";
import { getAuth } from "@/lib/auth/auth";
import { listAudit } from "@/lib/audit.service";
import { FormError } from "@/lib/form-state";
import { registerConfirmedMember } from "../../../test/members";
import { testDb } from "../../../test/db";
import { getMemberDetail, searchMembers } from "./members-desk.queries";
import { ACCOUNT_DISABLED } from "@/lib/auth/auth-fields";
import { disableAccountSchema, parseMemberSearch } from "./members-desk.schema";
import { ADMINS_ONLY, NOT_YOURSELF, disableAccount, enableAccount, type DeskActor } from "./members-desk.service";
import { requestPasswordReset, resetPassword, signInMember } from "./members.service";
import { fromNow } from "../../../test/time";

const NOW = new Date("2027-03-10T18:00:00Z");
const DAY = 86_400_000;

async function account(role: string | null = null, name = "Pat Member"): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const email = `desk-${id}@example.com`;
  await testDb().insert(user).values({ id, name, email, emailVerified: true, role });
  return { id, email };
}

async function staffActor(role: DeskActor["role"] = "staff"): Promise<DeskActor> {
  return { ...(await account(role)), role };
}

async function refusal(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

describe("disabling an account", () => {
  const disable = (memberId: string, reason = "Abusive messages") => disableAccountSchema.parse({ memberId, reason, confirm: "yes" });

  it("ends every session, retires reset links, records it, and can be undone", async () => {
    const staff = await staffActor();
    const member = await account();
    const expiresAt = fromNow(DAY);
    for (let i = 0; i < 2; i++) await testDb().insert(session).values({ id: randomUUID(), token: randomUUID(), userId: member.id, expiresAt, updatedAt: fromNow() });
    await testDb().insert(verification).values({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: member.id, expiresAt });

    expect(await disableAccount(testDb(), staff, disable(member.id))).toEqual({ email: member.email, changed: true, sessionsEnded: 2 });
    expect(await testDb().$count(session, eq(session.userId, member.id))).toBe(0);
    expect(await testDb().$count(verification, and(like(verification.identifier, "reset-password:%"), eq(verification.value, member.id)))).toBe(0);
    expect((await getMemberDetail(testDb(), member.id, NOW))?.disabled).toBe(true);
    expect(await disableAccount(testDb(), staff, disable(member.id))).toMatchObject({ changed: false });

    expect(await enableAccount(testDb(), staff, member.id)).toEqual({ email: member.email, changed: true });
    expect(await enableAccount(testDb(), staff, member.id)).toEqual({ email: member.email, changed: false });
    const entries = await listAudit(testDb(), { recordType: "user", recordId: member.id });
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: "account.enable", before: { disabled: true, reason: "Abusive messages" }, after: { disabled: false } },
      { action: "account.disable", before: { disabled: false }, after: { disabled: true, reason: "Abusive messages", sessionsEnded: 2 } },
    ]);
  });

  it("staff cannot disable themselves or an admin; an admin can disable another admin", async () => {
    const staff = await staffActor("staff");
    expect((await refusal(disableAccount(testDb(), staff, disable(staff.id)))).message).toBe(NOT_YOURSELF);
    const admin = await staffActor("admin");
    expect((await refusal(disableAccount(testDb(), staff, disable(admin.id)))).message).toBe(ADMINS_ONLY);
    expect((await getMemberDetail(testDb(), admin.id, NOW))?.disabled).toBe(false);
    const otherAdmin = await staffActor("admin");
    expect(await disableAccount(testDb(), admin, disable(otherAdmin.id))).toMatchObject({ changed: true });
    expect((await refusal(enableAccount(testDb(), staff, otherAdmin.id))).message).toBe(ADMINS_ONLY);
    expect(await listAudit(testDb(), { recordType: "user", recordId: admin.id })).toEqual([]);
  });

  it("needs a reason and the confirmation", () => {
    expect(disableAccountSchema.safeParse({ memberId: "abc", reason: " ", confirm: "yes" }).error?.issues[0]?.path).toEqual(["reason"]);
    expect(disableAccountSchema.safeParse({ memberId: "abc", reason: "Spam" }).error?.issues[0]?.path).toEqual(["confirm"]);
  });
});

describe("a disabled account through the real sign-in", () => {
  let ip = 0;
  const deps = () => ({ db: getDb(), auth: getAuth(), headers: new Headers({ "x-forwarded-for": `203.0.113.${++ip}`, "user-agent": "vitest" }) });
  const password = "desk test long passphrase";

  it("cannot sign in with its password or reset it; re-enabled, it signs in again", async () => {
    const email = `disabled-${randomUUID()}@example.com`;
    const { userId } = await registerConfirmedMember(deps(), { email, password, confirmPassword: password, terms: "on" });
    await requestPasswordReset(deps(), { email });
    const [resetMail] = await getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "password-reset")));
    const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(resetMail!.textBody)![1]!);

    const staff = await staffActor();
    await disableAccount(testDb(), staff, disable(userId));
    expect(await testDb().$count(session, eq(session.userId, userId))).toBe(0);

    expect((await refusal(signInMember(deps(), { email, password }))).message).toBe(ACCOUNT_DISABLED);
    expect(await testDb().$count(session, eq(session.userId, userId))).toBe(0);
    // The link emailed before the account was disabled no longer works.
    expect((await refusal(resetPassword(deps(), { token, password: "another long passphrase", confirmPassword: "another long passphrase" }))).message).toMatch(/invalid or has expired/);

    // A new request gets the same answer on the page, but the mailbox receives no link: a notice instead.
    await requestPasswordReset(deps(), { email });
    const mail = await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail[0]).toMatchObject({ kind: "account-disabled" });
    expect(mail[0]!.textBody).not.toMatch(/token=/);
    // better-auth stores a token for that request although it is never mailed: used anyway, it is refused.
    const [stored] = await getDb().select().from(verification).where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
    const storedToken = stored!.identifier.slice("reset-password:".length);
    expect((await refusal(resetPassword(deps(), { token: storedToken, password: "another long passphrase", confirmPassword: "another long passphrase" }))).message).toBe(ACCOUNT_DISABLED);

    await enableAccount(testDb(), staff, userId);
    expect(await signInMember(deps(), { email, password })).toEqual({ userId });
  });

  function disable(memberId: string) {
    return disableAccountSchema.parse({ memberId, reason: "Test", confirm: "yes" });
  }
});

describe("a member's page", () => {
  it("shows the profile, military status, orders, a pending upgrade and registrations of that member only", async () => {
    const member = await account(null, "");
    const other = await account();
    await testDb().insert(memberProfiles).values({ userId: member.id, firstName: "Jordan", lastName: "Hayes", phone: "210 555 0100", militaryStatus: "veteran" });
    const order = (userId: string) => ({
      userId, email: "x@example.com", contactName: "Jordan Hayes", phone: "210 555 0100", fulfilment: "none" as const,
      subtotalCents: 9900, shippingCents: 0, totalCents: 9900, paymentMethod: "pay_later" as const, idempotencyKey: randomUUID(),
    });
    const [mine] = await testDb().insert(orders).values(order(member.id)).returning({ id: orders.id, number: orders.number });
    await testDb().insert(orderLines).values({ orderId: mine!.id, membershipPlan: "elite", name: "Elite Membership", unitPriceCents: 9900, quantity: 1 });
    await testDb().insert(orders).values(order(other.id));
    const event = await createEvent({ startsAt: new Date("2027-07-04T14:00:00Z"), title: "Ruck March" });
    await testDb().insert(eventRegistrations).values({ eventId: event.id, userId: member.id, status: "confirmed", confirmedAt: NOW });

    const detail = await getMemberDetail(testDb(), member.id, NOW);
    expect(detail).toMatchObject({
      name: "Jordan Hayes",
      profile: { firstName: "Jordan", lastName: "Hayes", phone: "210 555 0100", militaryStatus: "Veteran" },
      membership: null,
      pendingUpgrade: { orderId: mine!.id, planName: "Elite" },
      orders: [{ id: mine!.id, status: "Awaiting payment", totalCents: 9900 }],
      registrations: [{ eventTitle: "Ruck March", status: "confirmed" }],
    });
    expect(await getMemberDetail(testDb(), randomUUID(), NOW)).toBeNull();
    expect(await getMemberDetail(testDb(), "a\u0000b", NOW)).toBeNull();
  });
});

describe("member search", () => {
  it("finds by email or name, taking %, _ and quotes literally", async () => {
    const tag = randomUUID().slice(0, 8);
    const plain = await account(null, `Rivera ${tag}`);
    const percent = await account(null, `100%_${tag}`);
    const byName = await searchMembers(testDb(), { q: `rivera ${tag}`, page: 1 }, NOW);
    expect(byName.members.map((m) => m.id)).toEqual([plain.id]);
    const literal = await searchMembers(testDb(), { q: `%_${tag}`, page: 1 }, NOW);
    expect(literal.members.map((m) => m.id)).toEqual([percent.id]);
    expect((await searchMembers(testDb(), { q: `' or '1'='1 ${tag}`, page: 1 }, NOW)).total).toBe(0);
    expect((await searchMembers(testDb(), { q: plain.email.toUpperCase(), page: 1 }, NOW)).members.map((m) => m.id)).toEqual([plain.id]);
  });

  it("refuses control characters and over-long searches with a message", () => {
    expect(parseMemberSearch("a\u0000b").error).toMatch(/characters we can't accept/);
    expect(parseMemberSearch("x".repeat(101)).error).toMatch(/at most 100/);
    expect(parseMemberSearch(["a", "b"]).error).toMatch(/one name/);
    expect(parseMemberSearch("  ")).toEqual({});
  });
});
