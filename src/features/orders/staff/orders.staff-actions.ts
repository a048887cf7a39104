"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { refusedBackToRecord } from "@/lib/desk-refusal";
import { staffAction } from "@/lib/staff-action";
import { getStripe } from "@/lib/payments/stripe";
import { cancelOrder, markPaidAtDesk, markPickedUp, markShipped, NO_SUCH_ORDER, refundCardOrder, sendPayLink, undoMarkPaid } from "../orders-desk.service";
import { cancelSchema, markPaidSchema, orderIdSchema, refundSchema, shippedSchema, undoPaidSchema } from "../orders-desk.schema";

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

const orderPath = (orderId: string) => `/admin/orders/${orderId}`;

/**
 * Runs the desk action; refused because the order moved on (another tab or desk cancelled or paid it),
 * it goes back to the order's page, which shows the order as it is now with the refusal.
 */
function onOrder<T>(orderId: string, work: () => Promise<T>): Promise<T> {
  return refusedBackToRecord(orderPath(orderId), work, { keepInForm: [NO_SUCH_ORDER] });
}

/** Back to the order page, which says what was done (a plain redirect: the same with or without JavaScript). */
function done(orderId: string, what: "paid" | "paid-undone" | "picked-up" | "shipped" | "cancelled" | "refunded" | "pay-link"): never {
  revalidatePath("/admin/orders");
  revalidatePath("/admin");
  redirect(`${orderPath(orderId)}?done=${what}`);
}

export const markPaidAction = staffAction({ order: ["update"] }, markPaidSchema, async ({ orderId, method }, staff) => {
  await onOrder(orderId, () => markPaidAtDesk(getDb(), actorOf(staff), orderId, method));
  done(orderId, "paid");
});

export const undoMarkPaidAction = staffAction({ order: ["update"] }, undoPaidSchema, async ({ orderId, reason }, staff) => {
  await onOrder(orderId, () => undoMarkPaid(getDb(), actorOf(staff), orderId, reason));
  done(orderId, "paid-undone");
});

export const markPickedUpAction = staffAction({ order: ["update"] }, orderIdSchema, async ({ orderId }, staff) => {
  await onOrder(orderId, () => markPickedUp(getDb(), actorOf(staff), orderId));
  done(orderId, "picked-up");
});

export const markShippedAction = staffAction({ order: ["update"] }, shippedSchema, async ({ orderId, trackingNumber }, staff) => {
  await onOrder(orderId, () => markShipped(getDb(), actorOf(staff), orderId, trackingNumber));
  done(orderId, "shipped");
});

export const cancelOrderAction = staffAction({ order: ["update"] }, cancelSchema, async ({ orderId }, staff) => {
  await onOrder(orderId, () => cancelOrder(getDb(), actorOf(staff), orderId, getStripe()));
  done(orderId, "cancelled");
});

export const refundOrderAction = staffAction({ order: ["refund"] }, refundSchema, async ({ orderId }, staff) => {
  await onOrder(orderId, () => refundCardOrder(getDb(), getStripe(), actorOf(staff), orderId));
  done(orderId, "refunded");
});

export const sendPayLinkAction = staffAction({ order: ["update"] }, orderIdSchema, async ({ orderId }, staff) => {
  await onOrder(orderId, () => sendPayLink(getDb(), getStripe(), actorOf(staff), orderId));
  done(orderId, "pay-link");
});
