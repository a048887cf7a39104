import "server-only";
import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { isUniqueViolation } from "@/db/unique-violation";
import { user } from "@/db/schema/auth";
import { eventRegistrations, events } from "@/db/schema/events";
import { FormError } from "@/lib/form-state";
import { siteUrl } from "@/lib/env";
import type { EmailKind } from "@/lib/email/kinds";
import { enqueueEmail } from "@/lib/email/outbox";
import type { OutboxAttachment } from "@/db/schema/email";
import {
  registrationCancelledEmail,
  registrationConfirmedEmail,
  seatOfferedEmail,
  waitlistJoinedEmail,
  type CancelledHolding,
  type EmailContent,
} from "./emails/registration-emails";
import { checkInQrAttachment } from "./emails/check-in-qr";
import { checkInPath, claimPath, eventPath } from "./event-paths";
import type { IcalEvent } from "./ical";
import { registrationCalendarEntry } from "./registration-calendar";
import { registrationRefusal } from "./registration-window";
import { benefitPlan } from "@/features/memberships/membership-plans.service";
import * as clock from "@/lib/clock";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type EventRow = typeof events.$inferSelect;
type RegistrationRow = typeof eventRegistrations.$inferSelect;
type CancellationReason = NonNullable<RegistrationRow["cancellation"]>;

/** How long a seat offered from the waitlist is held (never past the event's start). */
export const OFFER_HOURS = 24;

export const EVENT_NOT_FOUND = "This event does not exist.";
export const EVENT_CANCELLED = "This event has been canceled.";
export const REGISTRATION_CLOSED = "Registration for this event has closed.";
export const CHANGES_CLOSED = "This event has started, so registrations can no longer be changed.";
export const NO_OFFER = "There is no seat on hold for you at this event.";
export const OFFER_EXPIRED = "This offer has expired, and the seat has passed to the next person on the waitlist.";

export interface EventAndMember {
  eventId: number;
  userId: string;
  /** The member's address, when the caller read it already (the session's); else it is read here. */
  email?: string;
}

export type RegisterResult =
  | { status: "confirmed"; already: boolean }
  | { status: "waitlisted"; position: number; already: boolean }
  | { status: "offered"; already: true; offerExpiresAt: Date };

export interface CancelResult {
  /** False when there was nothing left to cancel (a second click, a replayed form). */
  changed: boolean;
  previous: RegistrationRow["status"] | "none";
}

export function icalOf(event: EventRow): IcalEvent {
  return { ...event, url: `${siteUrl()}${eventPath(event.id)}` };
}

/**
 * Every change to an event's seats or queue takes the event row's lock, here or by updating the row
 * (takeSeat): it makes registrations, cancellations, claims and expiries of one event run one after
 * another, so "is a seat free?" and "who is first in line?" are answered on committed data. (FOR NO KEY UPDATE: inserts of registration
 * rows, whose foreign key takes KEY SHARE on this row, are not blocked by it.)
 */
export async function lockEvent(tx: Transaction, eventId: number): Promise<EventRow> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("no key update");
  if (!event) throw new FormError(EVENT_NOT_FOUND);
  return event;
}

/**
 * Refuses a member whose plan may not register yet (priority window) or at all (member-only event).
 * The plan is read inside the caller's transaction at its `now`: a membership that lapsed counts as Basic.
 */
async function checkEligible(tx: Transaction, event: EventRow, userId: string, now: Date): Promise<void> {
  const refusal = registrationRefusal(event, await benefitPlan(tx, userId, now), now);
  if (refusal) throw new FormError(refusal);
}

/** The member's registration at the event as committed now, without a lock (what they have, before the event's lock is taken). */
async function registrationOf(tx: Transaction, { eventId, userId }: EventAndMember): Promise<RegistrationRow | undefined> {
  const [row] = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)));
  return row;
}

async function lockRegistration(tx: Transaction, { eventId, userId }: EventAndMember): Promise<RegistrationRow | undefined> {
  const [row] = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
    .for("update");
  return row;
}

async function memberEmail(tx: Transaction, userId: string): Promise<string | undefined> {
  const [member] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return member?.email;
}

export async function mail(tx: Transaction, userId: string, kind: EmailKind, content: EmailContent, link?: string, expiresAt?: Date): Promise<void> {
  const to = await memberEmail(tx, userId);
  if (to) await enqueueEmail(tx, { kind, to, ...content, log: { link }, expiresAt });
}

/** 1 for the first person in line. */
export async function waitlistPosition(db: Database | Transaction, eventId: number, waitlistSeq: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.status, "waitlisted"),
        lte(eventRegistrations.waitlistSeq, waitlistSeq),
      ),
    );
  return row?.n ?? 0;
}

function current(row: RegistrationRow, position: number): RegisterResult {
  if (row.status === "offered") return { status: "offered", already: true, offerExpiresAt: row.offerExpiresAt! };
  if (row.status === "waitlisted") return { status: "waitlisted", position, already: true };
  return { status: "confirmed", already: true };
}

/** The door pass of a registration: a QR code of its check-in address. */
function doorPass(eventId: number, registrationId: number) {
  return checkInQrAttachment(`${siteUrl()}${checkInPath(eventId, registrationId)}`);
}

/** Why the member may not register for this event at `now`, if they may not. */
function refusalOf(event: EventRow, plan: Awaited<ReturnType<typeof benefitPlan>>, now: Date): string | undefined {
  if (event.cancelledAt) return EVENT_CANCELLED;
  if (event.startsAt <= now) return REGISTRATION_CLOSED;
  return registrationRefusal(event, plan, now) ?? undefined;
}

/**
 * Registers a member: a seat if one is free, else a place at the end of the waitlist. Registering
 * again while registered changes nothing and answers the current state.
 *
 * Every registration of an event waits for the event's row lock, so it is taken last and held for as few
 * statements as it can be (registration opening is many members at once, and every statement under the
 * lock waits for its server's turn): what concerns this member alone (their row, their plan, the door
 * pass a seat would carry, drawn before) comes first, on the event as read then, and is checked again
 * on the locked row.
 */
export async function registerForEvent(db: Database, who: EventAndMember, now = clock.now()): Promise<RegisterResult> {
  try {
    return await registerOnce(db, who, now);
  } catch (error) {
    // The same member pressing twice at once: the second row met the first (the event's unique pair), and
    // everything it did was rolled back. Asked again, it finds the first and answers it.
    if (isUniqueViolation(error)) return registerOnce(db, who, now);
    throw error;
  }
}

async function registerOnce(db: Database, who: EventAndMember, now: Date): Promise<RegisterResult> {
  return db.transaction(async (tx) => {
    const [seen] = await tx.select().from(events).where(eq(events.id, who.eventId));
    if (!seen) throw new FormError(EVENT_NOT_FOUND);
    if (seen.cancelledAt) throw new FormError(EVENT_CANCELLED);
    if (seen.startsAt <= now) throw new FormError(REGISTRATION_CLOSED);
    const answered = async (existing: RegistrationRow | undefined) => {
      if (!existing || existing.status === "cancelled") return undefined;
      return current(existing, existing.waitlistSeq === null ? 0 : await waitlistPosition(tx, who.eventId, existing.waitlistSeq));
    };
    const before = await registrationOf(tx, who);
    const already = await answered(before);
    if (already) return already;
    const plan = await benefitPlan(tx, who.userId, now);
    const refusal = registrationRefusal(seen, plan, now);
    if (refusal) throw new FormError(refusal);
    const address = who.email ?? (await memberEmail(tx, who.userId));
    const seatLikely = seen.capacity === null || seen.seatsTaken < seen.capacity;
    const id = before?.id ?? (seatLikely ? await nextRegistrationId(tx) : undefined);
    const pass = id === undefined ? undefined : await doorPass(who.eventId, id);

    // A member without a row, and a seat free as read: the seat is taken first, the update being the
    // event's lock and the rule in one statement. Otherwise the lock first, then what it allows.
    let event = !before && seatLikely ? await takeSeat(tx, who.eventId, now) : undefined;
    const seat = event !== undefined;
    if (!event) event = await lockEvent(tx, who.eventId);
    // On a seat just taken this throws too, and the rollback gives it back.
    const changed = refusalOf(event, plan, now);
    if (changed) throw new FormError(changed);
    if (before) {
      // Read again under the lock: the same member pressing twice at once registers once. (Without a row
      // before, the second insert meets the first instead: see registerForEvent.)
      const again = await answered(await lockRegistration(tx, who));
      if (again) return again;
    }
    // Under the lock a full event stays full; otherwise the conditional update is the rule (the CHECK its backstop).
    const seated = seat || ((event.capacity === null || event.seatsTaken < event.capacity) && (await takeSeat(tx, who.eventId, now)) !== undefined);

    const fresh = {
      offerExpiresAt: null,
      cancellation: null,
      updatedAt: now,
    };
    const values = seated
      ? { ...fresh, status: "confirmed" as const, confirmedAt: now, waitlistSeq: null }
      : { ...fresh, status: "waitlisted" as const, confirmedAt: null, waitlistSeq: sql`nextval('event_waitlist_seq')` };
    const insert = tx.insert(eventRegistrations).values({ ...(id === undefined ? {} : { id }), eventId: who.eventId, userId: who.userId, createdAt: now, ...values });
    const [row] = before
      ? await insert
          .onConflictDoUpdate({
            target: [eventRegistrations.eventId, eventRegistrations.userId],
            set: { ...values, sequence: sql`${eventRegistrations.sequence} + 1` },
          })
          .returning()
      : await insert.returning();

    if (seated) {
      // A row made meanwhile (a cancelled one, taken again) has its own id, and its pass is drawn now.
      await mailConfirmation(tx, event, row!, { address, pass: row!.id === id ? pass : undefined });
      return { status: "confirmed", already: false };
    }
    const ical = icalOf(event);
    const position = await waitlistPosition(tx, who.eventId, row!.waitlistSeq!);
    if (address) await enqueueEmail(tx, { kind: "event-waitlist", to: address, ...waitlistJoinedEmail(ical, position), log: { link: ical.url } });
    return { status: "waitlisted", position, already: false };
  });
}

/**
 * Takes a seat of the event if one is free and the event is still on, and returns its row as updated
 * (the update holds the event's lock until the transaction ends); undefined when it took none.
 */
async function takeSeat(tx: Transaction, eventId: number, now: Date): Promise<EventRow | undefined> {
  const [event] = await tx
    .update(events)
    .set({ seatsTaken: sql`${events.seatsTaken} + 1` })
    .where(
      and(
        eq(events.id, eventId),
        isNull(events.cancelledAt),
        gt(events.startsAt, now),
        sql`(${events.capacity} is null or ${events.seatsTaken} < ${events.capacity})`,
      ),
    )
    .returning();
  return event;
}

/** A registration's id drawn ahead of its row, so that its door pass is drawn before the event's lock is taken. */
async function nextRegistrationId(tx: Transaction): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('event_registrations', 'id'))::int as id`);
  return rows[0]!.id;
}

/**
 * "You're registered", with the registration's own calendar entry and its door QR code. `ready`: the
 * member's address and the pass, when read and drawn already.
 */
async function mailConfirmation(tx: Transaction, event: EventRow, registration: RegistrationRow, ready?: { address: string | undefined; pass?: OutboxAttachment }): Promise<void> {
  const host = new URL(siteUrl()).host;
  const entry = registrationCalendarEntry(event, registration, host);
  const address = ready ? ready.address : await memberEmail(tx, registration.userId);
  if (!address) return;
  const qr = ready?.pass ?? (await doorPass(event.id, registration.id));
  await enqueueEmail(tx, { kind: "event-registration", to: address, ...registrationConfirmedEmail(entry, host, qr), log: { link: entry.url } });
}

/** Leaves the row in feeds as CANCELLED: a new SEQUENCE, and no hold or place in line. */
export async function markCancelled(tx: Transaction, registrationId: number, reason: CancellationReason, now: Date): Promise<void> {
  await tx
    .update(eventRegistrations)
    .set({
      status: "cancelled",
      cancellation: reason,
      offerExpiresAt: null,
      waitlistSeq: null,
      sequence: sql`${eventRegistrations.sequence} + 1`,
      updatedAt: now,
    })
    .where(eq(eventRegistrations.id, registrationId));
}

/**
 * Holds a seat for the first person on the waitlist and emails them the offer; false when nobody is
 * waiting or the event has started (or is cancelled). The caller keeps the seat counter right.
 */
async function offerSeatToNext(tx: Transaction, event: EventRow, now: Date): Promise<boolean> {
  const queue =
    event.startsAt > now && !event.cancelledAt
      ? await tx
          .select()
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, "waitlisted")))
          .orderBy(asc(eventRegistrations.waitlistSeq))
          .for("update")
      : [];
  // Someone whose plan no longer allows them (their membership lapsed, or staff limited the event) keeps
  // their place but is passed over, so no offer goes out that its claim would refuse.
  let next: RegistrationRow | undefined;
  for (const waiting of queue) {
    if (!registrationRefusal(event, await benefitPlan(tx, waiting.userId, now), now)) {
      next = waiting;
      break;
    }
  }
  if (!next) return false;
  const expiresAt = new Date(Math.min(now.getTime() + OFFER_HOURS * 3_600_000, event.startsAt.getTime()));
  await tx
    .update(eventRegistrations)
    .set({ status: "offered", offerExpiresAt: expiresAt, sequence: sql`${eventRegistrations.sequence} + 1`, updatedAt: now })
    .where(eq(eventRegistrations.id, next.id));
  const claimUrl = `${siteUrl()}${claimPath(event.id)}`;
  await mail(tx, next.userId, "event-seat-offer", seatOfferedEmail(icalOf(event), claimUrl, expiresAt), claimUrl, expiresAt);
  return true;
}

/**
 * A seat came free (a cancellation, a declined or expired offer): hold it for the first person on
 * the waitlist, or give it back to the event when nobody is waiting or the event has started.
 */
async function passSeatOn(tx: Transaction, event: EventRow, now: Date): Promise<void> {
  if (await offerSeatToNext(tx, event, now)) return;
  await tx
    .update(events)
    .set({ seatsTaken: sql`${events.seatsTaken} - 1` })
    .where(eq(events.id, event.id));
}

/**
 * Seats added to an event (its capacity raised): each is offered to the next person on the waitlist,
 * in order, and counted as taken while it is held. Call with the event row locked and already carrying
 * its new capacity; answers how many offers went out.
 */
export async function offerNewSeats(tx: Transaction, event: EventRow, now: Date): Promise<number> {
  let free = event.capacity === null ? Number.POSITIVE_INFINITY : event.capacity - event.seatsTaken;
  let offered = 0;
  while (free > 0 && (await offerSeatToNext(tx, event, now))) {
    await tx
      .update(events)
      .set({ seatsTaken: sql`${events.seatsTaken} + 1` })
      .where(eq(events.id, event.id));
    free--;
    offered++;
  }
  return offered;
}

/**
 * Cancels a registration, a waitlist place or a seat offer, and emails the member a cancellation
 * whose METHOD:CANCEL file removes the registration's calendar entry. Idempotent: cancelling what is
 * already cancelled changes nothing (and sends nothing), so a seat is freed (and offered on) exactly once.
 */
export async function cancelRegistration(db: Database, who: EventAndMember, now = clock.now()): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, who.eventId);
    const row = await lockRegistration(tx, who);
    if (!row || row.status === "cancelled") return { changed: false, previous: row?.status ?? "none" };
    if (event.startsAt <= now) throw new FormError(CHANGES_CLOSED);
    await markCancelled(tx, row.id, "member", now);
    await mailCancellation(tx, event, row.id, row.status);
    if (row.status === "confirmed" || row.status === "offered") await passSeatOn(tx, event, now);
    return { changed: true, previous: row.status };
  });
}

/** The cancellation, written from the registration as it now stands (CANCELLED, its SEQUENCE raised). */
async function mailCancellation(tx: Transaction, event: EventRow, registrationId: number, previous: CancelledHolding): Promise<void> {
  const [cancelled] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, registrationId));
  const host = new URL(siteUrl()).host;
  const entry = registrationCalendarEntry(event, cancelled!, host);
  await mail(tx, cancelled!.userId, "event-registration-cancelled", registrationCancelledEmail(entry, host, previous), entry.url);
}

/** Turns a held seat into a registration; claiming twice is harmless. */
export async function claimOffer(db: Database, who: EventAndMember, now = clock.now()): Promise<{ already: boolean }> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, who.eventId);
    if (event.cancelledAt) throw new FormError(EVENT_CANCELLED);
    const row = await lockRegistration(tx, who);
    if (row?.status === "confirmed") return { already: true };
    if (row?.status !== "offered") throw new FormError(NO_OFFER);
    if (row.offerExpiresAt! <= now || event.startsAt <= now) throw new FormError(OFFER_EXPIRED);
    // Staff may have limited the event, or the membership lapsed, since the member joined the waitlist.
    await checkEligible(tx, event, who.userId, now);
    // The seat was counted when it was put on hold, so the counter does not move.
    const [claimed] = await tx
      .update(eventRegistrations)
      .set({ status: "confirmed", confirmedAt: now, offerExpiresAt: null, sequence: sql`${eventRegistrations.sequence} + 1`, updatedAt: now })
      .where(eq(eventRegistrations.id, row.id))
      .returning();
    await mailConfirmation(tx, event, claimed!);
    return { already: false };
  });
}

/** Passes every offer whose 24 hours are up to the next person in line; answers how many expired. */
export async function expireOffers(db: Database, now = clock.now()): Promise<number> {
  const due = await db
    .select({ eventId: eventRegistrations.eventId, userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.status, "offered"), lte(eventRegistrations.offerExpiresAt, now)))
    .orderBy(asc(eventRegistrations.offerExpiresAt));
  let expired = 0;
  for (const who of due) {
    // One transaction per offer, re-checked under the locks: a claim or another server may have got there first.
    const done = await db.transaction(async (tx) => {
      const event = await lockEvent(tx, who.eventId);
      const row = await lockRegistration(tx, who);
      if (row?.status !== "offered" || row.offerExpiresAt! > now) return false;
      await markCancelled(tx, row.id, "offer-expired", now);
      await passSeatOn(tx, event, now);
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

/** The member's registrations still holding a seat, a waitlist place or an offer for an event to come. */
async function upcomingHoldings(db: Database, userId: string, now: Date): Promise<number[]> {
  const rows = await db
    .select({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), inArray(eventRegistrations.status, ["confirmed", "waitlisted", "offered"]), gt(events.startsAt, now)));
  return rows.map((row) => row.eventId);
}

/** Cancels the member's places at events to come, exactly as the member cancelling each would (seats go to the waitlist). */
export async function giveUpUpcomingPlaces(db: Database, userId: string, now = clock.now()): Promise<void> {
  for (const eventId of await upcomingHoldings(db, userId, now)) {
    await cancelRegistration(db, { eventId, userId }, now);
  }
}
