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
import { NO_SUCH_ORDER } from "../orders-desk.service";
import { cancelOrderAction, markPaidAction, markShippedAction } from "./orders.staff-actions";
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
    expect(await markPaidAction(idleState, form({ orderId: randomUUID() }))).toMatchObject({ status: "error", formError: NO_SUCH_ORDER });
    expect(await markPaidAction(idleState, form({ orderId: "../../etc" }))).toMatchObject({ status: "error", fieldErrors: { orderId: NO_SUCH_ORDER } });
    const orderId = await paidShippingOrder();
    await testDb().update(orders).set({ status: "awaiting_payment" }).where(eq(orders.id, orderId));
    expect(await cancelOrderAction(idleState, form({ orderId }))).toMatchObject({
      status: "error",
      fieldErrors: { confirm: "Tick the box to confirm that the order should be cancelled." },
    });
    const [row] = await testDb().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe("awaiting_payment");
  });
});
