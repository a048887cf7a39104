import { sql } from "drizzle-orm";
import { check, customType, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Raw bytes: node-postgres reads and writes bytea as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * An uploaded picture (a product's, a leader's): the original is never kept, only its resized
 * variants below (ADR 0017). `hash` comes from the stored bytes, so an image's URLs change with it.
 */
export const images = pgTable("images", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
  /** Of the largest variant. */
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  uploadedBy: text("uploaded_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One width in one format (AVIF or WebP) of an image, served with a long immutable cache. */
export const imageVariants = pgTable(
  "image_variants",
  {
    imageId: integer("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width, t.format] }), check("image_variants_format", sql`${t.format} in ('avif', 'webp')`)],
);
