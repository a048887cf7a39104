import type { DeskPaymentMethod } from "@/lib/payments/desk-payment";
import "server-only";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { trainingLocations } from "@/db/schema/content";
import { orderLines, orders } from "@/db/schema/orders";
import { likeContaining } from "@/lib/like-containing";
import { startOfDay, startOfNextDay } from "@/lib/time";
import { orderNumber, orderStatusLabels } from "./checkout.schema";
import { ORDER_ID, type OrderFilter } from "./orders-desk.schema";
import { groupDiscounts, storedDiscountLabel } from "./order-discounts";

export const DESK_PAGE_SIZE = 25;
/** The CSV export's ceiling: far above a year of the shop's orders. */
export const EXPORT_LIMIT = 10_000;

export interface DeskOrderRow {
  id: string;
  number: string;
  placedAt: Date;
  contactName: string;
  email: string;
  phone: string;
  totalCents: number;
  status: keyof typeof orderStatusLabels;
  statusLabel: string;
  paymentMethod: "pay_later" | "stripe";
  fulfilment: "shipping" | "pickup" | "none";
  pickupLocation: string | null;
  paidAt: Date | null;
  pickedUpAt: Date | null;
  shippedAt: Date | null;
  trackingNumber: string | null;
  cancelledAt: Date | null;
}

export interface DeskOrder extends DeskOrderRow {
  userId: string | null;
  subtotalCents: number;
  shippingCents: number;
  /** The shipping address, or the pickup location's name and address. */
  deliveryLines: string[];
  /** Paid by card through Stripe (at checkout or through a pay-by-card link): it can be refunded there. */
  paidByCard: boolean;
  /** How a pay-later order was paid, as the desk recorded it when marking it paid. */
  deskPaymentMethod: DeskPaymentMethod | null;
  refundedAt: Date | null;
  payLinkSentAt: Date | null;
  lines: { name: string; size: string | null; unitPriceCents: number; quantity: number; membership: boolean; unitDiscountCents: number; discountLabel: string | null }[];
  /** Member pricing and the verified service discount as recorded when ordered. */
  discounts: { label: string; amountCents: number }[];
}

function conditions(filter: OrderFilter): SQL | undefined {
  const all: (SQL | undefined)[] = [];
  switch (filter.status) {
    case "awaiting_payment":
    case "paid":
    case "cancelled":
    case "refunded":
      all.push(eq(orders.status, filter.status));
      break;
    case "to_hand_over":
      all.push(eq(orders.status, "paid"), sql`${orders.fulfilment} <> 'none'`, isNull(orders.pickedUpAt), isNull(orders.shippedAt));
      break;
    case "handed_over":
      all.push(or(isNotNull(orders.pickedUpAt), isNotNull(orders.shippedAt)));
      break;
  }
  if (filter.payment) all.push(eq(orders.paymentMethod, filter.payment));
  if (filter.fulfilment) all.push(eq(orders.fulfilment, filter.fulfilment));
  if (filter.locationId) all.push(eq(orders.pickupLocationId, filter.locationId));
  if (filter.from) all.push(gte(orders.placedAt, startOfDay(filter.from)));
  if (filter.to) all.push(lt(orders.placedAt, startOfNextDay(filter.to)));
  if (filter.q) {
    const number = filter.q.match(/^(?:vva\s*-?\s*)?(\d{1,9})$/i);
    const serial = number ? Number(number[1]) - 1000 : 0;
    all.push(
      or(
        serial > 0 ? eq(orders.number, serial) : undefined,
        ilike(orders.contactName, likeContaining(filter.q)),
        ilike(orders.email, likeContaining(filter.q)),
      ),
    );
  }
  const present = all.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

type Row = typeof orders.$inferSelect & { pickup: typeof trainingLocations.$inferSelect | null };

function toRow(row: Row): DeskOrderRow {
  return {
    id: row.id,
    number: orderNumber(row.number),
    placedAt: row.placedAt,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    totalCents: row.totalCents,
    status: row.status,
    statusLabel: orderStatusLabels[row.status],
    paymentMethod: row.paymentMethod,
    fulfilment: row.fulfilment,
    pickupLocation: row.pickup?.name ?? null,
    paidAt: row.paidAt,
    pickedUpAt: row.pickedUpAt,
    shippedAt: row.shippedAt,
    trackingNumber: row.trackingNumber,
    cancelledAt: row.cancelledAt,
  };
}

/** The desk's list: newest first, filtered and paginated (or every match, up to EXPORT_LIMIT, for the CSV). */
export async function listDeskOrders(
  db: Database,
  filter: OrderFilter,
  { all = false }: { all?: boolean } = {},
): Promise<{ orders: DeskOrderRow[]; total: number; page: number; pageCount: number }> {
  const where = conditions(filter);
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    db
      .select()
      .from(orders)
      .leftJoin(trainingLocations, eq(trainingLocations.id, orders.pickupLocationId))
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.number))
      .limit(all ? EXPORT_LIMIT : DESK_PAGE_SIZE)
      .offset(all ? 0 : (filter.page - 1) * DESK_PAGE_SIZE),
  ]);
  const total = counted?.total ?? 0;
  return {
    orders: rows.map((r) => toRow({ ...r.orders, pickup: r.training_locations })),
    total,
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(total / DESK_PAGE_SIZE)),
  };
}

/** An order's items as a pickup list needs them: what, which size, how many. */
export interface DeskOrderItem {
  name: string;
  size: string | null;
  quantity: number;
}

/** The items of these orders, by order id, in the order they were added (the CSV export). */
export async function itemsOfOrders(db: Database, orderIds: string[]): Promise<Map<string, DeskOrderItem[]>> {
  const byOrder = new Map<string, DeskOrderItem[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderLines.orderId, name: orderLines.name, size: orderLines.size, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const { orderId, ...item } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), item]);
  return byOrder;
}

/** One order for the desk, or undefined for an id that names none (malformed ids included). */
export async function getDeskOrder(db: Database, id: string): Promise<DeskOrder | undefined> {
  if (!ORDER_ID.test(id)) return undefined;
  const [row] = await db.select().from(orders).leftJoin(trainingLocations, eq(trainingLocations.id, orders.pickupLocationId)).where(eq(orders.id, id));
  if (!row) return undefined;
  const order = row.orders;
  const pickup = row.training_locations;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  return {
    ...toRow({ ...order, pickup }),
    userId: order.userId,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    paidByCard: order.stripePaymentIntentId !== null,
    deskPaymentMethod: order.deskPaymentMethod,
    refundedAt: order.refundedAt,
    payLinkSentAt: order.payLinkSentAt,
    deliveryLines:
      order.fulfilment === "shipping"
        ? [order.contactName, order.shipLine1, order.shipLine2, `${order.shipCity}, ${order.shipRegion} ${order.shipPostalCode}`].filter((l): l is string => !!l)
        : pickup
          ? [pickup.name, pickup.street, `${pickup.city}, ${pickup.region} ${pickup.postalCode}`]
          : [],
    lines: lines.map((l) => ({
      name: l.name, size: l.size, unitPriceCents: l.unitPriceCents, quantity: l.quantity, membership: l.membershipPlan !== null,
      unitDiscountCents: l.unitDiscountCents, discountLabel: storedDiscountLabel(l),
    })),
    discounts: groupDiscounts(lines.map((l) => ({ ...l, discountLabel: storedDiscountLabel(l) }))),
  };
}

export async function listPickupLocations(db: Database): Promise<{ id: number; name: string }[]> {
  return db.select({ id: trainingLocations.id, name: trainingLocations.name }).from(trainingLocations).orderBy(asc(trainingLocations.sortOrder));
}

/** An order waiting for its payment, as the dashboard lists it. */
export interface UnpaidOrder {
  id: string;
  number: number;
  contactName: string;
  totalCents: number;
  placedAt: Date;
  fulfilment: "shipping" | "pickup" | "none";
}

const unpaidOrderColumns = {
  id: orders.id,
  number: orders.number,
  contactName: orders.contactName,
  totalCents: orders.totalCents,
  placedAt: orders.placedAt,
  fulfilment: orders.fulfilment,
};

/**
 * Orders awaiting payment, counted, with the newest five: pay-at-pickup ones (`pickup`, collected and paid
 * at the desk) or the others (shipped orders to invoice, card checkouts not completed).
 */
export async function unpaidOrders(db: Database, pickup: boolean): Promise<{ count: number; latest: UnpaidOrder[] }> {
  // An order already handed over is not waiting at the desk, whatever its payment says.
  const where = and(
    eq(orders.status, "awaiting_payment"),
    isNull(orders.pickedUpAt),
    pickup ? eq(orders.fulfilment, "pickup") : ne(orders.fulfilment, "pickup"),
  );
  const [[total], latest] = await Promise.all([
    db.select({ count: count() }).from(orders).where(where),
    db.select(unpaidOrderColumns).from(orders).where(where).orderBy(desc(orders.placedAt)).limit(5),
  ]);
  return { count: total?.count ?? 0, latest };
}
