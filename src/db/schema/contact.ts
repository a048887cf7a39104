import { pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const contactCategory = pgEnum("contact_category", [
  "general",
  "training",
  "membership",
  "volunteer",
  "donation",
  "shop",
]);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  category: contactCategory("category").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
