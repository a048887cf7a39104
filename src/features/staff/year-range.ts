/**
 * The months "the year at a glance" (/admin/year) shows: chosen in the URL as `?from=YYYY-MM&to=YYYY-MM`,
 * both included, in the association's time zone; by default the last 12 months, this one included.
 * No server code: the page, its CSV route and the tests share it.
 */
import { ASSOCIATION_TIME_ZONE, calendarDay, startOfDay } from "@/lib/time";

/** A calendar month, "2027-06". */
export type Month = `${number}-${number}`;

export interface MonthRange {
  from: Month;
  to: Month;
  /** Every month from `from` to `to`, in order. */
  months: Month[];
}

export type RangeErrors = Partial<Record<"from" | "to", string>>;

/** The longest range a chart shows readably (two bars a month, on a phone too). */
export const MAX_MONTHS = 24;
/** The first month the page accepts: well before the site took its first gift. */
export const FIRST_MONTH: Month = "2000-01";

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const LONG_MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

function parts(month: Month): [number, number] {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return [year, number];
}

function monthOf(year: number, number: number): Month {
  return `${String(year).padStart(4, "0")}-${String(number).padStart(2, "0")}` as Month;
}

/** The month `by` months after (or before, negative) `month`. */
export function shiftMonth(month: Month, by: number): Month {
  const [year, number] = parts(month);
  const index = year * 12 + (number - 1) + by;
  return monthOf(Math.floor(index / 12), (index % 12) + 1);
}

/** How many months from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function monthSpan(from: Month, to: Month): number {
  const [fromYear, fromNumber] = parts(from);
  const [toYear, toNumber] = parts(to);
  return (toYear - fromYear) * 12 + (toNumber - fromNumber) + 1;
}

/** The month `instant` falls in, in the association's zone. */
export function monthAt(instant: Date): Month {
  const { year, month } = calendarDay(instant, ASSOCIATION_TIME_ZONE);
  return monthOf(year, month);
}

/** The instant a month begins in the association's zone (its end is the next month's start). */
export function monthStart(month: Month): Date {
  return startOfDay(`${month}-01`, ASSOCIATION_TIME_ZONE);
}

/** "Jun 2027". */
export function monthLabel(month: Month): string {
  const [year, number] = parts(month);
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

/** "June 2027". */
export function longMonthLabel(month: Month): string {
  const [year, number] = parts(month);
  return `${LONG_MONTH_NAMES[number - 1]} ${year}`;
}

/** "Jun": a chart's label under a month (the year is said where it changes). */
export function shortMonthLabel(month: Month): string {
  return MONTH_NAMES[parts(month)[1] - 1]!;
}

function rangeOf(from: Month, to: Month): MonthRange {
  return { from, to, months: Array.from({ length: monthSpan(from, to) }, (_, index) => shiftMonth(from, index)) };
}

/** The last 12 months, the current one included. */
export function defaultRange(now: Date): MonthRange {
  const current = monthAt(now);
  return rangeOf(shiftMonth(current, -11), current);
}

/** The same months a year before (the comparison of gifts and sales). */
export function yearBefore(range: MonthRange): MonthRange {
  return rangeOf(shiftMonth(range.from, -12), shiftMonth(range.to, -12));
}

/** A real month written YYYY-MM, or undefined. */
function monthValue(text: string): Month | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const number = Number(match[2]);
  return number >= 1 && number <= 12 ? (text as Month) : undefined;
}

/** A query parameter's one value, trimmed; a repeated parameter counts as its first value. */
function one(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

export const MONTH_MESSAGE = "Enter a month as YYYY-MM, e.g. 2027-01, or leave it empty.";

/**
 * The range from the query string. Either end may be left out: a range of 12 months is made from the
 * other (never past this month). A range that cannot be used (a malformed or impossible month, one
 * before 2000 or after this month, an end before the start, more than MAX_MONTHS) is answered with a
 * message for its field, and the default range is shown instead; `values` echoes what was typed.
 */
export function parseMonthRange(
  params: Record<string, string | string[] | undefined>,
  now: Date,
): { range: MonthRange; errors: RangeErrors; values: Partial<Record<"from" | "to", string>> } {
  const current = monthAt(now);
  const typed = { from: one(params.from), to: one(params.to) };
  const values = Object.fromEntries(Object.entries(typed).map(([key, value]) => [key, value?.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 20)]));
  const errors: RangeErrors = {};
  const chosen: Partial<Record<"from" | "to", Month>> = {};
  for (const key of ["from", "to"] as const) {
    const text = typed[key];
    if (!text) continue;
    const month = monthValue(text);
    if (!month) errors[key] = MONTH_MESSAGE;
    else if (month < FIRST_MONTH) errors[key] = `Choose a month from ${longMonthLabel(FIRST_MONTH)} on.`;
    else if (month > current) errors[key] = `Choose a month up to this one, ${longMonthLabel(current)}.`;
    else chosen[key] = month;
  }
  if (Object.keys(errors).length > 0) return { range: defaultRange(now), errors, values };
  const from = chosen.from ?? (chosen.to ? maxMonth(shiftMonth(chosen.to, -11), FIRST_MONTH) : shiftMonth(current, -11));
  const to = chosen.to ?? (chosen.from ? minMonth(shiftMonth(chosen.from, 11), current) : current);
  if (to < from) return { range: defaultRange(now), errors: { to: "The last month is before the first. Choose a later one." }, values };
  if (monthSpan(from, to) > MAX_MONTHS) return { range: defaultRange(now), errors: { to: `Choose at most ${MAX_MONTHS} months.` }, values };
  return { range: rangeOf(from, to), errors, values };
}

function minMonth(a: Month, b: Month): Month {
  return a < b ? a : b;
}

function maxMonth(a: Month, b: Month): Month {
  return a > b ? a : b;
}

/** The range as a query string, e.g. `from=2026-07&to=2027-06` (with `extra` first: `chart=…`). */
export function rangeQuery(range: Pick<MonthRange, "from" | "to">, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...extra, from: range.from, to: range.to }).toString();
}
