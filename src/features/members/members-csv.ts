/**
 * The members file: the columns the members desk exports and imports, one account per row. The same
 * file goes both ways, so an export imported back changes nothing.
 */
import { choicesOf } from "@/lib/csv-import/cells";
import type { ColumnSpec } from "@/lib/csv-import/columns";
import { MILITARY_STATUS_LABELS, MILITARY_STATUSES } from "@/features/profile/military-status";
import { MEMBERSHIP_PLANS, type PaidPlan } from "@/features/memberships/membership-plans.service";

export type MemberColumn = "email" | "name" | "plan" | "expires" | "serviceStatus";

export const MEMBER_COLUMNS: readonly ColumnSpec<MemberColumn>[] = [
  { key: "email", header: "Email", aliases: ["E-mail", "Email address", "E-mail address"], required: true, hint: "The address the member signs in with: it finds their account, or makes one." },
  { key: "name", header: "Name", aliases: ["Full name", "Member name"], hint: "Needed for a new account. Left empty, an account keeps its name." },
  { key: "plan", header: "Plan", aliases: ["Membership", "Membership level", "Level"], hint: "Basic, Premium or Elite. Left empty, the membership stays as it is." },
  { key: "expires", header: "Expires", aliases: ["Expiry", "Expiry date", "Expiration date", "Renews on", "Renewal due"], hint: "The day a Premium or Elite membership ends, as 2027-06-30 or 6/30/2027 (Central Time)." },
  { key: "serviceStatus", header: "Service status", aliases: ["Military status"], hint: `${MILITARY_STATUSES.map((status) => MILITARY_STATUS_LABELS[status]).join(", ")}. Left empty, the member's own answer stays.` },
];

export const NAME_MAX = 100;

export type FilePlan = "basic" | PaidPlan;

/** How the file writes each plan, and the other names a sheet may use. */
export const PLAN_NAMES: Record<FilePlan, readonly string[]> = {
  basic: ["Basic", "Free", "None"],
  premium: [MEMBERSHIP_PLANS.premium.shortName, MEMBERSHIP_PLANS.premium.name],
  elite: [MEMBERSHIP_PLANS.elite.shortName, MEMBERSHIP_PLANS.elite.name],
};

export const planLabel = (plan: FilePlan) => PLAN_NAMES[plan][0]!;

/** A service status as its label ("Reserve/Guard") or its value ("reserve-guard"). */
export const SERVICE_STATUS_NAMES = choicesOf(MILITARY_STATUSES, (status) => [MILITARY_STATUS_LABELS[status], status]);
