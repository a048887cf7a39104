/** The desk's actions as staff: bad input answers next to the field and changes nothing; success redirects. */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "@/db/schema/auth";
import { orders } from "@/db/schema/orders";
import { auditLog } from "@/db/schema/staff";
import type { CurrentMember } from "@/lib/auth/session";
import { CONTROL_CHARACTERS_MESSAGE } from "@/lib/text-fields";
import { idleState } from "@/lib/form-state";
import { testDb } from "../../../../test/db";
import { CANCELLED, NO_SUCH_ORDER } from "../orders-desk.service";
import { UNDO_REASON_NEEDED } from "../orders-desk.schema";
import { CHOOSE_METHOD } from "@/lib/payments/desk-payment";
import { readRefusal } from "@/lib/desk-refusal";
import { cancelOrderAction, markPaidAction, markShippedAction, undoMarkPaidAction } from "./orders.staff-actions";
import { form } from "../../../../test/form";

const signedIn = vi.hoisted(() => ({ member: null as CurrentMember | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  getCurrentMember: async () => signedIn.member,
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

async function paidShippingOrder(): Promise<string> {
  const [order] = await testDb()
    .insert(orders)
    .values({
      email: `buyer-${randomUUID()}@example.com`, contactName: "Buyer", phone: "210 555 0100", fulfilment: "shipping",
      shipLine1: "1 Main St", shipCity: "Austin", shipRegion: "TX", shipPostalCode: "78701",
      subtotalCents: 1000, shippingCents: 795, totalCents: 1795, paymentMethod: "pay_later", idempotencyKey: randomUUID(), status: "paid",
    })
    .returning({ id: orders.id });
  return order!.id;
}

beforeEach(async () => {
  const id = randomUUID();
  const email = `desk-${id}@example.org`;
  await testDb().insert(user).values({ id, name: "", email, emailVerified: true, role: "staff" });
  signedIn.member = { id, email, displayName: null, emailVerified: true, role: "staff" };
});

describe("orders desk actions, as staff", () => {
  it.each([
    ["empty", "   ", "Enter the tracking number."],
    ["too long", "1Z".padEnd(65, "9"), "A tracking number is at most 64 characters."],
    ["a control character", "1Z999\u0007AA", CONTROL_CHARACTERS_MESSAGE],
    ["a NUL", "1Z\u0000", CONTROL_CHARACTERS_MESSAGE],
    ["a line break", "1Z999\nAA", CONTROL_CHARACTERS_MESSAGE],
    ["markup", "<script>", "Use letters, digits, spaces and hyphens only, as printed on the label."],
  ])("a tracking number that is %s is refused next to the field, and nothing changes", async (_what, trackingNumber, message) => {
    const orderId = await paidShippingOrder();
    const state = await markShippedAction(idleState, form({ orderId, trackingNumber }));
    expect(state).toMatchObject({ status: "error", fieldErrors: { trackingNumber: message } });
    const [row] = await testDb().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ shippedAt: null, trackingNumber: null });
    expect(await testDb().$count(auditLog, eq(auditLog.recordId, orderId))).toBe(0);
  });

  it("a good tracking number ships the order and goes back to its page saying so", async () => {
    const orderId = await paidShippingOrder();
    const redirected = await markShippedAction(idleState, form({ orderId, trackingNumber: " 1Z999AA10123456784 " })).catch((e: unknown) => e);
    expect(String((redirected as { digest?: string }).digest)).toContain(`/admin/orders/${orderId}?done=shipped`);
    const [row] = await testDb().select().from(orders).where(eq(orders.id, orderId));
    expect(row?.trackingNumber).toBe("1Z999AA10123456784");
  });

  it("unknown or malformed order ids, and a cancel without its confirmation, change nothing", async () => {
    expect(await markPaidAction(idleState, form({ orderId: randomUUID(), method: "cash", confirm: "yes" }))).toMatchObject({ status: "error", formError: NO_SUCH_ORDER });
    expect(await markPaidAction(idleState, form({ orderId: "../../etc", method: "cash", confirm: "yes" }))).toMatchObject({ status: "error", fieldErrors: { orderId: NO_SUCH_ORDER } });
    const orderId = await paidShippingOrder();
    await testDb().update(orders).set({ status: "awaiting_payment" }).where(eq(orders.id, orderId));
    expect(await cancelOrderAction(idleState, form({ orderId }))).toMatchObject({
      status: "error",
      fieldErrors: { confirm: "Tick the box to confirm that the order should be canceled." },
    });
    const [row] = await testDb().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe("awaiting_payment");
  });

  it("mark paid asks how it was paid and for the ticked box; an unknown method is refused; nothing changes until both are given", async () => {
    const orderId = await paidShippingOrder();
    await testDb().update(orders).set({ status: "awaiting_payment" }).where(eq(orders.id, orderId));
    expect(await markPaidAction(idleState, form({ orderId, confirm: "yes" }))).toMatchObject({ status: "error", fieldErrors: { method: CHOOSE_METHOD } });
    expect(await markPaidAction(idleState, form({ orderId, method: "bitcoin", confirm: "yes" }))).toMatchObject({ status: "error", fieldErrors: { method: CHOOSE_METHOD } });
    expect(await markPaidAction(idleState, form({ orderId, method: "cash" }))).toMatchObject({
      status: "error",
      fieldErrors: { confirm: "Tick the box to confirm that the money was received." },
    });
    expect((await testDb().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: "awaiting_payment", deskPaymentMethod: null });
    const redirected = await markPaidAction(idleState, form({ orderId, method: "check", confirm: "yes" })).catch((e: unknown) => e);
    expect(String((redirected as { digest?: string }).digest)).toContain(`/admin/orders/${orderId}?done=paid`);
    expect((await testDb().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: "paid", deskPaymentMethod: "check" });
  });

  it("undo without a reason is refused next to the field and changes nothing; with one it goes back to the page saying so", async () => {
    const orderId = await paidShippingOrder();
    await testDb().update(orders).set({ deskPaymentMethod: "cash", paidAt: new Date("2027-03-10T18:00:00Z") }).where(eq(orders.id, orderId));
    for (const reason of [undefined, "", "   ", "x"]) {
      expect(await undoMarkPaidAction(idleState, form(reason === undefined ? { orderId } : { orderId, reason }))).toMatchObject({ status: "error", fieldErrors: { reason: UNDO_REASON_NEEDED } });
    }
    expect((await testDb().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: "paid" });
    expect(await testDb().$count(auditLog, eq(auditLog.recordId, orderId))).toBe(0);
    const redirected = await undoMarkPaidAction(idleState, form({ orderId, reason: "Marked the wrong order" })).catch((e: unknown) => e);
    expect(String((redirected as { digest?: string }).digest)).toContain(`/admin/orders/${orderId}?done=paid-undone`);
    expect((await testDb().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: "awaiting_payment" });
  });

  it("a stale tab's action on an order that moved on goes back to the order's page with the refusal, signed for that page", async () => {
    const orderId = await paidShippingOrder();
    await testDb().update(orders).set({ status: "cancelled", cancelledAt: new Date("2027-03-10T18:00:00Z") }).where(eq(orders.id, orderId));
    const redirected = await markPaidAction(idleState, form({ orderId, method: "cash", confirm: "yes" })).catch((e: unknown) => e);
    const digest = String((redirected as { digest?: string }).digest);
    const url = new URL(/\/admin\/orders\/[^;]+/.exec(digest)![0], "http://site");
    expect(url.pathname).toBe(`/admin/orders/${orderId}`);
    const params = Object.fromEntries(url.searchParams);
    expect(readRefusal(url.pathname, params)).toBe(CANCELLED);
    // Not for another page, and not when the text is changed.
    expect(readRefusal(`/admin/orders/${randomUUID()}`, params)).toBeUndefined();
    expect(readRefusal(url.pathname, { ...params, refused: "Call 555-0100 now" })).toBeUndefined();
    expect((await testDb().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: "cancelled", deskPaymentMethod: null });
  });
});
