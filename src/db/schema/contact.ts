import { index, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { emailOutbox } from "./email";

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

/** A reply is emailed to the sender; a note stays between staff. */
export const contactEventKind = pgEnum("contact_event_kind", ["reply", "note"]);

/** A message's thread in the staff inbox: the replies sent from the staff area and staff's internal notes. */
export const contactMessageEvents = pgTable(
  "contact_message_events",
  {
    id: serial("id").primaryKey(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    kind: contactEventKind("kind").notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept as written, so the thread still names its author after the account is gone. */
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    /** The reply's email in the outbox (null for notes). */
    emailId: integer("email_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_message_events_message_idx").on(t.messageId, t.createdAt)],
);
