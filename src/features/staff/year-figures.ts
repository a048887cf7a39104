/**
 * What each chart of "the year at a glance" says, made once from its series: the title, the one-line
 * takeaway, what the bars show, and the table behind it. The page draws the chart and the table from
 * this, and the chart's CSV is this table (`figuresCsv`), so the three cannot disagree.
 */
import type { BarChartModel } from "@/components/staff/bar-chart";
import { csvText, type CsvValue } from "@/lib/csv";
import { formatCents } from "@/lib/money";
import type { AttendanceMonth, GiftsAndSales, MembersByPlan, SubscriberMonth } from "./year-at-a-glance.queries";
import { monthLabel, shortMonthLabel, type Month, type MonthRange } from "./year-range";

export const CHART_IDS = ["gifts-and-sales", "members", "attendance", "subscribers"] as const;
export type ChartId = (typeof CHART_IDS)[number];

/** What the bars show: a group per month (or plan), a bar per series. */
export type ChartModel = BarChartModel;

export interface FigureColumn {
  header: string;
  kind: "label" | "count" | "money";
}

/** A cell: a label, a count, cents, or nothing (shown as "—", empty in the CSV). */
export type FigureValue = string | number | null;

export interface FigureTable {
  caption: string;
  columns: FigureColumn[];
  rows: FigureValue[][];
  /** The totals under the rows (its first cell the label). */
  total?: FigureValue[];
}

export interface ChartFigures {
  id: ChartId;
  title: string;
  takeaway: string;
  /** What the figures count, in a sentence under the takeaway. */
  note: string;
  chart: ChartModel;
  table: FigureTable;
}

const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const number = new Intl.NumberFormat("en-US");

/** "$12,340": a sum in a sentence, to the dollar (the table has the cents). */
export function dollars(cents: number): string {
  return wholeDollars.format(Math.round(cents / 100));
}

/** "1,234". */
export function countText(value: number): string {
  return number.format(value);
}

/** A table cell as the page shows it. */
export function displayValue(value: FigureValue, column: FigureColumn): string {
  if (value === null) return "—";
  if (typeof value === "string") return value;
  return column.kind === "money" ? formatCents(value) : countText(value);
}

/** A table cell as the CSV gives it: money in dollars with cents (1234.50), counts as plain numbers, nothing as empty. */
function csvValue(value: FigureValue, column: FigureColumn): CsvValue {
  if (value === null || typeof value === "string") return value;
  return column.kind === "money" ? (value / 100).toFixed(2) : value;
}

/** The chart's table as a CSV file: the same columns, rows and totals. */
export function figuresCsv(table: FigureTable): string {
  const rows = table.total ? [...table.rows, table.total] : table.rows;
  return csvText(
    table.columns.map((column) => column.header),
    rows.map((row) => row.map((value, index) => csvValue(value, table.columns[index]!))),
  );
}

/** "Jul 2026 to Jun 2027", or "Jun 2027" for one month. */
export function rangeText(range: Pick<MonthRange, "from" | "to">): string {
  return range.from === range.to ? monthLabel(range.from) : `${monthLabel(range.from)} to ${monthLabel(range.to)}`;
}

/** "from Jul 2026 to Jun 2027", or "in Jun 2027": the months in a sentence. */
export function during(range: Pick<MonthRange, "from" | "to">): string {
  return range.from === range.to ? `in ${monthLabel(range.from)}` : `from ${rangeText(range)}`;
}

/** A month's bars' label, with its year where the year starts or the chart does. */
function monthGroup(month: Month, index: number, values: number[]): ChartModel["groups"][number] {
  return { label: shortMonthLabel(month), year: index === 0 || month.endsWith("-01") ? month.slice(0, 4) : undefined, values };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** " %" after a number, the space a no-break one so the sign never starts a line alone. */
const PERCENT = "\u00a0%";

/** "up 18 % on", "down 5 % on", "level with": a change from `before` (not 0) to `now`. */
export function changeText(now: number, before: number): string {
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return now === before ? "the same as" : "level with";
  return `${percent > 0 ? "up" : "down"} ${Math.abs(percent)}${PERCENT} on`;
}

export function giftsAndSalesFigures(series: GiftsAndSales, range: MonthRange): ChartFigures {
  const before = series.yearBefore;
  const thisTotal = sum(series.months.map((m) => m.giftsCents + m.salesCents));
  const beforeTotal = sum(before.map((m) => m.giftsCents + m.salesCents));
  const span = rangeText(range);
  const beforeSpan = rangeText({ from: before[0]!.month, to: before.at(-1)!.month });
  let takeaway: string;
  if (thisTotal === 0 && beforeTotal === 0) takeaway = `No gifts or sales came in ${during(range)}, nor in the same months a year before.`;
  else if (beforeTotal === 0) takeaway = `Gifts and sales: ${dollars(thisTotal)} ${during(range)}; nothing came in during the same months a year before.`;
  else takeaway = `Gifts and sales: ${dollars(thisTotal)} ${during(range)}, ${changeText(thisTotal, beforeTotal)} the same months a year before (${dollars(beforeTotal)}).`;
  const money = (header: string): FigureColumn => ({ header, kind: "money" });
  return {
    id: "gifts-and-sales",
    title: "Gifts and sales by month",
    takeaway,
    note: "Gifts received, and paid orders (shop and membership) with dues paid at the desk; refunded ones are left out.",
    chart: {
      unit: "money",
      series: [
        { label: span, look: "solid" },
        { label: beforeSpan, look: "hatched" },
      ],
      groups: series.months.map((m, index) => monthGroup(m.month, index, [m.giftsCents + m.salesCents, before[index]!.giftsCents + before[index]!.salesCents])),
    },
    table: {
      caption: `Gifts and sales by month, ${span}, beside the same month a year before (Central Time).`,
      columns: [
        { header: "Month", kind: "label" },
        money("Gifts"),
        money("Sales"),
        money("Total"),
        money("Gifts a year before"),
        money("Sales a year before"),
        money("Total a year before"),
      ],
      rows: series.months.map((m, index) => {
        const b = before[index]!;
        return [monthLabel(m.month), m.giftsCents, m.salesCents, m.giftsCents + m.salesCents, b.giftsCents, b.salesCents, b.giftsCents + b.salesCents];
      }),
      total: [
        "Total",
        sum(series.months.map((m) => m.giftsCents)),
        sum(series.months.map((m) => m.salesCents)),
        thisTotal,
        sum(before.map((m) => m.giftsCents)),
        sum(before.map((m) => m.salesCents)),
        beforeTotal,
      ],
    },
  };
}

const PLAN_NAMES = { premium: "Premium", elite: "Elite" } as const;

export function membersFigures(series: MembersByPlan): ChartFigures {
  const [premium, elite] = series.plans;
  const active = sum(series.plans.map((p) => p.active));
  const grace = sum(series.plans.map((p) => p.grace));
  const lapsed = sum(series.plans.map((p) => p.lapsed));
  const basic = `${countText(series.basic)} ${series.basic === 1 ? "account has" : "accounts have"} never had one`;
  const takeaway =
    active + grace + lapsed === 0
      ? `No paid memberships yet; ${basic}.`
      : `${countText(active)} ${active === 1 ? "member" : "members"} on a paid plan (${countText(premium!.active)} Premium, ${countText(elite!.active)} Elite), ${countText(grace)} more in their grace period and ${countText(lapsed)} lapsed; ${basic}.`;
  const accounts = (p: (typeof series.plans)[number]) => p.active + p.grace + p.lapsed;
  return {
    id: "members",
    title: "Members by plan and standing, today",
    takeaway,
    note: "Every account today: a paid plan is active until it expires, in grace for the days after when its benefits go on, then lapsed.",
    chart: {
      unit: "count",
      series: [
        { label: "Active", look: "solid" },
        { label: "In grace", look: "hatched" },
        { label: "Lapsed", look: "outline" },
      ],
      groups: series.plans.map((p) => ({ label: PLAN_NAMES[p.plan], values: [p.active, p.grace, p.lapsed] })),
    },
    table: {
      caption: "Accounts by membership plan and standing, today.",
      columns: [
        { header: "Plan", kind: "label" },
        { header: "Active", kind: "count" },
        { header: "In grace", kind: "count" },
        { header: "Lapsed", kind: "count" },
        { header: "Accounts", kind: "count" },
      ],
      rows: [...series.plans.map((p) => [PLAN_NAMES[p.plan], p.active, p.grace, p.lapsed, accounts(p)]), ["Basic (never paid)", null, null, null, series.basic]],
      total: ["Total", active, grace, lapsed, active + grace + lapsed + series.basic],
    },
  };
}

export function attendanceFigures(series: AttendanceMonth[], range: MonthRange): ChartFigures {
  const totals = {
    events: sum(series.map((m) => m.events)),
    seats: sum(series.map((m) => m.seats)),
    unlimited: sum(series.map((m) => m.unlimited)),
    registered: sum(series.map((m) => m.registered)),
    checkedIn: sum(series.map((m) => m.checkedIn)),
    walkIns: sum(series.map((m) => m.walkIns)),
  };
  const span = rangeText(range);
  let takeaway: string;
  if (totals.events === 0) takeaway = `No events were held ${during(range)}.`;
  else {
    const held = `${countText(totals.events)} ${totals.events === 1 ? "event" : "events"} held ${during(range)}`;
    const walkedIn = `${countText(totals.walkIns)} ${totals.walkIns === 1 ? "person" : "people"} walked in`;
    takeaway =
      totals.registered === 0
        ? `${held}: nobody registered, and ${walkedIn}.`
        : `${held}: ${countText(totals.checkedIn)} of the ${countText(totals.registered)} registered came (${Math.round((totals.checkedIn / totals.registered) * 100)}${PERCENT}), ${countText(totals.registered - totals.checkedIn)} did not, and ${walkedIn}.`;
  }
  const count = (header: string): FigureColumn => ({ header, kind: "count" });
  const row = (m: Omit<AttendanceMonth, "month">): number[] => [m.events, m.seats, m.registered, m.checkedIn, m.registered - m.checkedIn, m.walkIns, m.checkedIn + m.walkIns];
  return {
    id: "attendance",
    title: "Event attendance against seats, and no-shows",
    takeaway,
    note: `Events held (over, not canceled), by the month they started. Attended: registered people checked in at the door, and walk-ins. ${
      totals.unlimited > 0 ? `Seats offered leaves out ${countText(totals.unlimited)} ${totals.unlimited === 1 ? "event" : "events"} without a seat limit.` : ""
    }`.trim(),
    chart: {
      unit: "count",
      series: [
        { label: "Seats offered", look: "outline" },
        { label: "Registered", look: "hatched" },
        { label: "Attended", look: "solid" },
      ],
      groups: series.map((m, index) => monthGroup(m.month, index, [m.seats, m.registered, m.checkedIn + m.walkIns])),
    },
    table: {
      caption: `Events held by month, ${span}: seats, registrations, check-ins, no-shows and walk-ins (Central Time).`,
      columns: [{ header: "Month", kind: "label" }, count("Events"), count("Seats offered"), count("Registered"), count("Checked in"), count("No-shows"), count("Walk-ins"), count("Attended")],
      rows: series.map((m) => [monthLabel(m.month), ...row(m)]),
      total: ["Total", ...row(totals)],
    },
  };
}

export function subscribersFigures(series: SubscriberMonth[], range: MonthRange, currentMonth: Month): ChartFigures {
  const first = series[0]!;
  const last = series.at(-1)!;
  const atStart = first.subscribers - first.joined;
  const when = range.to === currentMonth ? "today" : `at the end of ${monthLabel(range.to)}`;
  const change = last.subscribers - atStart;
  const since = `since the start of ${monthLabel(range.from)}`;
  const takeaway = `${countText(last.subscribers)} newsletter ${last.subscribers === 1 ? "subscriber" : "subscribers"} ${when}, ${
    change === 0 ? `no change ${since}` : `${change > 0 ? "up" : "down"} ${countText(Math.abs(change))} ${since}`
  }.`;
  return {
    id: "subscribers",
    title: "Newsletter subscribers over time",
    takeaway,
    note: "Confirmed subscribers at each month's end (today for this month). An address that unsubscribes is deleted, so past months leave out those who have left since.",
    chart: {
      unit: "count",
      series: [{ label: "Subscribers", look: "solid" }],
      groups: series.map((m, index) => monthGroup(m.month, index, [m.subscribers])),
    },
    table: {
      caption: `Confirmed newsletter subscribers at each month's end, ${rangeText(range)} (Central Time).`,
      columns: [
        { header: "Month", kind: "label" },
        { header: "Subscribers", kind: "count" },
        { header: "Confirmed in the month", kind: "count" },
      ],
      rows: series.map((m) => [monthLabel(m.month), m.subscribers, m.joined]),
    },
  };
}
