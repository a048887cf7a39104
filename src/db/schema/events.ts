import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ASSOCIATION_TIME_ZONE } from "../../lib/time";
import { user } from "./auth";

export const eventCategory = pgEnum("event_category", ["firearms", "fitness", "medical", "community"]);

/** Who may register (ADR 0019): everyone, Premium and Elite members, or Elite members only. */
export const eventEligibility = pgEnum("event_eligibility", ["everyone", "members", "elite"]);

const tz = { withTimezone: true } as const;

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: eventCategory("category").notNull(),
    description: text("description").notNull(),
    instructor: text("instructor").notNull(),
    location: text("location").notNull(),
    startsAt: timestamp("starts_at", tz).notNull(),
    endsAt: timestamp("ends_at", tz).notNull(),
    timeZone: text("time_zone").notNull().default(ASSOCIATION_TIME_ZONE),
    /** Seats offered; null means unlimited. */
    capacity: integer("capacity"),
    /**
     * Seats held by confirmed registrations and by open waitlist offers. Changed only inside a
     * transaction that holds this row's lock; the CHECK makes overbooking impossible even for a bug.
     */
    seatsTaken: integer("seats_taken").notNull().default(0),
    /** iCalendar SEQUENCE: bumped whenever the event changes so calendars pick up the update. */
    sequence: integer("sequence").notNull().default(0),
    /** When registration opens to everyone; null means it is open now (since the event was listed). */
    registrationOpensAt: timestamp("registration_opens_at", tz),
    /**
     * Priority registration: Premium and Elite members may register this many days before
     * registrationOpensAt. Only for events open to everyone (a member-only event has nobody to open later to).
     */
    priorityDays: integer("priority_days"),
    eligibility: eventEligibility("eligibility").notNull().default("everyone"),
    /** Set when staff cancel the event: it stays listed as cancelled, and nobody can register. */
    cancelledAt: timestamp("cancelled_at", tz),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    check("events_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
    check("events_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    check("events_priority_days_range", sql`${t.priorityDays} is null or (${t.priorityDays} between 1 and 90 and ${t.registrationOpensAt} is not null and ${t.eligibility} = 'everyone')`),
    check("events_seats_taken_within_capacity", sql`${t.seatsTaken} >= 0 and (${t.capacity} is null or ${t.seatsTaken} <= ${t.capacity})`),
  ],
);

export const registrationStatus = pgEnum("registration_status", ["confirmed", "waitlisted", "offered", "cancelled"]);
export const cancellationReason = pgEnum("registration_cancellation", ["member", "offer-expired", "event-cancelled"]);

/** Gives every waitlist entry a strictly increasing number: the queue order, across all events. */
export const waitlistSequence = pgSequence("event_waitlist_seq");

/**
 * One row per member and event, whatever happens: cancelling and registering again reuses it, so the
 * member's private calendar feed keeps one entry (one UID) per event whose SEQUENCE only grows.
 */
export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: registrationStatus("status").notNull(),
    /** Place in the queue (lower goes first), from event_waitlist_seq; set when the member joins the waitlist. */
    waitlistSeq: bigint("waitlist_seq", { mode: "number" }),
    /** A seat offered from the waitlist is held until then. */
    offerExpiresAt: timestamp("offer_expires_at", tz),
    cancellation: cancellationReason("cancellation"),
    /** Bumped on every status change; feeds add it to the event's SEQUENCE. */
    sequence: integer("sequence").notNull().default(0),
    confirmedAt: timestamp("confirmed_at", tz),
    /** Set in the same transaction that enqueues the reminder email, so it is sent once. */
    reminderSentAt: timestamp("reminder_sent_at", tz),
    /** When the attendee was checked in at the door; cleared by undo. */
    checkedInAt: timestamp("checked_in_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("event_registrations_event_user_unique").on(t.eventId, t.userId),
    index("event_registrations_queue_idx").on(t.eventId, t.status, t.waitlistSeq),
    index("event_registrations_user_idx").on(t.userId),
    check("event_registrations_waitlist_has_place", sql`${t.status} <> 'waitlisted' or ${t.waitlistSeq} is not null`),
    check("event_registrations_offer_has_expiry", sql`${t.status} <> 'offered' or ${t.offerExpiresAt} is not null`),
    check("event_registrations_confirmed_has_time", sql`${t.status} <> 'confirmed' or ${t.confirmedAt} is not null`),
    check("event_registrations_cancelled_has_reason", sql`(${t.status} = 'cancelled') = (${t.cancellation} is not null)`),
  ],
);

/** The secret in a member's private calendar feed URL; regenerating it replaces the row. */
export const memberCalendarFeeds = pgTable("member_calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", tz).notNull().defaultNow(),
});

/**
 * Someone who came to the door without registering, added by the volunteer there: a name and an
 * email address, checked in as they are added. A walk-in takes one of the event's seats (seats_taken)
 * like a registration, so the door never admits more people than the event holds, and the event's
 * numbers count them.
 */
export const eventWalkIns = pgTable(
  "event_walk_ins",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    checkedInAt: timestamp("checked_in_at", tz).notNull(),
    /** The staff account that added them (null once that account is deleted); the audit log has their email. */
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [index("event_walk_ins_event_idx").on(t.eventId)],
);

/** What a check-in op does: check the attendee in, or undo a check-in. */
export const checkInOpAction = pgEnum("check_in_op_action", ["check-in", "undo"]);

/**
 * Every check-in and undo at the door, with the time it happened: the door page's buttons add one as
 * they act, and a door phone that worked offline sends its queued ones when the network returns
 * (check-in-sync.service.ts). An attendee's checked_in_at is the fold of their ops
 * (check-in-merge.ts: the earliest check-in after the latest undo), so ops arriving late, twice or in
 * any order give one answer. op_id is the device's random id for the op: a second arrival changes nothing.
 */
export const checkInOps = pgTable(
  "check_in_ops",
  {
    opId: text("op_id").primaryKey(),
    registrationId: integer("registration_id")
      .notNull()
      .references(() => eventRegistrations.id, { onDelete: "cascade" }),
    action: checkInOpAction("action").notNull(),
    /** When it happened at the door (the device's clock, for a queued op). */
    at: timestamp("at", tz).notNull(),
    /** The door phone's random id for a queued op; null for the page's own buttons. */
    deviceId: text("device_id"),
    /** The staff account that did it or sent it (null once that account is deleted; the audit log has their email). */
    staffId: text("staff_id").references(() => user.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", tz).notNull(),
  },
  (t) => [index("check_in_ops_registration_idx").on(t.registrationId, t.at)],
);
