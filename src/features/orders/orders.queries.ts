import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trainingLocations } from "@/db/schema/content";
import { memberships, orderLines, orders } from "@/db/schema/orders";
import { groupDiscounts, storedDiscountLabel, type StoredLineDiscount } from "./order-discounts";
import { MEMBERSHIP_PLANS } from "@/features/memberships/membership-plans.service";
import { orderNumber, orderStatusLabels } from "./checkout.schema";
import { isOrderViewKey } from "./order-links";
import * as clock from "@/lib/clock";

export interface OrderLineView {
  name: string;
  size: string | null;
  imagePath: string | null;
  /** The list price per unit when ordered. */
  unitPriceCents: number;
  quantity: number;
  /** Taken off each unit, and why ("Member pricing (Premium, 10%)"), or 0 and null. */
  unitDiscountCents: number;
  discountKind: StoredLineDiscount["discountKind"];
  discountLabel: string | null;
}

export interface OrderView {
  id: string;
  number: string;
  status: keyof typeof orderStatusLabels;
  statusLabel: string;
  paymentMethod: "pay_later" | "stripe";
  placedAt: Date;
  email: string;
  contactName: string;
  phone: string;
  fulfilment: "shipping" | "pickup" | "none";
  /** Address lines for shipping, or the pickup location's name and address. */
  deliveryLines: string[];
  /** The items at list prices; `discounts` follow it, one line per kind, plan or status, and rate. */
  subtotalCents: number;
  discounts: { label: string; amountCents: number }[];
  shippingCents: number;
  totalCents: number;
  lines: OrderLineView[];
  /** A pay-later order whose buyer was emailed a pay-by-card link: it can be paid by card. */
  payLinkSent: boolean;
  paidAt: Date | null;
  shippedAt: Date | null;
  /** As staff typed it from the label, when the order was shipped. */
  trackingNumber: string | null;
  pickedUpAt: Date | null;
  cancelledAt: Date | null;
  refundedAt: Date | null;
}

/**
 * Who is looking: the signed-in member, the browser's cart cookie (for guest orders), the token of a
 * pay-by-card link emailed to the buyer, and/or the key of the order link in its emails (the last
 * two open the order from any device).
 */
export interface OrderViewer {
  userId?: string;
  tokenHash?: string;
  payLinkHash?: string;
  /** The `key` of an emailed order link (order-links.ts); checked against the order's id. */
  viewKey?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function linesOf(db: Database, orderIds: string[]): Promise<Map<string, OrderLineView[]>> {
  const byOrder = new Map<string, OrderLineView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({
      name: r.name, size: r.size, imagePath: r.imagePath, unitPriceCents: r.unitPriceCents, quantity: r.quantity,
      unitDiscountCents: r.unitDiscountCents, discountKind: r.discountKind, discountLabel: storedDiscountLabel(r),
    });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

type OrderRow = typeof orders.$inferSelect & { pickup: typeof trainingLocations.$inferSelect | null };

function toView(row: OrderRow, lines: OrderLineView[]): OrderView {
  const deliveryLines =
    row.fulfilment === "shipping"
      ? [row.contactName, row.shipLine1, row.shipLine2, `${row.shipCity}, ${row.shipRegion} ${row.shipPostalCode}`].filter((l): l is string => !!l)
      : row.fulfilment === "pickup" && row.pickup
        ? [row.pickup.name, row.pickup.street, `${row.pickup.city}, ${row.pickup.region} ${row.pickup.postalCode}`]
        : [];
  return {
    id: row.id,
    number: orderNumber(row.number),
    status: row.status,
    statusLabel: orderStatusLabels[row.status],
    paymentMethod: row.paymentMethod,
    placedAt: row.placedAt,
    email: row.email,
    contactName: row.contactName,
    phone: row.phone,
    fulfilment: row.fulfilment,
    deliveryLines,
    subtotalCents: row.subtotalCents,
    discounts: groupDiscounts(lines),
    shippingCents: row.shippingCents,
    totalCents: row.totalCents,
    lines,
    payLinkSent: row.payLinkTokenHash !== null,
    paidAt: row.paidAt,
    shippedAt: row.shippedAt,
    trackingNumber: row.trackingNumber,
    pickedUpAt: row.pickedUpAt,
    cancelledAt: row.cancelledAt,
    refundedAt: row.refundedAt,
  };
}

async function selectOrders(db: Database, where: ReturnType<typeof eq>) {
  const rows = await db
    .select()
    .from(orders)
    .leftJoin(trainingLocations, eq(trainingLocations.id, orders.pickupLocationId))
    .where(where)
    .orderBy(desc(orders.placedAt));
  return rows.map((r) => ({ ...r.orders, pickup: r.training_locations }));
}

/** One order, only for its owner: the member it belongs to, the browser that placed it as a guest, or a link emailed to the buyer. */
export async function getOrderForViewer(db: Database, orderId: string, viewer: OrderViewer): Promise<OrderView | undefined> {
  if (!UUID.test(orderId)) return undefined;
  const [row] = await selectOrders(db, eq(orders.id, orderId));
  if (!row) return undefined;
  const mine =
    (viewer.userId && row.userId === viewer.userId) ||
    (viewer.tokenHash && row.guestTokenHash === viewer.tokenHash) ||
    (viewer.payLinkHash && row.payLinkTokenHash === viewer.payLinkHash) ||
    (viewer.viewKey !== undefined && isOrderViewKey(row.id, viewer.viewKey));
  if (!mine) return undefined;
  return toView(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

/** A member's orders, newest first, with their lines (the profile's Orders tab). */
export async function listOrdersForUser(db: Database, userId: string): Promise<OrderView[]> {
  const rows = await selectOrders(db, eq(orders.userId, userId));
  const lines = await linesOf(db, rows.map((r) => r.id));
  return rows.map((r) => toView(r, lines.get(r.id) ?? []));
}

export interface MembershipUpgrade {
  /** The paid plan, if any: "Premium" or "Elite", renewing on `renewsOn`. */
  active: { plan: string; startedAt: Date; renewsOn: Date } | null;
  /** An upgrade ordered but not paid yet (pay at pickup): it counts once paid. */
  pending: { plan: string; orderNumber: string; orderId: string } | null;
}

export async function getMembershipUpgrade(db: Database, userId: string, now = clock.now()): Promise<MembershipUpgrade> {
  const [active] = await db.select().from(memberships).where(and(eq(memberships.userId, userId), sql`${memberships.renewsOn} > ${now.toISOString()}`));
  const [pending] = await db
    .select({ plan: orderLines.membershipPlan, number: orders.number, id: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, "awaiting_payment"), sql`${orderLines.membershipPlan} is not null`))
    .orderBy(desc(orders.placedAt))
    .limit(1);
  return {
    active: active ? { plan: MEMBERSHIP_PLANS[active.plan].shortName, startedAt: active.startedAt, renewsOn: active.renewsOn } : null,
    pending: pending?.plan ? { plan: MEMBERSHIP_PLANS[pending.plan].shortName, orderNumber: orderNumber(pending.number), orderId: pending.id } : null,
  };
}
