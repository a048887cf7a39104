import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Every change made from the staff area (and by the `npm run staff` command): who, what, which
 * record, the values before and after, and when. Rows are only ever added.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept as written, so the record still names its author after the account is gone. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    recordType: text("record_type").notNull(),
    recordId: text("record_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [index("audit_log_record_idx").on(t.recordType, t.recordId, t.at), index("audit_log_at_idx").on(t.at)],
);
