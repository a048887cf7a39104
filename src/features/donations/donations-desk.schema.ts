/** Inputs of the donations desk: its forms (zod) and the list's filters read from the query string. */
import { z } from "zod";

/** Gift ids are random UUIDs; anything else names no gift. */
export const GIFT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NO_SUCH_GIFT = "This gift does not exist.";

const donationId = z.string().regex(GIFT_ID, NO_SUCH_GIFT);

export const giftIdSchema = z.object({ donationId });

export const refundGiftSchema = z.object({
  donationId,
  confirm: z.literal("yes", { error: "Tick the box to confirm that the whole gift should be refunded." }),
});

export const GIFT_STATUSES = ["pending", "pledged", "paid", "refunded", "expired"] as const;
export type GiftStatusFilter = (typeof GIFT_STATUSES)[number];
export const FREQUENCIES = ["one_time", "monthly"] as const;
export const FREQUENCY_LABELS: Record<(typeof FREQUENCIES)[number], string> = { one_time: "One-time", monthly: "Monthly" };

/** The first year the desk accepts: well before the site took its first gift. */
export const FIRST_YEAR = 2000;

export interface GiftFilter {
  q?: string;
  status?: GiftStatusFilter;
  frequency?: (typeof FREQUENCIES)[number];
  /** Calendar days (YYYY-MM-DD) in the association's zone, both included: when the gift was made. */
  from?: string;
  to?: string;
  page: number;
}

export type GiftFilterErrors = Partial<Record<"q" | "status" | "frequency" | "from" | "to", string>>;

type Params = Record<string, string | string[] | undefined>;

/** A query parameter's one value, trimmed; a repeated parameter counts as its first value. */
function one(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

/** A real calendar day written YYYY-MM-DD (not 2027-02-30), or undefined. */
export function calendarDay(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && Number(value.slice(0, 4)) >= FIRST_YEAR ? value : undefined;
}

const DATE_MESSAGE = "Enter a date as YYYY-MM-DD (a real calendar day), or leave it empty.";

/**
 * The list's filters from the query string, with a message for each one that cannot be used (a
 * malformed or impossible date, a range that ends before it starts, an unknown status or kind, text
 * with control characters). The list is shown without the filters that failed.
 */
export function parseGiftFilter(params: Params): { filter: GiftFilter; errors: GiftFilterErrors; values: Partial<Record<keyof GiftFilterErrors, string>> } {
  const errors: GiftFilterErrors = {};
  const values = Object.fromEntries((["q", "status", "frequency", "from", "to"] as const).map((key) => [key, one(params[key])?.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 200)]));
  const filter: GiftFilter = { page: 1 };
  const q = one(params.q);
  if (q && (q.length > 100 || /[\u0000-\u001f\u007f]/.test(q))) errors.q = "Search for at most 100 characters of a name, email, receipt number or reference.";
  else if (q) filter.q = q;
  const status = one(params.status);
  if (status && !GIFT_STATUSES.includes(status as GiftStatusFilter)) errors.status = "Choose a status from the list.";
  else if (status) filter.status = status as GiftStatusFilter;
  const frequency = one(params.frequency);
  if (frequency && !FREQUENCIES.includes(frequency as GiftFilter["frequency"] & string)) errors.frequency = "Choose one-time or monthly.";
  else if (frequency) filter.frequency = frequency as GiftFilter["frequency"];
  for (const key of ["from", "to"] as const) {
    const value = one(params[key]);
    if (!value) continue;
    const day = calendarDay(value);
    if (day) filter[key] = day;
    else errors[key] = DATE_MESSAGE;
  }
  if (filter.from && filter.to && filter.to < filter.from) {
    errors.to = "The end date is before the start date.";
    delete filter.to;
  }
  const page = Number(one(params.page));
  filter.page = Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
  return { filter, errors, values };
}

/** The filter as a query string (without the page), for pagination links and the CSV export. */
export function giftFilterQuery(filter: GiftFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.frequency) params.set("frequency", filter.frequency);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

export const YEAR_MESSAGE = "Enter a year as four digits, e.g. 2027.";

/** A calendar year typed or put in a URL, between FIRST_YEAR and `latest`; or a message saying what is wrong. */
export function parseYear(value: string | string[] | undefined, latest: number): { year: number } | { error: string } {
  const text = one(value);
  if (!text || !/^\d{4}$/.test(text)) return { error: YEAR_MESSAGE };
  const year = Number(text);
  if (year < FIRST_YEAR || year > latest) return { error: `Choose a year from ${FIRST_YEAR} to ${latest}.` };
  return { year };
}

/** "Send the year-end statements" for one year: a finished calendar year (checked again by the service). */
export const sendStatementsSchema = z.object({
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, YEAR_MESSAGE)
    .transform(Number),
});
