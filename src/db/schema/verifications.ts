import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The service statuses a member may ask to have verified (the contact page's FAQ discount). */
export const serviceStatus = pgEnum("service_status", [
  "active-duty",
  "veteran",
  "reserve-guard",
  "military-family",
  "law-enforcement",
  "first-responder",
]);

/**
 * `expired`: nobody decided within VERIFICATION_DOCUMENT_DAYS (30) days; its document was deleted and the
 * member may ask again. It is closed, not refused.
 */
export const verificationDecision = pgEnum("verification_decision", ["pending", "approved", "rejected", "expired"]);

/**
 * A member's request to be verified, and staff's decision. The decision stays after its document is
 * deleted; an approval holds until `expiresAt`. At most one request per member waits at a time.
 */
export const serviceVerifications = pgTable(
  "service_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    serviceStatus: serviceStatus("service_status").notNull(),
    decision: verificationDecision("decision").notNull().default("pending"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The staff member who decided (an email address, kept if their account goes). */
    decidedBy: text("decided_by"),
    /** An approval's end: the discount applies before this instant. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
  },
  (t) => [
    index("service_verifications_user_idx").on(t.userId),
    uniqueIndex("service_verifications_one_pending").on(t.userId).where(sql`${t.decision} = 'pending'`),
    check("service_verifications_approval_expires", sql`${t.decision} <> 'approved' or ${t.expiresAt} is not null`),
    check("service_verifications_rejection_reason", sql`${t.decision} <> 'rejected' or ${t.rejectionReason} is not null`),
  ],
);

/** Raw bytes: node-postgres reads and writes bytea as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * The one document a request came with, kept in the database (every app server reads it; it never has
 * a public URL) only until staff decide, or for 30 days when nobody does. Its type was read from its bytes.
 */
export const serviceVerificationDocuments = pgTable(
  "service_verification_documents",
  {
    verificationId: uuid("verification_id")
      .primaryKey()
      .references(() => serviceVerifications.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    /** The name the member's file had, for staff's download only (sanitised before it is sent). */
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [
    check("service_verification_documents_type", sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
    check("service_verification_documents_size", sql`${t.sizeBytes} > 0`),
  ],
);
