// @module-tag second-clock: door check-in is for the events of the day.
/**
 * Every staff action, found by file name (features/staff/*.actions.ts and features/<domain>/staff/
 * *.staff-actions.ts), refuses visitors, members and roles without its permission before it reads the
 * form, and changes nothing. A new staff action that skips the check fails here.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "@/db/schema/auth";
import { contactMessageEvents, contactMessages } from "@/db/schema/contact";
import { donationStatements, donations } from "@/db/schema/donations";
import { emailOutbox } from "@/db/schema/email";
import { orders } from "@/db/schema/orders";
import { auditLog } from "@/db/schema/staff";
import type { CurrentMember } from "@/lib/auth/session";
import { idleState, type FormState } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { NOT_ALLOWED, SIGN_IN_AGAIN } from "@/lib/staff-action";

const signedIn = vi.hoisted(() => ({ member: null as CurrentMember | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  getCurrentMember: async () => signedIn.member,
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

type Action = (previous: FormState<unknown>, formData: FormData) => Promise<FormState<unknown>>;

const modules = import.meta.glob<Record<string, unknown>>(["./*.actions.ts", "../*/staff/*.staff-actions.ts"]);

async function staffActions(): Promise<[string, Action][]> {
  const found: [string, Action][] = [];
  for (const [file, load] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(await load())) {
      if (typeof value === "function") found.push([`${file} ${name}`, value as Action]);
    }
  }
  return found;
}

function member(role: CurrentMember["role"]): CurrentMember {
  return { id: randomUUID(), email: `${role ?? "member"}@example.com`, displayName: null, emailVerified: true, role };
}

/**
 * A form an action would accept if it were allowed: a real account's address and a role, a real
 * contact message (and a reply), a real unpaid pay-at-pickup order (with a tracking number and the
 * cancel confirmation), a received card gift and a finished year.
 */
async function plausibleForm(): Promise<FormData> {
  const id = randomUUID();
  const email = `target-${id}@example.com`;
  await testDb().insert(user).values({ id, name: "", email, emailVerified: true });
  const [message] = await testDb()
    .insert(contactMessages)
    .values({ name: "Dana", email: "dana@example.com", subject: "Hello", message: "Hi", category: "general" })
    .returning({ id: contactMessages.id });
  const [order] = await testDb()
    .insert(orders)
    .values({
      email, contactName: "Target", phone: "210 555 0100", fulfilment: "pickup", pickupLocationId: 1,
      subtotalCents: 0, shippingCents: 0, totalCents: 0, paymentMethod: "pay_later", idempotencyKey: randomUUID(),
    })
    .returning({ id: orders.id });
  // A received gift (to refund or resend) and a pledge (to mark received), and a finished year's statements.
  const [gift] = await testDb()
    .insert(donations)
    .values({
      frequency: "one_time", donorName: "Target", donorEmail: email, amountCents: 5000, totalCents: 5000, status: "paid", paymentMethod: "stripe",
      receiptNumber: `2019-${id.slice(0, 8)}`, receiptIssuedAt: new Date("2019-05-01T12:00:00Z"), paidAt: new Date("2019-05-01T12:00:00Z"), stripePaymentIntentId: `pi_${id}`,
    })
    .returning({ id: donations.id });
  const form = new FormData();
  const fields = { donationId: gift!.id, year: "2019", email, role: "admin", id: String(message!.id), status: "closed", body: "A reply", quantity: "1", reason: "test", orderId: order!.id, trackingNumber: "1Z999", confirm: "yes" };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/** What a refused action must leave as it was, besides roles: messages, their threads, and the outbox. */
async function contactState() {
  return {
    statuses: await testDb().select({ id: contactMessages.id, status: contactMessages.status }).from(contactMessages).orderBy(contactMessages.id),
    events: await testDb().$count(contactMessageEvents),
    mail: await testDb().$count(emailOutbox),
  };
}

/** What a refused donations action must leave as it was: the gift, the outbox (checked above), the statements sent. */
async function donationState(form: FormData) {
  return {
    gift: await testDb().select({ status: donations.status, refundedAt: donations.refundedAt }).from(donations).where(eq(donations.id, String(form.get("donationId")))),
    statements: await testDb().$count(donationStatements),
  };
}

async function orderState(form: FormData) {
  return testDb().select({ status: orders.status, pickedUpAt: orders.pickedUpAt, shippedAt: orders.shippedAt }).from(orders).where(eq(orders.id, String(form.get("orderId"))));
}

/** The only staff actions a door volunteer may run. */
const DOOR_ACTIONS = ["check-in.staff-actions.ts checkInAction", "check-in.staff-actions.ts undoCheckInAction", "check-in.staff-actions.ts walkInAction"];

beforeEach(() => {
  signedIn.member = null;
});

describe("staff actions", () => {
  it("are found (the glob still matches the project's layout)", async () => {
    expect((await staffActions()).map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "./staff.actions.ts grantRoleAction",
        "./staff.actions.ts revokeRoleAction",
        "../contact/staff/contact.staff-actions.ts replyToMessageAction",
        "../contact/staff/contact.staff-actions.ts addNoteAction",
        "../contact/staff/contact.staff-actions.ts setMessageStatusAction",
        "../orders/staff/orders.staff-actions.ts markPaidAction",
        "../orders/staff/orders.staff-actions.ts markPickedUpAction",
        "../orders/staff/orders.staff-actions.ts markShippedAction",
        "../orders/staff/orders.staff-actions.ts cancelOrderAction",
        "../donations/staff/donations.staff-actions.ts markReceivedAction",
        "../donations/staff/donations.staff-actions.ts refundGiftAction",
        "../donations/staff/donations.staff-actions.ts resendReceiptAction",
        "../donations/staff/donations.staff-actions.ts sendStatementsAction",
        "../events/staff/events.staff-actions.ts createEventAction",
        "../events/staff/events.staff-actions.ts updateEventAction",
        "../events/staff/events.staff-actions.ts cancelEventAction",
        "../events/staff/events.staff-actions.ts emailAttendeesAction",
        "../events/staff/check-in.staff-actions.ts checkInAction",
        "../events/staff/check-in.staff-actions.ts undoCheckInAction",
        "../events/staff/check-in.staff-actions.ts walkInAction",
        "../members/staff/members-import.staff-actions.ts uploadMembersCsvAction",
        "../members/staff/members-import.staff-actions.ts confirmMembersImportAction",
        "../catalog/staff/catalog-import.staff-actions.ts uploadProductsCsvAction",
        "../newsletter/staff/subscribers-import.staff-actions.ts confirmSubscribersImportAction",
      ]),
    );
  });

  it.each([
    ["a visitor", null, SIGN_IN_AGAIN],
    ["a member", member(null), NOT_ALLOWED],
    ["a door volunteer", member("door"), NOT_ALLOWED],
  ] as const)("refuse %s and change nothing", async (_who, who, message) => {
    for (const [name, action] of await staffActions()) {
      // Checking people in is the door volunteer's job (the test below).
      if (who?.role === "door" && DOOR_ACTIONS.some((door) => name.endsWith(door))) continue;
      signedIn.member = who;
      const form = await plausibleForm();
      const auditRows = await testDb().$count(auditLog);
      const roles = await testDb().select({ role: user.role }).from(user).where(eq(user.email, String(form.get("email"))));
      const contact = await contactState();
      const order = await orderState(form);
      const donation = await donationState(form);
      const state = await action(idleState, form);
      expect(state, name).toMatchObject({ status: "error", formError: message });
      expect(await testDb().$count(auditLog), name).toBe(auditRows);
      expect(await testDb().select({ role: user.role }).from(user).where(eq(user.email, String(form.get("email")))), name).toEqual(roles);
      expect(await contactState(), name).toEqual(contact);
      expect(await orderState(form), name).toEqual(order);
      expect(await donationState(form), name).toEqual(donation);
    }
  });

  it("role changes are for admins only: staff are refused, an admin's change is made and audited under their name", async () => {
    const { grantRoleAction } = await import("./staff.actions");
    signedIn.member = member("staff");
    const form = await plausibleForm();
    expect(await grantRoleAction(idleState, form)).toMatchObject({ status: "error", formError: NOT_ALLOWED });
    const admin = member("admin");
    await testDb().insert(user).values({ id: admin.id, name: "", email: `admin-${admin.id}@example.com`, emailVerified: true, role: "admin" });
    signedIn.member = { ...admin, email: `admin-${admin.id}@example.com` };
    form.set("role", "door");
    expect(await grantRoleAction(idleState, form)).toEqual({ status: "success", data: { message: `${form.get("email")} now has the role Door volunteer.` } });
    const [entry] = await testDb().select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entry).toMatchObject({ actorEmail: `admin-${admin.id}@example.com`, action: "staff.grant", before: { role: null }, after: { role: "door" } });
  });

  it("a door volunteer may check people in, and nothing else (the role's one job)", async () => {
    const names = (await staffActions()).map(([name]) => name);
    expect(names.filter((name) => DOOR_ACTIONS.some((door) => name.endsWith(door)))).toHaveLength(DOOR_ACTIONS.length);
    const { checkInAction } = await import("../events/staff/check-in.staff-actions");
    signedIn.member = member("door");
    const form = new FormData();
    form.set("eventId", "2000000000");
    form.set("registrationId", "1");
    // Past the permission check: the service answers for the unknown event.
    expect(await checkInAction(idleState, form)).toMatchObject({ status: "error", formError: "This event does not exist." });
  });
});
