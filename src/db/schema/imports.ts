import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** What a staff CSV import brings in (docs: the README's "Bringing an association in"). */
export const csvImportKinds = ["members", "subscribers", "products"] as const;
export type CsvImportKind = (typeof csvImportKinds)[number];

/**
 * A CSV file a staff member uploaded, kept on the server between its preview and its confirmation: the
 * browser holds only a token (its SHA-256 is here), so what is confirmed is the file that was previewed,
 * whatever the browser sends. The file's own SHA-256 is checked again at confirmation. Once applied, the
 * text is dropped and the outcome kept until `expiresAt`; an upload never confirmed goes at `expiresAt` too.
 */
export const csvImports = pgTable(
  "csv_imports",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    kind: text("kind", { enum: csvImportKinds }).notNull(),
    /** Only the staff member who uploaded it may preview and confirm it. */
    staffId: text("staff_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    staffEmail: text("staff_email").notNull(),
    fileName: text("file_name").notNull(),
    fileSha256: text("file_sha256").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** The file's text (UTF-8, as uploaded); emptied once the import is applied. */
    content: text("content").notNull(),
    /** The upload form's choices for this kind (a subscriber list's source, whether to send confirmations). */
    options: jsonb("options").notNull().default({}),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    /** What the confirmed import did: counts, and the rows it refused (a capped list). */
    result: jsonb("result"),
  },
  (t) => [index("csv_imports_expires_idx").on(t.expiresAt), check("csv_imports_size", sql`${t.sizeBytes} >= 0`)],
);
