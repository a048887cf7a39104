// @module-tag second-clock: member pricing at checkout follows the date.
/** The orders desk's rules on the real PostgreSQL: mark paid, picked up, shipped, cancel — each once. */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { memberships, orders } from "@/db/schema/orders";
import { auditLog } from "@/db/schema/staff";
import * as clock from "@/lib/clock";
import { FormError } from "@/lib/form-state";
import { getAuth } from "@/lib/auth/auth";
import { checkoutInput, fillCart, newVisitor } from "../../../test/checkout";
import { registerConfirmedMember } from "../../../test/members";
import { stockOf, variantId } from "../../../test/shop";
import type { CartOwner } from "@/features/cart/cart-owner";
import { addMembershipToCart } from "@/features/cart/cart.service";
import { listAudit } from "@/lib/audit.service";
import {
  ALREADY_PAID,
  ALREADY_PICKED_UP,
  ALREADY_SHIPPED,
  CANCELLED,
  CANNOT_CANCEL_PAID,
  HANDED_OVER_ALREADY,
  NOT_PAID_AT_DESK,
  NOT_PAID_NOW,
  NOT_PAY_LATER,
  NOT_PICKUP,
  NO_SUCH_ORDER,
  PAY_FIRST,
  cancelOrder,
  markPaidAtDesk,
  markPickedUp,
  markShipped,
  undoMarkPaid,
} from "./orders-desk.service";
import { orderLink, orderViewKey } from "./order-links";
import { getDeskOrder, itemsOfOrders, listDeskOrders } from "./orders-desk.queries";
import { getOrderForViewer } from "./orders.queries";
import { handOverStage } from "./order-progress";
import { markOrderPaid, placeOrder } from "./orders.service";
import { parseOrderFilter } from "./orders-desk.schema";

const desk = { id: null, email: "desk@example.org" };

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FormError);
  return (error as FormError).message;
}

let n = 0;
async function newMember(): Promise<string> {
  const email = `desk-buyer-${randomUUID()}-${++n}@example.com`;
  const password = "steady ruck march 0600";
  const headers = new Headers({ "x-forwarded-for": `203.0.113.${++n % 250}`, "user-agent": "vitest" });
  const { userId } = await registerConfirmedMember({ db: getDb(), auth: getAuth(), headers }, { email, password, confirmPassword: password, terms: "on" });
  return userId;
}

async function guestOrder(items: [number, number][], fields: Record<string, string> = {}, payment: "pay_later" | "stripe" = "pay_later") {
  const { owner } = newVisitor();
  await fillCart(owner, items);
  const email = `desk-${randomUUID()}@example.com`;
  const placed = await placeOrder(getDb(), owner, await checkoutInput(owner, { email, ...fields }), payment);
  return { ...placed, email };
}

const shipping = { fulfilment: "shipping", pickupLocationId: "", shipLine1: "12 Alamo Plaza", shipCity: "San Antonio", shipRegion: "TX", shipPostalCode: "78205" };

async function row(id: string) {
  const [order] = await getDb().select().from(orders).where(eq(orders.id, id));
  return order!;
}

const mails = (to: string, kind: string) => getDb().$count(emailOutbox, and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
const audits = (id: string) => getDb().$count(auditLog, eq(auditLog.recordId, id));

describe("cancel", () => {
  it("two cancels racing (double submit, two staff at once) return the stock once, audit once and email the buyer once", async () => {
    const tee = await variantId("veteran-strong-tshirt", "M");
    const before = await stockOf(tee);
    const order = await guestOrder([[tee, 2]]);
    expect(await stockOf(tee)).toBe(before - 2);

    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => cancelOrder(getDb(), desk, order.id)));
    const fulfilled = outcomes.filter((o) => o.status === "fulfilled");
    expect(fulfilled).toHaveLength(1);
    expect(fulfilled[0]).toMatchObject({ value: { number: order.number, restocked: 2 } });
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as FormError).message).toBe(CANCELLED);

    expect(await stockOf(tee)).toBe(before);
    expect(await row(order.id)).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
    expect(await audits(order.id)).toBe(1);
    expect(await mails(order.email, "order-cancelled")).toBe(1);
    const [mail] = await getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, order.email), eq(emailOutbox.kind, "order-cancelled")));
    expect(mail?.subject).toBe(`Your order ${order.number} was canceled`);
    const [entry] = await listAudit(getDb(), { recordType: "order", recordId: order.id });
    expect(entry).toMatchObject({ actorEmail: "desk@example.org", action: "order.cancel", after: { status: "cancelled", restocked: [{ item: "Veteran Strong T-Shirt (M)", quantity: 2 }] } });
  });

  it("a cancel racing a mark-paid: exactly one of them happens", async () => {
    const cap = await variantId("tactical-cap");
    const before = await stockOf(cap);
    const order = await guestOrder([[cap, 1]]);
    const [cancelled, paid] = await Promise.allSettled([cancelOrder(getDb(), desk, order.id), markPaidAtDesk(getDb(), desk, order.id, "cash")]);
    expect([cancelled.status, paid.status].sort()).toEqual(["fulfilled", "rejected"]);
    const after = await row(order.id);
    expect(await stockOf(cap)).toBe(after.status === "cancelled" ? before : before - 1);
    expect(await audits(order.id)).toBe(1);
  });

  it("refuses a paid order and an unknown or malformed id, changing nothing", async () => {
    const cap = await variantId("tactical-cap");
    const order = await guestOrder([[cap, 1]]);
    await markPaidAtDesk(getDb(), desk, order.id, "cash");
    const stock = await stockOf(cap);
    expect(await failure(cancelOrder(getDb(), desk, order.id))).toBe(CANNOT_CANCEL_PAID);
    expect(await failure(cancelOrder(getDb(), desk, randomUUID()))).toBe(NO_SUCH_ORDER);
    expect(await failure(cancelOrder(getDb(), desk, "1; drop table orders"))).toBe(NO_SUCH_ORDER);
    expect(await stockOf(cap)).toBe(stock);
    expect(await row(order.id)).toMatchObject({ status: "paid" });
    expect(await audits(order.id)).toBe(1);
  });
});

describe("mark paid", () => {
  it("starts a membership upgrade exactly as a card payment would, once, even when two desks click at once", async () => {
    const userId = await newMember();
    const owner: CartOwner = { kind: "member", userId };
    // Already Premium until a known date: a renewal paid twice at once must extend it by one year, not two.
    await addMembershipToCart(getDb(), userId, "premium");
    const first = await placeOrder(getDb(), owner, await checkoutInput(owner, { fulfilment: "" }), "pay_later");
    // Paid a month ago (from the test's clock, so the membership is still running on any day).
    await markOrderPaid(getDb(), first.id, new Date(clock.now().getTime() - 30 * 86_400_000));
    const [running] = await getDb().select({ renewsOn: memberships.renewsOn }).from(memberships).where(eq(memberships.userId, userId));
    // One year more, as PostgreSQL counts a year (29 February included).
    const oneYearLater = await getDb().execute<{ at: Date }>(sql`select (${running!.renewsOn.toISOString()}::timestamptz + interval '1 year') as at`);
    const extended = new Date(oneYearLater.rows[0]!.at);
    await addMembershipToCart(getDb(), userId, "premium");
    const renewal = await placeOrder(getDb(), owner, await checkoutInput(owner, { fulfilment: "" }), "pay_later");

    const outcomes = await Promise.allSettled([markPaidAtDesk(getDb(), desk, renewal.id, "cash"), markPaidAtDesk(getDb(), desk, renewal.id, "cash")]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((o) => o.status === "rejected");
    expect((refused as PromiseRejectedResult).reason.message).toBe(ALREADY_PAID);
    const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, userId));
    expect(membership).toMatchObject({ plan: "premium", orderId: renewal.id, renewsOn: extended });
    expect(await row(renewal.id)).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
    expect(await audits(renewal.id)).toBe(1);
    const [entry] = await listAudit(getDb(), { recordType: "order", recordId: renewal.id });
    expect(entry).toMatchObject({ action: "order.mark-paid", before: { status: "awaiting_payment" }, after: { status: "paid", membership: "premium" } });
  });

  it("emails the buyer a receipt; refuses card orders, canceled orders and unknown ids", async () => {
    const journal = await variantId("fitness-journal");
    const order = await guestOrder([[journal, 1]]);
    expect(await markPaidAtDesk(getDb(), desk, order.id, "cash")).toEqual({ number: order.number });
    expect(await mails(order.email, "order-paid")).toBe(1);
    expect(await failure(markPaidAtDesk(getDb(), desk, order.id, "cash"))).toBe(ALREADY_PAID);

    const card = await guestOrder([[journal, 1]], {}, "stripe");
    expect(await failure(markPaidAtDesk(getDb(), desk, card.id, "cash"))).toBe(NOT_PAY_LATER);
    const gone = await guestOrder([[journal, 1]]);
    await cancelOrder(getDb(), desk, gone.id);
    expect(await failure(markPaidAtDesk(getDb(), desk, gone.id, "cash"))).toBe(CANCELLED);
    expect(await failure(markPaidAtDesk(getDb(), desk, randomUUID(), "cash"))).toBe(NO_SUCH_ORDER);
    expect(await failure(markPaidAtDesk(getDb(), desk, "not-an-id", "cash"))).toBe(NO_SUCH_ORDER);
    expect(await row(card.id)).toMatchObject({ status: "awaiting_payment", paidAt: null });
    expect(await audits(card.id)).toBe(0);
  });
});

describe("how it was paid, and undoing a wrong mark paid", () => {
  it("keeps the method the desk chose, shows it on the desk, and audits it", async () => {
    const journal = await variantId("fitness-journal");
    const order = await guestOrder([[journal, 1]]);
    await markPaidAtDesk(getDb(), desk, order.id, "check");
    expect(await row(order.id)).toMatchObject({ status: "paid", deskPaymentMethod: "check" });
    expect(await getDeskOrder(getDb(), order.id)).toMatchObject({ deskPaymentMethod: "check" });
    const [entry] = await listAudit(getDb(), { recordType: "order", recordId: order.id });
    expect(entry).toMatchObject({ action: "order.mark-paid", after: { status: "paid", method: "check" } });
  });

  it("undo sets the order back to awaiting payment, audited with its reason, and emails the buyer a correction", async () => {
    const journal = await variantId("fitness-journal");
    const order = await guestOrder([[journal, 1]]);
    await markPaidAtDesk(getDb(), desk, order.id, "cash");
    const other = { id: null, email: "second-volunteer@example.org" };
    expect(await undoMarkPaid(getDb(), other, order.id, "Wrong order: it was VVA-1 that paid")).toEqual({ number: order.number });
    expect(await row(order.id)).toMatchObject({ status: "awaiting_payment", paidAt: null, deskPaymentMethod: null });
    const [entry] = await listAudit(getDb(), { recordType: "order", recordId: order.id });
    expect(entry).toMatchObject({
      actorEmail: "second-volunteer@example.org",
      action: "order.undo-paid",
      before: { status: "paid", method: "cash" },
      after: { status: "awaiting_payment", reason: "Wrong order: it was VVA-1 that paid" },
    });
    const [mail] = await getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, order.email), eq(emailOutbox.kind, "order-payment-undone")));
    expect(mail?.subject).toBe(`Correction: order ${order.number} is not paid yet`);
    // Undone twice (a second tab): refused, nothing more changes; it can be marked paid again.
    expect(await failure(undoMarkPaid(getDb(), other, order.id, "again"))).toBe(NOT_PAID_NOW);
    expect(await audits(order.id)).toBe(2);
    await markPaidAtDesk(getDb(), desk, order.id, "card");
    expect(await row(order.id)).toMatchObject({ status: "paid", deskPaymentMethod: "card" });
  });

  it("undo takes back the membership year the order started", async () => {
    const userId = await newMember();
    const owner: CartOwner = { kind: "member", userId };
    await addMembershipToCart(getDb(), userId, "premium");
    const order = await placeOrder(getDb(), owner, await checkoutInput(owner, { fulfilment: "" }), "pay_later");
    await markPaidAtDesk(getDb(), desk, order.id, "cash");
    expect(await getDb().$count(memberships, eq(memberships.userId, userId))).toBe(1);
    await undoMarkPaid(getDb(), desk, order.id, "The check bounced");
    expect(await getDb().$count(memberships, eq(memberships.userId, userId))).toBe(0);
    const [entry] = await listAudit(getDb(), { recordType: "order", recordId: order.id });
    expect(entry).toMatchObject({ action: "order.undo-paid", after: { membership: { ended: "premium" } } });
  });

  it("undo is refused for a card payment, an unpaid or canceled order, and one already handed over", async () => {
    const journal = await variantId("fitness-journal");
    const unpaid = await guestOrder([[journal, 1]]);
    expect(await failure(undoMarkPaid(getDb(), desk, unpaid.id, "mistake"))).toBe(NOT_PAID_NOW);
    const card = await guestOrder([[journal, 1]], {}, "stripe");
    await getDb().update(orders).set({ status: "paid", paidAt: clock.now(), stripePaymentIntentId: `pi_${randomUUID()}` }).where(eq(orders.id, card.id));
    expect(await failure(undoMarkPaid(getDb(), desk, card.id, "mistake"))).toBe(NOT_PAID_AT_DESK);
    // A pay-later order paid by card through a pay-by-card link is a card payment too.
    const payLink = await guestOrder([[journal, 1]]);
    await getDb().update(orders).set({ status: "paid", paidAt: clock.now(), stripePaymentIntentId: `pi_${randomUUID()}` }).where(eq(orders.id, payLink.id));
    expect(await failure(undoMarkPaid(getDb(), desk, payLink.id, "mistake"))).toBe(NOT_PAID_AT_DESK);
    // Marked paid at the desk before the method was kept: it can still be undone.
    const older = await guestOrder([[journal, 1]]);
    await getDb().update(orders).set({ status: "paid", paidAt: clock.now() }).where(eq(orders.id, older.id));
    await undoMarkPaid(getDb(), desk, older.id, "marked before methods were kept, by mistake");
    expect(await row(older.id)).toMatchObject({ status: "awaiting_payment", paidAt: null });
    const handedOver = await guestOrder([[journal, 1]]);
    await markPaidAtDesk(getDb(), desk, handedOver.id, "cash");
    await markPickedUp(getDb(), desk, handedOver.id);
    expect(await failure(undoMarkPaid(getDb(), desk, handedOver.id, "mistake"))).toBe(HANDED_OVER_ALREADY);
    expect(await row(handedOver.id)).toMatchObject({ status: "paid", deskPaymentMethod: "cash" });
    const gone = await guestOrder([[journal, 1]]);
    await cancelOrder(getDb(), desk, gone.id);
    expect(await failure(undoMarkPaid(getDb(), desk, gone.id, "mistake"))).toBe(CANCELLED);
    expect(await failure(undoMarkPaid(getDb(), desk, randomUUID(), "mistake"))).toBe(NO_SUCH_ORDER);
  });
});

describe("handing over", () => {
  it("picked up: only a paid pickup order, once", async () => {
    const journal = await variantId("fitness-journal");
    const order = await guestOrder([[journal, 1]]);
    expect(await failure(markPickedUp(getDb(), desk, order.id))).toBe(PAY_FIRST);
    await markPaidAtDesk(getDb(), desk, order.id, "cash");
    await markPickedUp(getDb(), desk, order.id);
    expect(await row(order.id)).toMatchObject({ pickedUpAt: expect.any(Date) });
    expect(await failure(markPickedUp(getDb(), desk, order.id))).toBe(ALREADY_PICKED_UP);
    const shipped = await guestOrder([[journal, 1]], shipping);
    expect(await failure(markPickedUp(getDb(), desk, shipped.id))).toBe(NOT_PICKUP);
    expect(await getDeskOrder(getDb(), order.id)).toMatchObject({ pickupLocation: "Headquarters & Fitness Center", pickedUpAt: expect.any(Date) });
    // The picked-up order is no longer "to hand over".
    const toHandOver = await listDeskOrders(getDb(), { ...parseOrderFilter({ status: "to_hand_over" }) });
    expect(toHandOver.orders.map((o) => o.id)).not.toContain(order.id);
  });

  it("shipped: keeps the tracking number and emails it to the buyer, once", async () => {
    const journal = await variantId("fitness-journal");
    const order = await guestOrder([[journal, 1]], shipping);
    expect(await failure(markShipped(getDb(), desk, order.id, "1Z999AA10123456784"))).toBe(PAY_FIRST);
    await markPaidAtDesk(getDb(), desk, order.id, "cash");
    await markShipped(getDb(), desk, order.id, "1Z999AA10123456784");
    expect(await row(order.id)).toMatchObject({ shippedAt: expect.any(Date), trackingNumber: "1Z999AA10123456784" });
    expect(await failure(markShipped(getDb(), desk, order.id, "OTHER"))).toBe(ALREADY_SHIPPED);
    expect(await row(order.id)).toMatchObject({ trackingNumber: "1Z999AA10123456784" });
    const [mail] = await getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, order.email), eq(emailOutbox.kind, "order-shipped")));
    expect(mail?.textBody).toContain("Tracking number: 1Z999AA10123456784");
    // Its order link opens the order on any device, as the confirmation's does.
    expect(mail?.textBody).toContain(`Your order: ${orderLink(order.id)}`);
    expect(mail?.htmlBody).toContain(`href="${orderLink(order.id)}"`);
    expect(await mails(order.email, "order-shipped")).toBe(1);
  });
});

describe("what the buyer sees of the desk's steps", () => {
  it("a shipped order's page and profile view carry when it was paid and shipped and its tracking number; the email links UPS", async () => {
    const journal = await variantId("fitness-journal");
    const order = await guestOrder([[journal, 1]], shipping);
    await markPaidAtDesk(getDb(), desk, order.id, "cash");
    await markShipped(getDb(), desk, order.id, "1Z999AA10123456784");
    const seen = await getOrderForViewer(getDb(), order.id, { viewKey: orderViewKey(order.id) });
    expect(seen).toMatchObject({ status: "paid", paidAt: expect.any(Date), shippedAt: expect.any(Date), trackingNumber: "1Z999AA10123456784", pickedUpAt: null });
    expect(handOverStage(seen!)).toBe("shipped");
    const [mail] = await getDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, order.email), eq(emailOutbox.kind, "order-shipped")));
    expect(mail?.textBody).toContain("Follow it on the UPS website: https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });
});

describe("the CSV's items", () => {
  it("each order's items with size and quantity, in the order they were added", async () => {
    const order = await guestOrder([[await variantId("veteran-strong-tshirt", "L"), 2], [await variantId("fitness-journal"), 1]]);
    const items = await itemsOfOrders(getDb(), [order.id]);
    expect(items.get(order.id)).toEqual([
      { name: "Veteran Strong T-Shirt", size: "L", quantity: 2 },
      { name: "Fitness Journal", size: null, quantity: 1 },
    ]);
    expect(await itemsOfOrders(getDb(), [])).toEqual(new Map());
  });
});

describe("the desk's list", () => {
  it("finds an order by number (VVA-1009 or 1009), name or email, and filters", async () => {
    const journal = await variantId("fitness-journal");
    const order = await guestOrder([[journal, 1]], { name: "Quincy O'Percent_Test" });
    const digits = order.number.replace("VVA-", "");
    for (const q of [order.number, digits, order.number.toLowerCase(), order.email.toUpperCase(), "O'Percent_T"]) {
      const found = await listDeskOrders(getDb(), parseOrderFilter({ q }));
      expect(found.orders.map((o) => o.id), q).toContain(order.id);
    }
    // LIKE wildcards are plain characters.
    expect((await listDeskOrders(getDb(), parseOrderFilter({ q: "%" }))).orders.every((o) => o.contactName.includes("%") || o.email.includes("%"))).toBe(true);
    expect((await listDeskOrders(getDb(), parseOrderFilter({ q: order.number, status: "paid" }))).total).toBe(0);
    expect((await listDeskOrders(getDb(), parseOrderFilter({ q: order.number, status: "awaiting_payment", payment: "pay_later", where: "pickup-1" }))).total).toBe(1);
    expect((await listDeskOrders(getDb(), parseOrderFilter({ q: order.number, where: "shipping" }))).total).toBe(0);
    expect((await listDeskOrders(getDb(), parseOrderFilter({ q: order.number, to: "2000-01-01" }))).total).toBe(0);
    expect((await listDeskOrders(getDb(), parseOrderFilter({ q: order.number, from: "2000-01-01" }))).total).toBe(1);
  });

  it("reads odd query strings as no filter, and unknown ids as no order", async () => {
    expect(parseOrderFilter({ status: "drop", payment: ["stripe", "pay_later"], from: "2026-02-30", to: "x", page: "-3", where: "pickup-x" })).toEqual({
      status: undefined, payment: undefined, fulfilment: undefined, locationId: undefined, from: undefined, to: undefined, q: undefined, page: 1,
    });
    expect(await getDeskOrder(getDb(), "12")).toBeUndefined();
    expect(await getDeskOrder(getDb(), randomUUID())).toBeUndefined();
  });
});
