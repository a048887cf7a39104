/** Inputs of the orders desk: its forms (zod) and the list's filters read from the query string. */
import { z } from "zod";
import { multiLineText, singleLineText } from "@/lib/text-fields";
import { deskPaymentMethodField } from "@/lib/payments/desk-payment";

/** Order ids are random UUIDs; anything else names no order. */
export const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const TRACKING_NUMBER_MAX = 64;

const orderId = z.string().regex(ORDER_ID, "This order no longer exists.");

export const orderIdSchema = z.object({ orderId });

export const shippedSchema = z.object({
  orderId,
  trackingNumber: singleLineText()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, "Enter the tracking number.")
        .max(TRACKING_NUMBER_MAX, `A tracking number is at most ${TRACKING_NUMBER_MAX} characters.`)
        .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Use letters, digits, spaces and hyphens only, as printed on the label."),
    ),
});

/** Marking a pay-later order paid: how it was paid, and the ticked box that the money is in hand. */
export const markPaidSchema = z.object({
  orderId,
  method: deskPaymentMethodField,
  confirm: z.literal("yes", { error: "Tick the box to confirm that the money was received." }),
});

export const UNDO_REASON_MAX = 500;
export const UNDO_REASON_NEEDED = "Say why the order is not paid after all (e.g. marked paid by mistake, the check bounced).";

/** Undoing a wrong "mark paid": the reason is required and goes into the audit log. */
export const undoPaidSchema = z.object({
  orderId,
  reason: multiLineText({ message: UNDO_REASON_NEEDED })
    .transform((value) => value.trim())
    .pipe(z.string().min(3, UNDO_REASON_NEEDED).max(UNDO_REASON_MAX, `A reason is at most ${UNDO_REASON_MAX} characters.`)),
});

export const cancelSchema = z.object({
  orderId,
  confirm: z.literal("yes", { error: "Tick the box to confirm that the order should be canceled." }),
});

export const refundSchema = z.object({
  orderId,
  confirm: z.literal("yes", { error: "Tick the box to confirm that the whole payment should be refunded." }),
});

export const STATUS_FILTERS = ["awaiting_payment", "paid", "cancelled", "refunded", "to_hand_over", "handed_over"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  cancelled: "Canceled",
  refunded: "Refunded",
  to_hand_over: "Paid, to pick up or ship",
  handed_over: "Picked up or shipped",
};
export const PAYMENT_LABELS = { pay_later: "Pay at pickup / invoice", stripe: "Card (Stripe)" } as const;
export const FULFILMENT_LABELS = { shipping: "Shipping", pickup: "Pickup", none: "Nothing to deliver" } as const;

export interface OrderFilter {
  status?: StatusFilter;
  payment?: keyof typeof PAYMENT_LABELS;
  /** A fulfilment kind, or `pickup-<location id>` for one pickup location. */
  fulfilment?: keyof typeof FULFILMENT_LABELS;
  locationId?: number;
  /** Calendar days (YYYY-MM-DD) in the association's zone, both included. */
  from?: string;
  to?: string;
  q?: string;
  page: number;
}

type Params = Record<string, string | string[] | undefined>;

function one(value: string | string[] | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= 200 && !/[\u0000-\u001f\u007f]/.test(trimmed) ? trimmed : undefined;
}

function pick<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value);
}

function day(value: string | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/**
 * The list's filters from the query string. Anything odd (an unknown status, a malformed date, a
 * second value) simply means "no filter", so a hand-edited URL shows a list, never an error page.
 */
export function parseOrderFilter(params: Params): OrderFilter {
  const where = one(params.where);
  const location = where?.match(/^pickup-(\d{1,9})$/);
  const page = Number(one(params.page));
  return {
    status: pick(one(params.status), STATUS_FILTERS),
    payment: pick(one(params.payment), ["pay_later", "stripe"] as const),
    fulfilment: location ? "pickup" : pick(where, ["shipping", "pickup", "none"] as const),
    locationId: location ? Number(location[1]) : undefined,
    from: day(one(params.from)),
    to: day(one(params.to)),
    q: one(params.q)?.slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The filter as a query string (without the page), for pagination links and the CSV export. */
export function filterQuery(filter: OrderFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.payment) params.set("payment", filter.payment);
  if (filter.fulfilment) params.set("where", filter.locationId ? `pickup-${filter.locationId}` : filter.fulfilment);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.q) params.set("q", filter.q);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}
