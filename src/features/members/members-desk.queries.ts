import "server-only";
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { session, user } from "@/db/schema/auth";
import { eventRegistrations, events } from "@/db/schema/events";
import { memberProfiles } from "@/db/schema/members";
import { memberships, orderLines, orders } from "@/db/schema/orders";
import { orderNumber, orderStatusLabels } from "@/features/orders/checkout.schema";
import { MEMBERSHIP_PLANS, type PaidPlan } from "@/features/memberships/membership-plans.service";
import { isStaffRole, type StaffRole } from "@/lib/access-control";
import { likeContaining } from "@/lib/like-containing";
import { MEMBER_ID } from "@/lib/auth/member-id";
import { MILITARY_STATUS_LABELS } from "@/features/profile/military-status";

export const MEMBERS_PAGE_SIZE = 25;

export interface MembershipView {
  plan: PaidPlan;
  planName: string;
  startedAt: Date;
  renewsOn: Date;
  /** Still running at `now`; a lapsed row is shown as ended (the member is back on Basic). */
  active: boolean;
  /** Bought through this order, or null when granted at the desk. */
  orderId: string | null;
}

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole | null;
  disabled: boolean;
  joinedAt: Date;
  membership: MembershipView | null;
}

export interface MemberDetail extends MemberRow {
  emailVerified: boolean;
  disabledReason: string | null;
  profile: { firstName: string | null; lastName: string | null; phone: string | null; address: string | null; militaryStatus: string | null };
  activeSessions: number;
  /** Upgrade orders awaiting payment (pay at pickup): they start the membership once marked paid. */
  pendingUpgrade: { orderId: string; orderNumber: string; planName: string } | null;
  orders: { id: string; number: string; placedAt: Date; status: string; totalCents: number }[];
  registrations: { id: number; eventTitle: string; startsAt: Date; timeZone: string; status: string }[];
}

function membershipView(row: { plan: PaidPlan; startedAt: Date; renewsOn: Date; orderId: string | null } | null, now: Date): MembershipView | null {
  if (!row) return null;
  return { ...row, planName: MEMBERSHIP_PLANS[row.plan].shortName, active: row.renewsOn > now };
}

const memberColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  banned: user.banned,
  createdAt: user.createdAt,
  firstName: memberProfiles.firstName,
  lastName: memberProfiles.lastName,
  plan: memberships.plan,
  startedAt: memberships.startedAt,
  renewsOn: memberships.renewsOn,
  orderId: memberships.orderId,
};

type MemberColumns = { [K in keyof typeof memberColumns]: (typeof memberColumns)[K]["_"]["data"] | null };

function displayName(row: Pick<MemberColumns, "name" | "firstName" | "lastName">): string {
  const profileName = [row.firstName, row.lastName].filter(Boolean).join(" ").trim();
  return profileName || row.name?.trim() || "";
}

function toRow(row: MemberColumns, now: Date): MemberRow {
  return {
    id: row.id!,
    name: displayName(row),
    email: row.email!,
    role: isStaffRole(row.role) ? row.role : null,
    disabled: row.banned === true,
    joinedAt: row.createdAt!,
    membership: row.plan ? membershipView({ plan: row.plan, startedAt: row.startedAt!, renewsOn: row.renewsOn!, orderId: row.orderId }, now) : null,
  };
}

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likeContaining(q);
  const fullName = sql`concat_ws(' ', ${memberProfiles.firstName}, ${memberProfiles.lastName})`;
  return or(ilike(user.email, pattern), ilike(user.name, pattern), sql`${fullName} ilike ${pattern}`);
}

/** Members whose email or name holds `q` (all members without it), newest accounts first. */
export async function searchMembers(db: Database, filter: { q?: string; page: number }, now: Date): Promise<{ total: number; members: MemberRow[] }> {
  const where = searchCondition(filter.q);
  const base = () => db.select(memberColumns).from(user).leftJoin(memberProfiles, eq(memberProfiles.userId, user.id)).leftJoin(memberships, eq(memberships.userId, user.id));
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(user).leftJoin(memberProfiles, eq(memberProfiles.userId, user.id)).where(where),
    base()
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset((filter.page - 1) * MEMBERS_PAGE_SIZE),
  ]);
  return { total: total?.count ?? 0, members: rows.map((row) => toRow(row, now)) };
}

/** One member with everything the staff page shows; null when there is no such account. */
export async function getMemberDetail(db: Database, id: string, now: Date): Promise<MemberDetail | null> {
  if (!MEMBER_ID.test(id)) return null;
  const [row] = await db
    .select({ ...memberColumns, emailVerified: user.emailVerified, banReason: user.banReason, phone: memberProfiles.phone, address: memberProfiles.address, militaryStatus: memberProfiles.militaryStatus })
    .from(user)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, user.id))
    .leftJoin(memberships, eq(memberships.userId, user.id))
    .where(eq(user.id, id));
  if (!row) return null;
  const [[sessions], memberOrders, pending, registrations] = await Promise.all([
    // Sessions are stamped by better-auth with the system clock, so "still valid" compares with now().
    db.select({ count: count() }).from(session).where(and(eq(session.userId, id), sql`${session.expiresAt} > now()`)),
    db
      .select({ id: orders.id, number: orders.number, placedAt: orders.placedAt, status: orders.status, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.placedAt))
      .limit(50),
    db
      .select({ orderId: orders.id, number: orders.number, plan: orderLines.membershipPlan })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.userId, id), eq(orders.status, "awaiting_payment"), sql`${orderLines.membershipPlan} is not null`))
      .orderBy(desc(orders.placedAt))
      .limit(1),
    db
      .select({ id: eventRegistrations.id, eventTitle: events.title, startsAt: events.startsAt, timeZone: events.timeZone, status: eventRegistrations.status })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(eq(eventRegistrations.userId, id))
      .orderBy(desc(events.startsAt))
      .limit(50),
  ]);
  const upgrade = pending[0];
  return {
    ...toRow(row, now),
    emailVerified: row.emailVerified,
    disabledReason: row.banned ? row.banReason : null,
    profile: {
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      address: row.address,
      militaryStatus: row.militaryStatus ? MILITARY_STATUS_LABELS[row.militaryStatus] : null,
    },
    activeSessions: sessions?.count ?? 0,
    pendingUpgrade: upgrade?.plan ? { orderId: upgrade.orderId, orderNumber: orderNumber(upgrade.number), planName: MEMBERSHIP_PLANS[upgrade.plan].shortName } : null,
    orders: memberOrders.map((order) => ({ ...order, number: orderNumber(order.number), status: orderStatusLabels[order.status] })),
    registrations,
  };
}
