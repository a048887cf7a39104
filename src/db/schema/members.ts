import { boolean, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const militaryStatus = pgEnum("military_status", [
  "active-duty",
  "veteran",
  "reserve-guard",
  "military-family",
  "civilian",
]);

/** What a member fills in on the profile tab; a row appears on first save. */
export const memberProfiles = pgTable("member_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  address: text("address"),
  militaryStatus: militaryStatus("military_status"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The settings tab; defaults are the spec's. "Marketing emails" is not here: it is the member's
 * address in newsletter_subscribers, the one consent record the footer form writes too.
 */
export const memberSettings = pgTable("member_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  emailNotifications: boolean("email_notifications").notNull().default(true),
  textNotifications: boolean("text_notifications").notNull().default(false),
  profileVisibility: boolean("profile_visibility").notNull().default(true),
  eventParticipation: boolean("event_participation").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
