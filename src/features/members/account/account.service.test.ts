// @module-tag second-clock: member pricing at checkout follows the date.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { session, user } from "@/db/schema/auth";
import { carts } from "@/db/schema/cart";
import { donations } from "@/db/schema/donations";
import { emailOutbox } from "@/db/schema/email";
import { eventRegistrations } from "@/db/schema/events";
import { memberProfiles } from "@/db/schema/members";
import { newsletterSubscribers } from "@/db/schema/newsletter";
import { orderLines, orders } from "@/db/schema/orders";
import { FormError } from "@/lib/form-state";
import { getAuth } from "@/lib/auth/auth";
import { registerForEvent } from "@/features/events/registration.service";
import { createEvent, createMembers, seatsTaken } from "../../../../test/events";
import { markPaidAtDesk } from "@/features/orders/orders-desk.service";
import { placeOrder } from "@/features/orders/orders.service";
import { checkoutInput, fillCart } from "../../../../test/checkout";
import { variantId } from "../../../../test/shop";
import { registerConfirmedMember } from "../../../../test/members";
import { registerMember } from "../members.service";
import { deleteAccountSchema } from "./account.schema";
import {
  ADDRESS_MISMATCH,
  ANONYMISED_NAME,
  CHANGE_LINK_INVALID,
  PASSWORD_NEEDED,
  SAME_ADDRESS,
  TOO_MANY_CONFIRMATION_LINKS,
  WRONG_PASSWORD,
  confirmEmailChange,
  deleteAccount,
  requestEmailChange,
  resendConfirmation,
} from "./account.service";
import { fromNow } from "../../../../test/time";

delete process.env.SMTP_URL;

const password = "steady ruck march 0600";
let n = 0;

function deps() {
  return { db: getDb(), auth: getAuth(), headers: new Headers({ "x-forwarded-for": `203.0.113.${++n % 250}`, "user-agent": "vitest" }) };
}

async function confirmedMember(label = "member") {
  const email = `${label}-${randomUUID()}@example.com`;
  const { userId } = await registerConfirmedMember(deps(), { email, password, confirmPassword: password, terms: "on" });
  return { id: userId, email, emailVerified: true };
}

async function refusal(promise: Promise<unknown>): Promise<FormError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

const deletion = (fields: Record<string, string>) => deleteAccountSchema.parse({ understood: "on", ...fields });

async function mailsTo(to: string, kind: string) {
  return getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id));
}

describe("deleteAccount", () => {
  it("cannot be done without re-authentication: no password, a wrong one, or an unticked box change nothing", async () => {
    const member = await confirmedMember("keep");
    expect(await refusal(deleteAccount(deps(), member, deletion({})))).toMatchObject({ message: PASSWORD_NEEDED, field: "password" });
    expect(await refusal(deleteAccount(deps(), member, deletion({ password: "not my password" })))).toMatchObject({ message: WRONG_PASSWORD });
    expect(deleteAccountSchema.safeParse({ password }).success).toBe(false);
    expect(await getDb().select().from(user).where(eq(user.id, member.id))).toHaveLength(1);
    expect(await getDb().select().from(session).where(eq(session.userId, member.id))).not.toHaveLength(0);
  });

  it("a Google-only account confirms by typing its address", async () => {
    const [google] = await createMembers(1, "google-only"); // no credential account: no password to ask for
    const member = { id: google!.id, email: google!.email, emailVerified: true };
    expect(await refusal(deleteAccount(deps(), member, deletion({ confirmEmail: "someone.else@example.com" })))).toMatchObject({ message: ADDRESS_MISMATCH });
    await deleteAccount(deps(), member, deletion({ confirmEmail: google!.email.toUpperCase() }));
    expect(await getDb().select().from(user).where(eq(user.id, member.id))).toHaveLength(0);
  });

  it("keeps orders and gifts with their amounts but without the person, cancels registrations (the waitlist gets the seat), and removes the rest", async () => {
    const member = await confirmedMember("leaving");
    const owner = { kind: "member" as const, userId: member.id };
    await fillCart(owner, [[await variantId("tactical-cap"), 2]]);
    const placed = await placeOrder(
      getDb(),
      owner,
      await checkoutInput(owner, { email: member.email, name: "Casey Leaving", phone: "(210) 555-0199", fulfilment: "shipping", shipLine1: "12 Oak St", shipLine2: "Apt 4", shipCity: "San Antonio", shipRegion: "TX", shipPostalCode: "78205" }),
      "pay_later",
    );
    const [before] = await getDb().select().from(orders).where(eq(orders.id, placed.id));
    const linesBefore = await getDb().select().from(orderLines).where(eq(orderLines.orderId, placed.id));
    const [gift] = await getDb()
      .insert(donations)
      .values({ frequency: "one_time", donorName: "Casey Leaving", donorEmail: member.email, amountCents: 5000, totalCents: 5000, status: "paid", paymentMethod: "offline", receiptNumber: `T-${randomUUID()}`, paidAt: fromNow() })
      .returning();
    await getDb().insert(memberProfiles).values({ userId: member.id, firstName: "Casey", phone: "2105550199" });
    await getDb().insert(newsletterSubscribers).values({ email: member.email, confirmedAt: fromNow() });
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);

    const now = fromNow();
    const event = await createEvent({ startsAt: new Date(now.getTime() + 10 * 24 * 3_600_000), capacity: 1 });
    const [waiting] = await createMembers(1, "waiting");
    await registerForEvent(getDb(), { eventId: event.id, userId: member.id }, now);
    await registerForEvent(getDb(), { eventId: event.id, userId: waiting!.id }, now);

    await deleteAccount(deps(), member, deletion({ password }), now);

    expect(await getDb().select().from(user).where(eq(user.id, member.id))).toHaveLength(0);
    expect(await getDb().select().from(session).where(eq(session.userId, member.id))).toHaveLength(0);
    expect(await getDb().select().from(memberProfiles).where(eq(memberProfiles.userId, member.id))).toHaveLength(0);
    expect(await getDb().select().from(carts).where(eq(carts.userId, member.id))).toHaveLength(0);
    expect(await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, member.email))).toHaveLength(0);

    const [after] = await getDb().select().from(orders).where(eq(orders.id, placed.id));
    expect(after).toMatchObject({
      userId: null,
      contactName: ANONYMISED_NAME,
      email: `deleted-${before!.number}@deleted.invalid`,
      phone: "",
      shipLine1: "Removed",
      shipLine2: null,
      shipCity: "Removed",
      shipPostalCode: "Removed",
      subtotalCents: before!.subtotalCents,
      shippingCents: before!.shippingCents,
      totalCents: before!.totalCents,
      status: before!.status,
      number: before!.number,
    });
    expect(await getDb().select().from(orderLines).where(eq(orderLines.orderId, placed.id))).toEqual(linesBefore);
    const [giftAfter] = await getDb().select().from(donations).where(eq(donations.id, gift!.id));
    expect(giftAfter).toMatchObject({ donorName: ANONYMISED_NAME, donorEmail: `deleted-${gift!.id}@deleted.invalid`, totalCents: 5000, receiptNumber: gift!.receiptNumber });

    // The seat went to the first on the waitlist, offered as any cancellation offers it.
    const [theirs] = await getDb().select().from(eventRegistrations).where(eq(eventRegistrations.userId, waiting!.id));
    expect(theirs?.status).toBe("offered");
    expect(await seatsTaken(event.id)).toBe(1); // held for the offer, as after any cancellation
    expect(await mailsTo(waiting!.email, "event-seat-offer")).toHaveLength(1);
    expect(await mailsTo(member.email, "event-registration-cancelled")).toHaveLength(1);
    expect(await mailsTo(member.email, "account-deleted")).toHaveLength(1);

    // Staff still run the kept order; its buyer is gone, so nothing is queued to the address that stands in for them.
    await markPaidAtDesk(getDb(), { id: null, email: "desk@example.org" }, placed.id, "cash");
    expect(await getDb().select({ status: orders.status }).from(orders).where(eq(orders.id, placed.id))).toEqual([{ status: "paid" }]);
    expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, after!.email))).toEqual([]);
  });

  it("an unconfirmed account cannot erase gifts made by whoever owns the address", async () => {
    const email = `unproven-${randomUUID()}@example.com`;
    const [gift] = await getDb()
      .insert(donations)
      .values({ frequency: "one_time", donorName: "Real Owner", donorEmail: email, amountCents: 2500, totalCents: 2500, status: "paid", paymentMethod: "offline", receiptNumber: `T-${randomUUID()}`, paidAt: fromNow() })
      .returning();
    await registerMember(deps(), { email, password, confirmPassword: password, terms: "on" });
    const [row] = await getDb().select().from(user).where(eq(user.email, email));
    await deleteAccount(deps(), { id: row!.id, email, emailVerified: false }, deletion({ password }));
    const [kept] = await getDb().select().from(donations).where(eq(donations.id, gift!.id));
    expect(kept).toMatchObject({ donorName: "Real Owner", donorEmail: email });
  });
});

describe("changing the email address", () => {
  const linkToken = (text: string) => new URL(/https?:\/\/\S+confirm-email-change\S+/.exec(text)![0]).searchParams.get("token")!;

  it("changes only once the new mailbox confirms; the link works once; the old address is told", async () => {
    const member = await confirmedMember("mover");
    const newEmail = `moved-${randomUUID()}@example.com`;
    expect(await refusal(requestEmailChange(deps(), member, { newEmail: member.email, password }))).toMatchObject({ message: SAME_ADDRESS });
    expect(await refusal(requestEmailChange(deps(), member, { newEmail, password: "wrong" }))).toMatchObject({ message: WRONG_PASSWORD });
    expect(await requestEmailChange(deps(), member, { newEmail, password })).toEqual({ newEmail });
    const [row] = await getDb().select().from(user).where(eq(user.id, member.id));
    expect(row?.email).toBe(member.email); // nothing changes yet

    const [mail] = await mailsTo(newEmail, "email-change-confirm");
    const token = linkToken(mail!.textBody);
    expect(await confirmEmailChange(getDb(), token)).toEqual({ newEmail });
    const [changed] = await getDb().select().from(user).where(eq(user.id, member.id));
    expect(changed).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await mailsTo(member.email, "email-changed")).toHaveLength(1);
    expect(await refusal(confirmEmailChange(getDb(), token))).toMatchObject({ message: CHANGE_LINK_INVALID });
    expect(await refusal(confirmEmailChange(getDb(), "forged-token"))).toMatchObject({ message: CHANGE_LINK_INVALID });
  });

  it("retires a password-reset link mailed before the change: whoever still reads the old mailbox cannot take the account back", async () => {
    const member = await confirmedMember("reset-then-move");
    await getAuth().api.requestPasswordReset({ body: { email: member.email, redirectTo: "/reset-password" } });
    const [resetMail] = await mailsTo(member.email, "password-reset");
    const staleToken = decodeURIComponent(/reset-password\?token=(\S+)/.exec(resetMail!.textBody)![1]!);

    const newEmail = `moved-${randomUUID()}@example.com`;
    await requestEmailChange(deps(), member, { newEmail, password });
    const [mail] = await mailsTo(newEmail, "email-change-confirm");
    await confirmEmailChange(getDb(), linkToken(mail!.textBody));

    const reset = getAuth().api.resetPassword({ body: { token: staleToken, newPassword: "attacker chosen passphrase" } });
    await expect(reset).rejects.toMatchObject({ body: { code: "INVALID_TOKEN" } });
    await expect(getAuth().api.signInEmail({ body: { email: newEmail, password }, headers: deps().headers })).resolves.toMatchObject({ user: { id: member.id } });
  });

  it("a newer request retires the older link, and an expired link does nothing", async () => {
    const member = await confirmedMember("twice");
    const first = `first-${randomUUID()}@example.com`;
    const second = `second-${randomUUID()}@example.com`;
    await requestEmailChange(deps(), member, { newEmail: first, password });
    await requestEmailChange(deps(), member, { newEmail: second, password });
    const [old] = await mailsTo(first, "email-change-confirm");
    expect(await refusal(confirmEmailChange(getDb(), linkToken(old!.textBody)))).toMatchObject({ message: CHANGE_LINK_INVALID });
    const [fresh] = await mailsTo(second, "email-change-confirm");
    const tomorrow = fromNow(25 * 3_600_000);
    expect(await refusal(confirmEmailChange(getDb(), linkToken(fresh!.textBody), tomorrow))).toMatchObject({ message: CHANGE_LINK_INVALID });
  });

  it("an address that already has an account gets the same answer; its owner gets a notice, never a link", async () => {
    const member = await confirmedMember("asker");
    const other = await confirmedMember("owner");
    expect(await requestEmailChange(deps(), member, { newEmail: other.email, password })).toEqual({ newEmail: other.email });
    expect(await mailsTo(other.email, "email-change-confirm")).toHaveLength(0);
    expect(await mailsTo(other.email, "email-change-taken")).toHaveLength(1);
    const [row] = await getDb().select().from(user).where(eq(user.id, member.id));
    expect(row?.email).toBe(member.email);
  });
});

describe("resending the confirmation link", () => {
  it("sends a new link to an unconfirmed member, three times an hour at most", async () => {
    const email = `resend-${randomUUID()}@example.com`;
    await registerMember(deps(), { email, password, confirmPassword: password, terms: "on" });
    const [row] = await getDb().select().from(user).where(eq(user.email, email));
    const member = { id: row!.id, email, emailVerified: false };
    for (let i = 0; i < 3; i++) expect(await resendConfirmation(deps(), member)).toEqual({ email });
    expect(await mailsTo(email, "confirm-email")).toHaveLength(4); // sign-up's and three more
    expect(await refusal(resendConfirmation(deps(), member))).toMatchObject({ message: TOO_MANY_CONFIRMATION_LINKS });
  });
});
