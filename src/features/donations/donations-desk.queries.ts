import "server-only";
import { and, count, desc, eq, gte, ilike, inArray, lt, max, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { donations, recurringDonations } from "@/db/schema/donations";
import { likeContaining } from "@/lib/like-containing";
import { ASSOCIATION_TIME_ZONE, startOfDay, startOfNextDay } from "@/lib/time";
import { TRIBUTE_LABELS } from "./donation-fields";
import { donationReference } from "./donations.schema";
import { GIFT_ID, type GiftFilter } from "./donations-desk.schema";

export type GiftStatus = (typeof donations.$inferSelect)["status"];
export type PlanStatus = (typeof recurringDonations.$inferSelect)["status"];

export const DESK_PAGE_SIZE = 50;
/** The CSV export's ceiling: far above a year of the association's gifts. */
export const EXPORT_LIMIT = 20_000;

export interface DeskGiftRow {
  id: string;
  reference: string;
  createdAt: Date;
  paidAt: Date | null;
  refundedAt: Date | null;
  donorName: string;
  donorEmail: string;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  frequency: "one_time" | "monthly";
  paymentMethod: "stripe" | "offline";
  status: GiftStatus;
  receiptNumber: string | null;
  tribute: string | null;
}

/** The instants a calendar year of the association's zone starts and ends (the next one's start). */
export function yearBounds(year: number): { start: Date; end: Date } {
  return { start: startOfDay(`${year}-01-01`), end: startOfDay(`${year + 1}-01-01`) };
}

/**
 * The search box: a reference (DON-1042 or 1042), a receipt number (2027-000123, or part of it), or
 * part of the donor's name or email address.
 */
function searchCondition(q: string): SQL | undefined {
  const reference = q.match(/^(?:don\s*-?\s*)?(\d{1,9})$/i);
  const number = reference ? Number(reference[1]) : 0;
  return or(
    number > 0 && number <= 2_147_483_647 ? eq(donations.number, number) : undefined,
    ilike(donations.receiptNumber, likeContaining(q)),
    ilike(donations.donorName, likeContaining(q)),
    ilike(donations.donorEmail, likeContaining(q)),
  );
}

function conditions(filter: GiftFilter): SQL | undefined {
  const all: (SQL | undefined)[] = [
    filter.status ? eq(donations.status, filter.status) : undefined,
    filter.frequency ? eq(donations.frequency, filter.frequency) : undefined,
    filter.from ? gte(donations.createdAt, startOfDay(filter.from)) : undefined,
    filter.to ? lt(donations.createdAt, startOfNextDay(filter.to)) : undefined,
    filter.q ? searchCondition(filter.q) : undefined,
  ];
  const present = all.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

function toRow(row: typeof donations.$inferSelect): DeskGiftRow {
  return {
    id: row.id,
    reference: donationReference(row.number),
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    refundedAt: row.refundedAt,
    donorName: row.donorName,
    donorEmail: row.donorEmail,
    amountCents: row.amountCents,
    feeCents: row.feeCents,
    totalCents: row.totalCents,
    frequency: row.frequency,
    paymentMethod: row.paymentMethod,
    status: row.status,
    receiptNumber: row.receiptNumber,
    tribute: row.tributeKind && row.tributeName ? `${TRIBUTE_LABELS[row.tributeKind]} ${row.tributeName}` : null,
  };
}

/**
 * The gifts the filter finds, newest first, a page at a time (a page past the last shows the last);
 * with `all`, every one of them (the CSV export), up to EXPORT_LIMIT.
 */
export async function listDeskGifts(
  db: Database,
  filter: GiftFilter,
  options: { all?: boolean } = {},
): Promise<{ gifts: DeskGiftRow[]; total: number; page: number; pageCount: number }> {
  const where = conditions(filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(donations).where(where);
  const pageCount = Math.max(1, Math.ceil(total / DESK_PAGE_SIZE));
  const page = options.all ? 1 : Math.min(filter.page, pageCount);
  const rows = await db
    .select()
    .from(donations)
    .where(where)
    .orderBy(desc(donations.createdAt), desc(donations.number))
    .limit(options.all ? EXPORT_LIMIT : DESK_PAGE_SIZE)
    .offset(options.all ? 0 : (page - 1) * DESK_PAGE_SIZE);
  return { gifts: rows.map(toRow), total, page, pageCount };
}

export interface DeskGift extends DeskGiftRow {
  userId: string | null;
  tributeNotify: string | null;
  tributeNotifiedAt: Date | null;
  stripePaymentIntentId: string | null;
  stripeRefundId: string | null;
  /** The monthly gift a month's charge belongs to. */
  plan: { id: string; status: PlanStatus; totalCents: number; createdAt: Date; cancelledAt: Date | null } | null;
}

/** One gift for its desk page, or null for an unknown or malformed id. */
export async function getDeskGift(db: Database, id: string): Promise<DeskGift | null> {
  if (!GIFT_ID.test(id)) return null;
  const [row] = await db.select().from(donations).where(eq(donations.id, id));
  if (!row) return null;
  const [plan] = row.recurringDonationId
    ? await db
        .select({ id: recurringDonations.id, status: recurringDonations.status, totalCents: recurringDonations.totalCents, createdAt: recurringDonations.createdAt, cancelledAt: recurringDonations.cancelledAt })
        .from(recurringDonations)
        .where(eq(recurringDonations.id, row.recurringDonationId))
    : [];
  return {
    ...toRow(row),
    userId: row.userId,
    tributeNotify: row.tributeNotifyEmail ? `${row.tributeNotifyName ? `${row.tributeNotifyName} ` : ""}<${row.tributeNotifyEmail}>` : null,
    tributeNotifiedAt: row.tributeNotifiedAt,
    stripePaymentIntentId: row.stripePaymentIntentId,
    stripeRefundId: row.stripeRefundId,
    plan: plan ?? null,
  };
}

export interface MonthTotal {
  /** 1 to 12. */
  month: number;
  /** Every gift received in the month (by the day it was received, in the association's zone). */
  grossCents: number;
  /** The part of those gifts given back since (refunded). */
  refundedCents: number;
  netCents: number;
  count: number;
}

/**
 * A year's gifts by the month they were received (the date on their receipt): what came in, what of
 * it was refunded since, what was kept, and how many gifts. Every month of the year is listed.
 */
export async function monthTotals(db: Database, year: number): Promise<{ months: MonthTotal[]; year: MonthTotal }> {
  const { start, end } = yearBounds(year);
  const month = sql<number>`extract(month from ${donations.paidAt} at time zone ${sql.raw(`'${ASSOCIATION_TIME_ZONE}'`)})::int`;
  const rows = await db
    .select({
      month,
      grossCents: sql<number>`coalesce(sum(${donations.totalCents}), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${donations.totalCents}) filter (where ${donations.status} = 'refunded'), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(donations)
    .where(and(inArray(donations.status, ["paid", "refunded"]), gte(donations.paidAt, start), lt(donations.paidAt, end)))
    .groupBy(month);
  const months = Array.from({ length: 12 }, (_, index): MonthTotal => {
    const found = rows.find((row) => row.month === index + 1);
    const grossCents = found?.grossCents ?? 0;
    const refundedCents = found?.refundedCents ?? 0;
    return { month: index + 1, grossCents, refundedCents, netCents: grossCents - refundedCents, count: found?.count ?? 0 };
  });
  const sum = (key: "grossCents" | "refundedCents" | "netCents" | "count") => months.reduce((total, m) => total + m[key], 0);
  return { months, year: { month: 0, grossCents: sum("grossCents"), refundedCents: sum("refundedCents"), netCents: sum("netCents"), count: sum("count") } };
}

/** The years that have received gifts, newest first (for the year pickers), and always `current`. */
export async function givingYears(db: Database, current: number): Promise<number[]> {
  const year = sql<number>`extract(year from ${donations.paidAt} at time zone ${sql.raw(`'${ASSOCIATION_TIME_ZONE}'`)})::int`;
  const rows = await db.selectDistinct({ year }).from(donations).where(inArray(donations.status, ["paid", "refunded"]));
  return [...new Set([current, ...rows.map((row) => row.year)])].sort((a, b) => b - a);
}

export interface MonthlyDonor {
  id: string;
  donorName: string;
  donorEmail: string;
  totalCents: number;
  feeCents: number;
  status: PlanStatus;
  startedAt: Date;
  /** The last monthly charge received, and its gift (for a link to it). */
  lastChargeAt: Date | null;
  lastGiftId: string | null;
  chargeCount: number;
}

/** Monthly gifts that are running (active, or retrying a declined card), the oldest first. */
export async function listMonthlyDonors(db: Database): Promise<MonthlyDonor[]> {
  const charges = db
    .select({
      planId: donations.recurringDonationId,
      lastChargeAt: max(donations.paidAt).as("last_charge_at"),
      chargeCount: sql<number>`count(*)::int`.as("charge_count"),
    })
    .from(donations)
    .where(inArray(donations.status, ["paid", "refunded"]))
    .groupBy(donations.recurringDonationId)
    .as("charges");
  const rows = await db
    .select({ plan: recurringDonations, lastChargeAt: charges.lastChargeAt, chargeCount: charges.chargeCount })
    .from(recurringDonations)
    .leftJoin(charges, eq(charges.planId, recurringDonations.id))
    .where(inArray(recurringDonations.status, ["active", "past_due"]))
    .orderBy(recurringDonations.createdAt);
  const lastGifts = rows.length
    ? await db
        .selectDistinctOn([donations.recurringDonationId], { planId: donations.recurringDonationId, id: donations.id })
        .from(donations)
        .where(inArray(donations.recurringDonationId, rows.map((row) => row.plan.id)))
        .orderBy(donations.recurringDonationId, desc(donations.paidAt), desc(donations.number))
    : [];
  return rows.map(({ plan, lastChargeAt, chargeCount }) => ({
    id: plan.id,
    donorName: plan.donorName,
    donorEmail: plan.donorEmail,
    totalCents: plan.totalCents,
    feeCents: plan.feeCents,
    status: plan.status,
    startedAt: plan.createdAt,
    lastChargeAt: lastChargeAt ? new Date(lastChargeAt) : null,
    lastGiftId: lastGifts.find((gift) => gift.planId === plan.id)?.id ?? null,
    chargeCount: chargeCount ?? 0,
  }));
}

/** The gift a staff action just changed, for the list's notice (`?received=<id>`). */
export async function giftForNotice(db: Database, id: unknown): Promise<{ reference: string; receiptNumber: string | null; totalCents: number; donorEmail: string } | null> {
  if (typeof id !== "string" || !GIFT_ID.test(id)) return null;
  const [row] = await db
    .select({ number: donations.number, receiptNumber: donations.receiptNumber, totalCents: donations.totalCents, donorEmail: donations.donorEmail })
    .from(donations)
    .where(eq(donations.id, id));
  return row ? { reference: donationReference(row.number), receiptNumber: row.receiptNumber, totalCents: row.totalCents, donorEmail: row.donorEmail } : null;
}
