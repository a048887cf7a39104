import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { auditLog } from "@/db/schema/staff";

/** Whoever made a change: a staff member, or a command run on the server (`npm run staff`). */
export interface Actor {
  id: string | null;
  email: string;
}

export interface AuditEntry {
  action: string;
  recordType: string;
  recordId: string;
  before?: unknown;
  after?: unknown;
}

/** Anything that runs queries: the database or an open transaction, so the record commits with the change. */
type Queryable = Pick<Database, "insert" | "select">;

export async function recordAudit(db: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    recordType: entry.recordType,
    recordId: entry.recordId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Many records at once, in one statement (a CSV import's thousands of rows): the same rows recordAudit
 * writes, one per entry. Needs `execute`: pass the transaction of the change.
 */
export async function recordAudits(db: Pick<Database, "execute">, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (entry: AuditEntry) => T) => sql.param(entries.map(pick));
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  await db.execute(sql`
    insert into ${auditLog} (actor_id, actor_email, action, record_type, record_id, before, after)
    select ${actor.id}, ${actor.email}, v.action, v.record_type, v.record_id, v.before::jsonb, v.after::jsonb
    from unnest(${column((e) => e.action)}::text[], ${column((e) => e.recordType)}::text[], ${column((e) => e.recordId)}::text[],
                ${column((e) => json(e.before))}::text[], ${column((e) => json(e.after))}::text[]) as v(action, record_type, record_id, before, after)`);
}

export interface AuditRecord {
  id: number;
  at: Date;
  actorEmail: string;
  action: string;
  recordType: string;
  recordId: string;
  before: unknown;
  after: unknown;
}

/** The newest changes first, optionally those of one record. */
export async function listAudit(db: Queryable, filter: { recordType?: string; recordId?: string; limit?: number } = {}): Promise<AuditRecord[]> {
  const conditions = [
    filter.recordType ? eq(auditLog.recordType, filter.recordType) : undefined,
    filter.recordId ? eq(auditLog.recordId, filter.recordId) : undefined,
  ].filter((condition) => condition !== undefined);
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      recordType: auditLog.recordType,
      recordId: auditLog.recordId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.limit ?? 100);
}
