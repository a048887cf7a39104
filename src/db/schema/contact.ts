import { pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const contactCategory = pgEnum("contact_category", [
  "general",
  "training",
  "membership",
  "volunteer",
  "donation",
  "shop",
]);

/** Where a message stands in the staff inbox: new until someone answers it, closed when nothing is left to do. */
export const contactStatus = pgEnum("contact_status", ["new", "answered", "closed"]);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  category: contactCategory("category").notNull(),
  status: contactStatus("status").notNull().default("new"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
