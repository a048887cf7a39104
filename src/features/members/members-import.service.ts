/**
 * Bringing members in from a CSV file (the members desk's import; the runner is lib/csv-import): each
 * row names an account by its email address and, when given, its name, plan with expiry, and service
 * status. A new address becomes an account without a password (its owner sets one with "Forgot
 * password", or signs in with Google), unconfirmed, with no email sent: imports never send mail. An
 * empty cell leaves what the account has. An import never ends or shortens a membership (a member may
 * have paid here since the file was made): such a row is refused, and the member's page is where to
 * change it.
 */
import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { user } from "@/db/schema/auth";
import { memberProfiles } from "@/db/schema/members";
import { memberships } from "@/db/schema/orders";
import { membershipStanding, MEMBERSHIP_PLANS, type PaidPlan } from "@/features/memberships/membership-plans.service";
import { MILITARY_STATUS_LABELS, type MilitaryStatus } from "@/features/profile/military-status";
import { recordAudits, type AuditEntry } from "@/lib/audit.service";
import { oneLine, readChoice, readDay, readRowEmail } from "@/lib/csv-import/cells";
import type { ImportDefinition, ImportRow, Tx } from "@/lib/csv-import/csv-import.service";
import { PLAN_CHANGED } from "@/lib/csv-import/csv-import.service";
import { changeDetail, firstOccurrences, type PlannedRow } from "@/lib/csv-import/plan";
import { FormError } from "@/lib/form-state";
import { calendarDay, startOfDay } from "@/lib/time";
import { MEMBER_COLUMNS, NAME_MAX, PLAN_NAMES, SERVICE_STATUS_NAMES, planLabel, type FilePlan, type MemberColumn } from "./members-csv";

/** A row read: what it asks for. `undefined`: the cell was empty or the column absent, so the account keeps its value. */
interface MemberRow {
  row: number;
  email: string;
  name?: string;
  membership?: { plan: "basic" } | { plan: PaidPlan; expires: string };
  status?: MilitaryStatus;
}

/** The day a membership ends, as the file writes it: the calendar day of its expiry in Central Time. */
export function expiryDay(renewsOn: Date): string {
  const { year, month, day } = calendarDay(renewsOn);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const statusLabel = (status: MilitaryStatus | null | undefined) => (status ? MILITARY_STATUS_LABELS[status] : null);
const membershipLabel = (plan: PaidPlan, expires: string) => `${MEMBERSHIP_PLANS[plan].shortName}, expires ${expires}`;

function readRow({ row, cells }: ImportRow<MemberColumn>): MemberRow | PlannedRow {
  const reasons: string[] = [];
  const email = readRowEmail(cells.email, reasons);

  let name: string | undefined;
  if (cells.name) {
    const checked = oneLine(cells.name, NAME_MAX);
    if (checked.ok) name = checked.value;
    else reasons.push(`The name ${checked.message}.`);
  }

  let plan: FilePlan | undefined;
  if (cells.plan) {
    plan = readChoice(cells.plan, PLAN_NAMES) ?? undefined;
    if (!plan) reasons.push(`Plan “${cells.plan.slice(0, 40)}” is not Basic, Premium or Elite.`);
  }
  let expires: string | undefined;
  if (cells.expires) {
    expires = readDay(cells.expires) ?? undefined;
    if (!expires) reasons.push(`Expires “${cells.expires.slice(0, 40)}” is not a date: write it as 2027-06-30 or 6/30/2027.`);
  }
  let membership: MemberRow["membership"];
  if (plan === "basic") {
    if (cells.expires) reasons.push("A Basic plan has no expiry: leave Expires empty, or name the paid plan.");
    else membership = { plan };
  } else if (plan) {
    if (!cells.expires) reasons.push(`${plan === "elite" ? "An" : "A"} ${planLabel(plan)} membership needs the day it expires (Expires).`);
    else if (expires) membership = { plan, expires };
  } else if (cells.expires && !cells.plan) {
    reasons.push("An expiry needs its plan (Premium or Elite) in the Plan column.");
  }

  let status: MilitaryStatus | undefined;
  if (cells.serviceStatus) {
    status = readChoice(cells.serviceStatus, SERVICE_STATUS_NAMES) ?? undefined;
    if (!status) reasons.push(`Service status “${cells.serviceStatus.slice(0, 40)}” is not one of: ${Object.values(MILITARY_STATUS_LABELS).join(", ")}.`);
  }
  if (reasons.length > 0 || !email) return { row, key: email ?? cells.email?.slice(0, 80) ?? "", outcome: "refused", details: reasons };
  return { row, email, name, membership, status };
}

interface Existing {
  id: string;
  name: string;
  plan: PaidPlan | null;
  renewsOn: Date | null;
  status: MilitaryStatus | null;
}

async function existingAccounts(db: Database | Tx, emails: string[], forUpdate: boolean): Promise<Map<string, Existing>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, email: sql<string>`lower(${user.email})`, name: user.name, plan: memberships.plan, renewsOn: memberships.renewsOn, status: memberProfiles.militaryStatus })
    .from(user)
    .leftJoin(memberships, sql`${memberships.userId} = ${user.id}`)
    .leftJoin(memberProfiles, sql`${memberProfiles.userId} = ${user.id}`)
    .where(sql`lower(${user.email}) = any(${sql.param(emails)}::text[])`);
  if (forUpdate && rows.length > 0) {
    // What the plan compares with stays as it is until the import commits: the accounts, then their memberships (a renewal paid meanwhile waits).
    const ids = rows.map((row) => row.id).sort();
    await db.select({ id: user.id }).from(user).where(inArray(user.id, ids)).orderBy(user.id).for("update");
    await db.select({ id: memberships.userId }).from(memberships).where(inArray(memberships.userId, ids)).orderBy(memberships.userId).for("update");
  }
  return new Map(rows.map((row) => [row.email, { id: row.id, name: row.name, plan: row.plan, renewsOn: row.renewsOn, status: row.status }]));
}

export interface MembersWrite {
  creates: { email: string; name: string; membership: { plan: PaidPlan; renewsOn: Date } | null; status: MilitaryStatus | null }[];
  names: { userId: string; name: string }[];
  memberships: { userId: string; plan: PaidPlan; renewsOn: Date }[];
  statuses: { userId: string; status: MilitaryStatus }[];
  audits: { userId: string; before: Record<string, string | null>; after: Record<string, string | null> }[];
}

/** Each row against the accounts as they are: a new account, the fields that change, nothing, or why not. */
function planRow(member: MemberRow, existing: Existing | undefined, now: Date, write: MembersWrite): PlannedRow {
  const { row, email } = member;
  const paid = member.membership && member.membership.plan !== "basic" ? member.membership : undefined;
  if (!existing) {
    if (!member.name) return { row, key: email, outcome: "refused", details: ["A new account needs a name (Name)."] };
    write.creates.push({ email, name: member.name, membership: paid ? { plan: paid.plan, renewsOn: startOfDay(paid.expires) } : null, status: member.status ?? null });
    const details = [`Name: ${member.name}`, `Plan: ${paid ? membershipLabel(paid.plan, paid.expires) : "Basic"}`];
    if (member.status) details.push(`Service status: ${MILITARY_STATUS_LABELS[member.status]}`);
    return { row, key: email, outcome: "create", details: [...details, "No password and no email: they set a password with “Forgot password” or sign in with Google."] };
  }

  const changes: string[] = [];
  const before: Record<string, string | null> = {};
  const after: Record<string, string | null> = {};
  if (member.name !== undefined && member.name !== existing.name) {
    changes.push(changeDetail("Name", existing.name, member.name));
    write.names.push({ userId: existing.id, name: member.name });
    Object.assign(before, { name: existing.name });
    Object.assign(after, { name: member.name });
  }

  const current = existing.plan && existing.renewsOn ? { plan: existing.plan, expires: expiryDay(existing.renewsOn) } : null;
  if (member.membership?.plan === "basic" && current && existing.renewsOn && membershipStanding(existing.renewsOn, now) !== "lapsed") {
    return refusedKeeping(row, email, current);
  }
  if (paid && !(current && current.plan === paid.plan && current.expires === paid.expires)) {
    if (current && paid.expires < current.expires) return refusedKeeping(row, email, current);
    changes.push(changeDetail("Plan", current ? membershipLabel(current.plan, current.expires) : "Basic", membershipLabel(paid.plan, paid.expires)));
    write.memberships.push({ userId: existing.id, plan: paid.plan, renewsOn: startOfDay(paid.expires) });
    Object.assign(before, { plan: current?.plan ?? "basic", expires: current?.expires ?? null });
    Object.assign(after, { plan: paid.plan, expires: paid.expires });
  }

  if (member.status && member.status !== existing.status) {
    changes.push(changeDetail("Service status", statusLabel(existing.status), statusLabel(member.status)));
    write.statuses.push({ userId: existing.id, status: member.status });
    Object.assign(before, { serviceStatus: existing.status });
    Object.assign(after, { serviceStatus: member.status });
  }
  if (changes.length === 0) return { row, key: email, outcome: "unchanged", details: [] };
  write.audits.push({ userId: existing.id, before, after });
  return { row, key: email, outcome: "change", details: changes };
}

function refusedKeeping(row: number, email: string, current: { plan: PaidPlan; expires: string }): PlannedRow {
  return {
    row,
    key: email,
    outcome: "refused",
    details: [`Has ${membershipLabel(current.plan, current.expires)} here: an import never ends or shortens a membership. Change it on the member's page if it must.`],
  };
}

/** better-auth's kind of id: 32 letters and digits. */
function newAccountId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(32), (byte) => alphabet[byte % alphabet.length]).join("");
}

const param = <T>(values: T[]) => sql.param(values);

async function applyMembers(tx: Tx, write: MembersWrite, context: { now: Date; actor: { id: string | null; email: string }; importId: number }): Promise<void> {
  const { now } = context;
  const at = now.toISOString();
  const created = write.creates.map((account) => ({ ...account, id: newAccountId() }));
  if (created.length > 0) {
    const inserted = await tx.execute(sql`
      insert into ${user} (id, name, email, email_verified, created_at, updated_at)
      select v.id, v.name, v.email, false, ${at}::timestamptz, ${at}::timestamptz
      from unnest(${param(created.map((a) => a.id))}::text[], ${param(created.map((a) => a.name))}::text[], ${param(created.map((a) => a.email))}::text[]) as v(id, name, email)
      on conflict (email) do nothing`);
    // Someone signed up with one of the addresses since the plan was made: plan again.
    if (inserted.rowCount !== created.length) throw new FormError(PLAN_CHANGED);
  }
  if (write.names.length > 0) {
    await tx.execute(sql`
      update ${user} u set name = v.name, updated_at = ${at}::timestamptz
      from unnest(${param(write.names.map((n) => n.userId))}::text[], ${param(write.names.map((n) => n.name))}::text[]) as v(id, name)
      where u.id = v.id`);
  }
  const membershipRows = [
    ...write.memberships,
    ...created.flatMap((account) => (account.membership ? [{ userId: account.id, ...account.membership }] : [])),
  ];
  if (membershipRows.length > 0) {
    // A membership recorded by an import has no order, like one granted at the desk; "member since" stays.
    await tx.execute(sql`
      insert into ${memberships} (user_id, plan, order_id, started_at, renews_on)
      select v.user_id, v.plan, null, ${at}::timestamptz, v.renews_on
      from unnest(${param(membershipRows.map((m) => m.userId))}::text[], ${param(membershipRows.map((m) => m.plan))}::membership_plan[],
                  ${param(membershipRows.map((m) => m.renewsOn.toISOString()))}::timestamptz[]) as v(user_id, plan, renews_on)
      on conflict (user_id) do update set plan = excluded.plan, renews_on = excluded.renews_on, order_id = null`);
  }
  const statusRows = [...write.statuses, ...created.flatMap((account) => (account.status ? [{ userId: account.id, status: account.status }] : []))];
  if (statusRows.length > 0) {
    await tx.execute(sql`
      insert into ${memberProfiles} (user_id, military_status, updated_at)
      select v.user_id, v.status, ${at}::timestamptz
      from unnest(${param(statusRows.map((s) => s.userId))}::text[], ${param(statusRows.map((s) => s.status))}::military_status[]) as v(user_id, status)
      on conflict (user_id) do update set military_status = excluded.military_status, updated_at = excluded.updated_at`);
  }
  const entries: AuditEntry[] = [
    ...created.map((account) => ({
      action: "member.import",
      recordType: "user",
      recordId: account.id,
      before: null,
      after: {
        import: context.importId,
        email: account.email,
        name: account.name,
        plan: account.membership?.plan ?? "basic",
        expires: account.membership ? expiryDay(account.membership.renewsOn) : null,
        serviceStatus: account.status,
      },
    })),
    ...write.audits.map((change) => ({ action: "member.import", recordType: "user", recordId: change.userId, before: change.before, after: { import: context.importId, ...change.after } })),
  ];
  await recordAudits(tx, context.actor, entries);
}

export const membersImport: ImportDefinition<MemberColumn, Record<string, never>, MembersWrite> = {
  kind: "members",
  columns: MEMBER_COLUMNS,
  readOptions: () => ({}),
  async plan(db, rows, { now, forUpdate }) {
    const planned: PlannedRow[] = [];
    const members: MemberRow[] = [];
    for (const row of rows) {
      const read = readRow(row);
      if ("outcome" in read) planned.push(read);
      else members.push(read);
    }
    const { kept, refused } = firstOccurrences(members, (member) => member.email, "email address");
    planned.push(...refused);
    const existing = await existingAccounts(db, kept.map((member) => member.email), forUpdate);
    const write: MembersWrite = { creates: [], names: [], memberships: [], statuses: [], audits: [] };
    for (const member of kept) planned.push(planRow(member, existing.get(member.email), now, write));
    return { rows: planned, write };
  },
  apply: (tx, write, context) => applyMembers(tx, write, context),
};
