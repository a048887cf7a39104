// @module-tag second-clock: registration windows follow the date.
import { getDb } from "@/db/client";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { eventRegistrations, events } from "@/db/schema/events";
import { siteUrl } from "@/lib/env";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { getEvent } from "./events.queries";
import { buildCalendar } from "./ical";
import { listMemberFeedEvents } from "./member-feed.service";
import { getEventsWithMemberRegistrations, getMemberRegistrations, listMyEvents } from "./registration.queries";
import {
  CHANGES_CLOSED,
  NO_OFFER,
  OFFER_EXPIRED,
  REGISTRATION_CLOSED,
  cancelRegistration,
  claimOffer,
  expireOffers,
  registerForEvent,
} from "./registration.service";
import { createEvent, createMembers, registrationsOf, seatsTaken } from "../../../test/events";

delete process.env.SMTP_URL;

const HOUR = 3_600_000;
const now = new Date("2027-03-01T15:00:00Z");
const later = (hours: number) => new Date(now.getTime() + hours * HOUR);

async function outboxFor(to: string) {
  return testDb().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(emailOutbox.id);
}

async function statusOf(eventId: number, userId: string) {
  const [row] = await testDb()
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)));
  return row;
}

describe("registering", () => {
  it("takes a seat, shows the live spots, and emails a confirmation with the .ics and a Google Calendar link", async () => {
    const event = await createEvent({ startsAt: later(24 * 10), capacity: 8, title: "Winter Range Day" });
    const [member] = await createMembers(1);
    expect((await getEvent(getDb(), event.id, now))?.spotsLabel).toBe("8 spots left");

    expect(await registerForEvent(testDb(), { eventId: event.id, userId: member!.id }, now)).toEqual({ status: "confirmed", already: false });
    expect(await seatsTaken(event.id)).toBe(1);
    expect((await getEvent(getDb(), event.id, now))?.spotsLabel).toBe("7 spots left");
    expect((await getMemberRegistrations(testDb(), member!.id, [event.id])).get(event.id)).toEqual({ status: "confirmed" });

    const [mail] = await outboxFor(member!.email);
    expect(mail).toMatchObject({ kind: "event-registration", subject: "You're registered: Winter Range Day" });
    expect(mail!.textBody).toContain("Add to Google Calendar: https://calendar.google.com/calendar/render?");
    expect(mail!.htmlBody).toContain("Add to Google Calendar");
    // The calendar file, and the door's QR code shown inline.
    expect(mail!.attachments).toHaveLength(2);
    expect(mail!.attachments[0]).toMatchObject({ filename: "winter-range-day.ics", contentType: expect.stringContaining("text/calendar") });
    expect(mail!.attachments[0]!.content).toContain("DTSTART;TZID=America/Chicago:");
    expect(mail!.attachments[1]).toMatchObject({ filename: "check-in-code.png", contentType: "image/png", encoding: "base64" });
  });

  it("registering again changes nothing: one row, one seat, one email", async () => {
    const event = await createEvent({ startsAt: later(48) });
    const [member] = await createMembers(1);
    const who = { eventId: event.id, userId: member!.id };
    await registerForEvent(testDb(), who, now);
    expect(await registerForEvent(testDb(), who, now)).toEqual({ status: "confirmed", already: true });
    expect(await seatsTaken(event.id)).toBe(1);
    expect(await registrationsOf(event.id)).toHaveLength(1);
    expect(await outboxFor(member!.email)).toHaveLength(1);
  });

  it("joins the waitlist in order once the event is full, and says 'Full — join the waitlist'", async () => {
    const event = await createEvent({ startsAt: later(48), capacity: 2 });
    const members = await createMembers(4);
    const results = [];
    for (const m of members) results.push(await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now));
    expect(results.map((r) => r.status)).toEqual(["confirmed", "confirmed", "waitlisted", "waitlisted"]);
    expect(results.slice(2)).toEqual([
      { status: "waitlisted", position: 1, already: false },
      { status: "waitlisted", position: 2, already: false },
    ]);
    expect((await getEvent(getDb(), event.id, now))?.spotsLabel).toBe("Full — join the waitlist");
    expect((await getMemberRegistrations(testDb(), members[3]!.id, [event.id])).get(event.id)).toEqual({ status: "waitlisted", position: 2 });
    const seen = await getEventsWithMemberRegistrations(testDb(), members[0]!.id, [event.id], now);
    expect(seen.registrations.get(event.id)).toEqual({ status: "confirmed" });
    expect(seen.events.map((e) => e.spotsLabel)).toEqual(["Full — join the waitlist"]);
    const [waitMail] = await outboxFor(members[2]!.email);
    expect(waitMail).toMatchObject({ kind: "event-waitlist" });
    expect(waitMail!.textBody).toContain("number 1 on its waitlist");
  });

  it("never limits an unlimited event", async () => {
    const event = await createEvent({ startsAt: later(48), capacity: null });
    const members = await createMembers(30);
    await Promise.all(members.map((m) => registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now)));
    expect(await seatsTaken(event.id)).toBe(30);
    expect((await getEvent(getDb(), event.id, now))?.spotsLabel).toBe("Unlimited");
  });

  it("closes when the event starts; past events cannot be registered for", async () => {
    const event = await createEvent({ startsAt: later(-1) });
    const [member] = await createMembers(1);
    await expect(registerForEvent(testDb(), { eventId: event.id, userId: member!.id }, now)).rejects.toThrow(REGISTRATION_CLOSED);
    await expect(registerForEvent(testDb(), { eventId: event.id, userId: member!.id }, later(10))).rejects.toBeInstanceOf(FormError);
    expect(await seatsTaken(event.id)).toBe(0);
    expect((await getEvent(getDb(), event.id, now))).toMatchObject({ phase: "started", spotsLabel: "Registration closed" });
    expect((await getEvent(getDb(), event.id, later(10)))).toMatchObject({ phase: "ended" });
  });

  it("an unknown event is a form error, not a crash", async () => {
    const [member] = await createMembers(1);
    await expect(registerForEvent(testDb(), { eventId: 2_147_483_647, userId: member!.id }, now)).rejects.toBeInstanceOf(FormError);
  });
});

describe("cancelling and the waitlist", () => {
  async function fullEventWithQueue(capacity: number, waiting: number) {
    const event = await createEvent({ startsAt: later(24 * 7), capacity });
    const members = await createMembers(capacity + waiting);
    for (const m of members) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
    return { event, seated: members.slice(0, capacity), queue: members.slice(capacity) };
  }

  it("frees the seat once however often it is canceled, and offers it to the first in line for 24 hours by email", async () => {
    const { event, seated, queue } = await fullEventWithQueue(2, 2);
    const who = { eventId: event.id, userId: seated[0]!.id };
    expect(await cancelRegistration(testDb(), who, now)).toEqual({ changed: true, previous: "confirmed" });
    expect(await cancelRegistration(testDb(), who, now)).toEqual({ changed: false, previous: "cancelled" });

    const first = await statusOf(event.id, queue[0]!.id);
    expect(first).toMatchObject({ status: "offered", offerExpiresAt: later(24) });
    expect((await statusOf(event.id, queue[1]!.id))?.status).toBe("waitlisted");
    expect(await seatsTaken(event.id)).toBe(2); // held for the offer
    expect((await getMemberRegistrations(testDb(), queue[1]!.id, [event.id])).get(event.id)).toEqual({ status: "waitlisted", position: 1 });

    const offers = (await outboxFor(queue[0]!.email)).filter((m) => m.kind === "event-seat-offer");
    expect(offers).toHaveLength(1);
    expect(offers[0]!.expiresAt).toEqual(later(24)); // an offer mailed after its deadline is never sent
    expect(offers[0]!.textBody).toMatch(new RegExp(`https?://[^\\s]+/calendar/${event.id}/offer\\b`));
    expect((await outboxFor(queue[1]!.email)).filter((m) => m.kind === "event-seat-offer")).toHaveLength(0);
  });

  it("claiming confirms the held seat without moving the counter; claiming twice is harmless", async () => {
    const { event, seated, queue } = await fullEventWithQueue(1, 1);
    await cancelRegistration(testDb(), { eventId: event.id, userId: seated[0]!.id }, now);
    const who = { eventId: event.id, userId: queue[0]!.id };
    expect(await claimOffer(testDb(), who, later(2))).toEqual({ already: false });
    expect(await claimOffer(testDb(), who, later(3))).toEqual({ already: true });
    expect(await statusOf(event.id, queue[0]!.id)).toMatchObject({ status: "confirmed", offerExpiresAt: null });
    expect(await seatsTaken(event.id)).toBe(1);
    expect((await outboxFor(queue[0]!.email)).map((m) => m.kind)).toEqual(["event-waitlist", "event-seat-offer", "event-registration"]);
  });

  it("only the member with an offer can claim, and not after it expires", async () => {
    const { event, seated, queue } = await fullEventWithQueue(1, 2);
    await expect(claimOffer(testDb(), { eventId: event.id, userId: queue[1]!.id }, now)).rejects.toThrow(NO_OFFER);
    await cancelRegistration(testDb(), { eventId: event.id, userId: seated[0]!.id }, now);
    await expect(claimOffer(testDb(), { eventId: event.id, userId: queue[0]!.id }, later(24))).rejects.toThrow(OFFER_EXPIRED);
  });

  it("an unclaimed offer passes to the next person; with nobody left the seat returns to the event", async () => {
    // expireOffers counts every due offer in the database. This test runs a month before the file's
    // `now`, and every other test's offers expire after `now`, so each count below is this test's alone.
    const early = new Date(now.getTime() - 30 * 24 * HOUR);
    const at = (hours: number) => new Date(early.getTime() + hours * HOUR);
    const event = await createEvent({ startsAt: at(24 * 7), capacity: 1 });
    const [seated, first, second] = await createMembers(3);
    for (const m of [seated, first, second]) await registerForEvent(testDb(), { eventId: event.id, userId: m!.id }, early);
    await cancelRegistration(testDb(), { eventId: event.id, userId: seated!.id }, early);

    expect(await expireOffers(testDb(), at(23))).toBe(0);
    expect(await expireOffers(testDb(), at(24))).toBe(1);
    expect(await statusOf(event.id, first!.id)).toMatchObject({ status: "cancelled", cancellation: "offer-expired" });
    expect(await statusOf(event.id, second!.id)).toMatchObject({ status: "offered", offerExpiresAt: at(48) });
    expect(await expireOffers(testDb(), at(24))).toBe(0); // idempotent

    expect(await expireOffers(testDb(), at(48))).toBe(1);
    expect(await seatsTaken(event.id)).toBe(0);
    expect((await getEvent(getDb(), event.id, at(48)))?.spotsLabel).toBe("1 spot left");
  });

  it("an offer made less than 24 hours before the start expires when the event starts", async () => {
    const event = await createEvent({ startsAt: later(5), capacity: 1 });
    const [a, b] = await createMembers(2);
    await registerForEvent(testDb(), { eventId: event.id, userId: a!.id }, now);
    await registerForEvent(testDb(), { eventId: event.id, userId: b!.id }, now);
    await cancelRegistration(testDb(), { eventId: event.id, userId: a!.id }, now);
    expect((await statusOf(event.id, b!.id))?.offerExpiresAt).toEqual(later(5));
  });

  it("declining an offer (cancelling it) passes the seat on; leaving the waitlist frees no seat", async () => {
    const { event, seated, queue } = await fullEventWithQueue(1, 3);
    await cancelRegistration(testDb(), { eventId: event.id, userId: queue[2]!.id }, now);
    expect(await seatsTaken(event.id)).toBe(1);
    await cancelRegistration(testDb(), { eventId: event.id, userId: seated[0]!.id }, now);
    expect(await cancelRegistration(testDb(), { eventId: event.id, userId: queue[0]!.id }, now)).toEqual({ changed: true, previous: "offered" });
    expect((await statusOf(event.id, queue[1]!.id))?.status).toBe("offered");
    expect(await seatsTaken(event.id)).toBe(1);
  });

  it("a canceled member can register again, at the end of the queue, under the same row with a higher sequence", async () => {
    const { event, seated } = await fullEventWithQueue(1, 1);
    const who = { eventId: event.id, userId: seated[0]!.id };
    await cancelRegistration(testDb(), who, now);
    const before = await statusOf(event.id, seated[0]!.id);
    expect(await registerForEvent(testDb(), who, now)).toEqual({ status: "waitlisted", position: 1, already: false });
    const after = await statusOf(event.id, seated[0]!.id);
    expect(after!.id).toBe(before!.id);
    expect(after!.sequence).toBe(before!.sequence + 1);
  });

  it("a member's cancellation is emailed with a METHOD:CANCEL file for the entry their confirmation and feed carry", async () => {
    const event = await createEvent({ startsAt: later(24 * 7), capacity: 1, title: "Cancel Me Clinic" });
    const [seated, waiting] = await createMembers(2, "self-cancel");
    for (const m of [seated!, waiting!]) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
    const host = new URL(siteUrl()).host;
    const calendarOf = (mail: { attachments: { contentType: string; content: string }[] }) => {
      const file = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
      const calendar = new ICAL.Component(ICAL.parse(file.content));
      const vevent = calendar.getFirstSubcomponent("vevent")!;
      return {
        contentType: file.contentType,
        method: calendar.getFirstPropertyValue("method"),
        uid: vevent.getFirstPropertyValue("uid"),
        sequence: Number(vevent.getFirstPropertyValue("sequence")),
        status: vevent.getFirstPropertyValue("status"),
      };
    };
    const confirmation = calendarOf((await outboxFor(seated!.email)).find((m) => m.kind === "event-registration")!);
    expect(confirmation).toMatchObject({ contentType: "text/calendar; charset=utf-8; method=PUBLISH", method: "PUBLISH", status: "CONFIRMED" });

    await cancelRegistration(testDb(), { eventId: event.id, userId: seated!.id }, later(1));
    await cancelRegistration(testDb(), { eventId: event.id, userId: seated!.id }, later(2)); // nothing left: no second email
    const cancellations = (await outboxFor(seated!.email)).filter((m) => m.kind === "event-registration-cancelled");
    expect(cancellations).toHaveLength(1);
    const [mail] = cancellations;
    expect(mail).toMatchObject({ subject: "Registration canceled: Cancel Me Clinic" });
    expect(mail!.textBody).toContain("is canceled, as you asked, and your seat has been released");
    expect(mail!.htmlBody).toContain("<p>The calendar file attached to this email removes the event from your calendar app.</p>");
    const cancelled = calendarOf(mail!);
    expect(cancelled).toMatchObject({ contentType: "text/calendar; charset=utf-8; method=CANCEL", method: "CANCEL", status: "CANCELLED", uid: confirmation.uid });
    expect(cancelled.sequence).toBeGreaterThan(confirmation.sequence);

    // The private feed shows the same entry (UID, SEQUENCE) as CANCELLED.
    const feed = new ICAL.Component(ICAL.parse(buildCalendar("feed", await listMemberFeedEvents(testDb(), seated!.id, host), host)));
    const entry = feed.getAllSubcomponents("vevent").find((e) => e.getFirstPropertyValue("uid") === cancelled.uid)!;
    expect(entry.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(Number(entry.getFirstPropertyValue("sequence"))).toBe(cancelled.sequence);

    // The seat went to the waitlist; declining that offer is emailed the same way, under that member's own UID.
    await cancelRegistration(testDb(), { eventId: event.id, userId: waiting!.id }, later(3));
    const [declined] = (await outboxFor(waiting!.email)).filter((m) => m.kind === "event-registration-cancelled");
    expect(declined!.subject).toBe("Seat declined: Cancel Me Clinic");
    expect(calendarOf(declined!)).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: `registration-${event.id}-${waiting!.id}@${host}` });
  });

  it("nothing can be canceled once the event has started", async () => {
    const event = await createEvent({ startsAt: later(2) });
    const [member] = await createMembers(1);
    await registerForEvent(testDb(), { eventId: event.id, userId: member!.id }, now);
    await expect(cancelRegistration(testDb(), { eventId: event.id, userId: member!.id }, later(3))).rejects.toThrow(CHANGES_CLOSED);
    expect(await seatsTaken(event.id)).toBe(1);
  });
});

describe("My Events", () => {
  it("lists registrations, waitlist places with live positions, and cancellations while the event is to come", async () => {
    const upcoming = await createEvent({ startsAt: later(24 * 3), capacity: 1, title: "Upcoming Clinic" });
    const other = await createEvent({ startsAt: later(24 * 4), capacity: 5, title: "Second Clinic" });
    const gone = await createEvent({ startsAt: later(24 * 5), capacity: 5, title: "Canceled Clinic" });
    const [someone, me] = await createMembers(2);
    await registerForEvent(testDb(), { eventId: upcoming.id, userId: someone!.id }, now);
    await registerForEvent(testDb(), { eventId: upcoming.id, userId: me!.id }, now);
    await registerForEvent(testDb(), { eventId: other.id, userId: me!.id }, now);
    await registerForEvent(testDb(), { eventId: gone.id, userId: me!.id }, now);
    await cancelRegistration(testDb(), { eventId: gone.id, userId: me!.id }, now);

    const mine = await listMyEvents(testDb(), me!.id, now);
    expect(mine.map((m) => [m.event.title, m.registration, m.cancelled])).toEqual([
      ["Upcoming Clinic", { status: "waitlisted", position: 1 }, undefined],
      ["Second Clinic", { status: "confirmed" }, undefined],
      ["Canceled Clinic", { status: "none" }, "member"],
    ]);
    const afterwards = await listMyEvents(testDb(), me!.id, later(24 * 6));
    expect(afterwards.map((m) => [m.event.title, m.event.phase])).toEqual([
      ["Upcoming Clinic", "ended"],
      ["Second Clinic", "ended"],
    ]);
  });
});

describe("database rules", () => {
  it("the CHECK forbids more seats than capacity and fewer than zero, whatever the code does", async () => {
    const event = await createEvent({ startsAt: later(48), capacity: 2 });
    const refused = { cause: { code: "23514", constraint: "events_seats_taken_within_capacity" } }; // check_violation
    await expect(testDb().update(events).set({ seatsTaken: 3 }).where(eq(events.id, event.id))).rejects.toMatchObject(refused);
    await expect(testDb().update(events).set({ seatsTaken: -1 }).where(eq(events.id, event.id))).rejects.toMatchObject(refused);
    expect(await seatsTaken(event.id)).toBe(0);
  });

  it("one row per member and event", async () => {
    const event = await createEvent({ startsAt: later(48) });
    const [member] = await createMembers(1);
    const row = { eventId: event.id, userId: member!.id, status: "confirmed" as const, confirmedAt: now };
    await testDb().insert(eventRegistrations).values(row);
    await expect(testDb().insert(eventRegistrations).values(row)).rejects.toMatchObject({
      cause: { code: "23505", constraint: "event_registrations_event_user_unique" }, // unique_violation
    });
    expect(await registrationsOf(event.id)).toHaveLength(1);
  });
});
