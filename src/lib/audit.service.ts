import { and, desc, eq } from "drizzle-orm";
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
