// @module-tag second-clock: member pricing at checkout follows the date.
/**
 * Mail queued while the site had no SMTP_URL, delivered once it is set: every message whose link (or
 * whose "tomorrow") has lapsed by then is marked expired and never sent; the rest go out. Each message
 * is queued by the real service that writes it, and delivered to a real SMTP server.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { deliverDueEmails } from "@/lib/email/deliver.service";
import { smtpTransport, type MailTransport } from "@/lib/email/transport";
import { getAuth } from "@/lib/auth/auth";
import { registerMember } from "@/features/members/members.service";
import { offerGuestOrders } from "@/features/orders/claim-guest-orders.service";
import { placeOrder } from "@/features/orders/orders.service";
import { cancelRegistration, registerForEvent } from "@/features/events/registration.service";
import { sendDueReminders } from "@/features/events/reminders.service";
import { createEvent, createMembers } from "../../test/events";
import { checkoutInput, fillCart, newVisitor } from "../../test/checkout";
import { variantId } from "../../test/shop";
import { startSmtpServer, type TestSmtpServer } from "../../test/smtp";
import { user } from "@/db/schema/auth";
import { fromNow } from "../../test/time";

delete process.env.SMTP_URL; // mail is queued with SMTP off; the test then delivers it itself

const HOUR = 3_600_000;

async function outboxOf(addresses: string[]) {
  return getDb().select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));
}

describe("SMTP set after messages were queued", () => {
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = smtpTransport(smtp.url, "Vanguard Veterans Association <no-reply@vanguardveterans.org>");
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
  });

  it('a reminder that would arrive saying "tomorrow" on the day itself expires; a seat offer still open goes out', async () => {
    // Friday 9 July 2027, 10:00 AM in Chicago: the reminder for Saturday's 9:00 AM event, and a seat offer, are queued.
    const friday = new Date("2027-07-09T15:00:00Z");
    const saturdayEvent = await createEvent({ startsAt: new Date("2027-07-10T14:00:00Z"), capacity: 1, title: "Saturday Range Day" });
    const [remindMe, waiting] = await createMembers(2, "smtp-later");
    await registerForEvent(getDb(), { eventId: saturdayEvent.id, userId: remindMe!.id }, new Date("2027-07-01T15:00:00Z"));
    await registerForEvent(getDb(), { eventId: saturdayEvent.id, userId: waiting!.id }, new Date("2027-07-01T15:00:00Z"));
    expect(await sendDueReminders(getDb(), friday)).toBe(1);

    const later = await createEvent({ startsAt: new Date("2027-07-20T14:00:00Z"), capacity: 1, title: "Later Range Day" });
    const [leaving, next] = await createMembers(2, "smtp-offer");
    for (const m of [leaving!, next!]) await registerForEvent(getDb(), { eventId: later.id, userId: m.id }, new Date("2027-07-01T15:00:00Z"));
    await cancelRegistration(getDb(), { eventId: later.id, userId: leaving!.id }, friday);

    const queued = await outboxOf([remindMe!.email, next!.email]);
    const reminder = queued.find((m) => m.kind === "event-reminder")!;
    const offer = queued.find((m) => m.kind === "event-seat-offer")!;
    expect(reminder.subject).toBe("Reminder: Saturday Range Day is tomorrow");
    expect(reminder.expiresAt).toEqual(new Date("2027-07-10T05:00:00Z")); // midnight in Chicago
    expect(offer.expiresAt).toEqual(new Date(friday.getTime() + 24 * HOUR));

    // SMTP comes on at 12:30 AM on Saturday: "tomorrow" is no longer true, the offer still stands.
    const received = smtp.received.length;
    await deliverDueEmails(getDb(), transport, { now: new Date("2027-07-10T05:30:00Z"), batchSize: 100 });
    const after = await outboxOf([remindMe!.email, next!.email]);
    expect(after.find((m) => m.id === reminder.id)).toMatchObject({ status: "expired", sentAt: null });
    expect(after.find((m) => m.id === offer.id)).toMatchObject({ status: "sent" });
    const arrived = smtp.received.slice(received).map((m) => `${m.to[0]}: ${m.subject}`);
    expect(arrived).toContain(`${next!.email}: ${offer.subject}`);
    expect(arrived.filter((m) => m.includes("Reminder:"))).toEqual([]);
  });

  it("a lapsed password-reset link is not sent; the address confirmation (24 hours), the claim link (7 days), the welcome and the order confirmation are", async () => {
    const email = `smtp-later-${randomUUID()}@example.com`;
    const headers = new Headers({ "x-forwarded-for": "203.0.113.77", "user-agent": "vitest" });
    const password = "steady ruck march 0600";
    await registerMember({ db: getDb(), auth: getAuth(), headers }, { email, password, confirmPassword: password, terms: "on" });
    await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("tactical-cap"), 1]]);
    await placeOrder(getDb(), owner, await checkoutInput(owner, { email }), "pay_later");
    const [account] = await getDb().select().from(user).where(eq(user.email, email));
    await offerGuestOrders(getDb(), { id: account!.id, email, emailVerified: false });

    const queued = await outboxOf([email]);
    const byKind = Object.fromEntries(queued.map((m) => [m.kind, m]));
    expect(Object.keys(byKind).sort()).toEqual(["claim-orders", "confirm-email", "order-confirmation", "password-reset", "welcome"]);
    // Every message whose link lapses says when; the order confirmation's link does not lapse.
    const lifetime = (kind: string) => (byKind[kind]!.expiresAt!.getTime() - byKind[kind]!.createdAt.getTime()) / HOUR;
    expect(lifetime("password-reset")).toBeCloseTo(1, 1);
    expect(lifetime("confirm-email")).toBeCloseTo(24, 1);
    expect(lifetime("claim-orders")).toBeCloseTo(7 * 24, 1);
    expect(byKind["order-confirmation"]!.expiresAt).toBeNull();
    expect(byKind.welcome!.expiresAt).toBeNull();

    // SMTP comes on two hours later.
    const received = smtp.received.length;
    expect(await deliverDueEmails(getDb(), transport, { now: fromNow(2 * HOUR), batchSize: 100 })).toMatchObject({ expired: 1, sent: 4 });
    const after = await getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email)));
    expect(Object.fromEntries(after.map((m) => [m.kind, m.status]))).toEqual({
      "password-reset": "expired",
      "confirm-email": "sent",
      "claim-orders": "sent",
      "order-confirmation": "sent",
      welcome: "sent",
    });
    expect(smtp.received.slice(received).map((m) => m.subject).sort()).toEqual(
      [byKind["claim-orders"]!.subject, byKind["confirm-email"]!.subject, byKind["order-confirmation"]!.subject, byKind.welcome!.subject].sort(),
    );
  });
});
