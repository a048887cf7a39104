"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { staffAction } from "@/lib/staff-action";
import { getStripe } from "@/lib/payments/stripe";
import { cancelOrder, markPaidAtDesk, markPickedUp, markShipped, refundCardOrder, sendPayLink } from "../orders-desk.service";
import { cancelSchema, orderIdSchema, refundSchema, shippedSchema } from "../orders-desk.schema";

const actorOf = (staff: { id: string; email: string }) => ({ id: staff.id, email: staff.email });

/** Back to the order page, which says what was done (a plain redirect: the same with or without JavaScript). */
function done(orderId: string, what: "paid" | "picked-up" | "shipped" | "cancelled" | "refunded" | "pay-link"): never {
  revalidatePath("/admin/orders");
  revalidatePath("/admin");
  redirect(`/admin/orders/${orderId}?done=${what}`);
}

export const markPaidAction = staffAction({ order: ["update"] }, orderIdSchema, async ({ orderId }, staff) => {
  await markPaidAtDesk(getDb(), actorOf(staff), orderId);
  done(orderId, "paid");
});

export const markPickedUpAction = staffAction({ order: ["update"] }, orderIdSchema, async ({ orderId }, staff) => {
  await markPickedUp(getDb(), actorOf(staff), orderId);
  done(orderId, "picked-up");
});

export const markShippedAction = staffAction({ order: ["update"] }, shippedSchema, async ({ orderId, trackingNumber }, staff) => {
  await markShipped(getDb(), actorOf(staff), orderId, trackingNumber);
  done(orderId, "shipped");
});

export const cancelOrderAction = staffAction({ order: ["update"] }, cancelSchema, async ({ orderId }, staff) => {
  await cancelOrder(getDb(), actorOf(staff), orderId, getStripe());
  done(orderId, "cancelled");
});

export const refundOrderAction = staffAction({ order: ["refund"] }, refundSchema, async ({ orderId }, staff) => {
  await refundCardOrder(getDb(), getStripe(), actorOf(staff), orderId);
  done(orderId, "refunded");
});

export const sendPayLinkAction = staffAction({ order: ["update"] }, orderIdSchema, async ({ orderId }, staff) => {
  await sendPayLink(getDb(), getStripe(), actorOf(staff), orderId);
  done(orderId, "pay-link");
});
