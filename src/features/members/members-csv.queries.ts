import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { memberProfiles } from "@/db/schema/members";
import { memberships } from "@/db/schema/orders";
import { MILITARY_STATUS_LABELS } from "@/features/profile/military-status";
import { csvText } from "@/lib/csv";
import { MEMBER_COLUMNS, planLabel } from "./members-csv";
import { expiryDay } from "./members-import.service";

/**
 * Every account as the members file (MEMBER_COLUMNS), oldest first: the plan and expiry of its
 * membership row as it stands (a lapsed one too: its day is history, and importing the file back
 * changes nothing), and the service status the member gave on their profile.
 */
export async function membersCsv(db: Database): Promise<string> {
  const rows = await db
    .select({ email: user.email, name: user.name, plan: memberships.plan, renewsOn: memberships.renewsOn, status: memberProfiles.militaryStatus })
    .from(user)
    .leftJoin(memberships, eq(memberships.userId, user.id))
    .leftJoin(memberProfiles, eq(memberProfiles.userId, user.id))
    .orderBy(asc(user.createdAt), asc(user.id));
  return csvText(
    MEMBER_COLUMNS.map((column) => column.header),
    rows.map((row) => [row.email, row.name, planLabel(row.plan ?? "basic"), row.renewsOn ? expiryDay(row.renewsOn) : "", row.status ? MILITARY_STATUS_LABELS[row.status] : ""]),
  );
}
