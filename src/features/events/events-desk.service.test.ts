/**
 * The events desk's rules on the real PostgreSQL: new events in the association's zone and never in
 * the past; capacity never below the seats taken and new seats offered to the waitlist in order;
 * cancelling emails everyone a METHOD:CANCEL file under the UID their confirmation and feed carry;
 * emailing attendees; check-in and undo. Each test makes its own events and members.
 */
import { getDb } from "@/db/client";
import { and, desc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { eventRegistrations, events } from "@/db/schema/events";
import { memberProfiles } from "@/db/schema/members";
import { auditLog } from "@/db/schema/staff";
import { siteUrl } from "@/lib/env";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { checkIn, NO_SUCH_REGISTRATION, undoCheckIn } from "./check-in-desk.service";
import { checkInQrAttachment } from "./emails/check-in-qr";
import { cancelEvent, createEvent as createDeskEvent, emailAttendees, NOBODY_REGISTERED, START_IN_PAST, updateEvent } from "./events-desk.service";
import { getEvent, getIcalEvent, listEvents, listUpcomingEvents } from "./events.queries";
import { listMemberFeedEvents } from "./member-feed.service";
import { EVENT_CANCELLED, registerForEvent } from "./registration.service";
import { eventFormSchema } from "./events-desk.schema";
import { getDeskEvent } from "./events-desk.queries";
import { attendeesCsv } from "./staff/attendees-csv";
import { createEvent, createMembers, registrationsOf, seatsTaken } from "../../../test/events";
import { formatSpreadsheetDateTime } from "@/lib/time";

delete process.env.SMTP_URL;

const now = new Date("2027-03-01T15:00:00Z");
const startsAt = new Date("2027-03-20T14:00:00Z");
const desk = { id: null, email: "desk@example.org", role: "staff" as const };
const host = () => new URL(siteUrl()).host;

function form(overrides: Record<string, string> = {}) {
  return eventFormSchema.parse({
    title: "Ruck Clinic",
    category: "fitness",
    date: "2027-03-20",
    startTime: "09:00",
    endTime: "12:30",
    location: "Zilker Park, Austin, TX",
    instructor: "Tom Brennan",
    description: "Bring water.",
    capacity: "12",
    ...overrides,
  });
}

async function refusal(work: Promise<unknown>): Promise<FormError> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return error as FormError;
}

async function mailTo(email: string, kind: string) {
  return testDb().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind))).orderBy(desc(emailOutbox.id));
}

function vevent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: event.getFirstPropertyValue("status"),
  };
}

describe("the event form", () => {
  it("refuses capacity 0, negative, absurd or missing, end before start, impossible dates and control characters", () => {
    const field = (overrides: Record<string, string>) => {
      const parsed = eventFormSchema.safeParse({ ...form(), capacity: "12", ...overrides });
      return parsed.success ? undefined : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    };
    expect(field({ capacity: "0" })).toEqual({ capacity: "Enter a whole number of seats from 1 to 10,000." });
    expect(field({ capacity: "-3" })).toEqual({ capacity: "Enter a whole number of seats from 1 to 10,000." });
    expect(field({ capacity: "99999999999" })).toEqual({ capacity: "Enter a whole number of seats from 1 to 10,000." });
    expect(field({ capacity: "" })).toEqual({ capacity: "Enter the number of seats, or tick Unlimited." });
    expect(eventFormSchema.parse({ ...form(), capacity: "", unlimited: "yes" }).capacity).toBeNull();
    expect(field({ endTime: "08:00" })).toEqual({ endTime: "The end time must be after the start time." });
    expect(field({ date: "2027-02-31" })).toEqual({ date: "Enter a real date." });
    expect(field({ title: "Ruck\u0000Clinic" })).toHaveProperty("title");
    expect(field({ title: "   " })).toEqual({ title: "Enter the title." });
  });

  it("takes a training location, or Other with the place typed; the instructor may be empty", () => {
    const field = (overrides: Record<string, string>) => {
      const parsed = eventFormSchema.safeParse({ ...form(), capacity: "12", ...overrides });
      return parsed.success ? parsed.data : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    };
    expect(field({ location: "Liberty Range, Bulverde, TX", locationOther: "ignored" })).toMatchObject({ location: "Liberty Range, Bulverde, TX" });
    expect(field({ location: "other", locationOther: "  Zilker Park, Austin, TX " })).toMatchObject({ location: "Zilker Park, Austin, TX" });
    expect(field({ location: "other", locationOther: "" })).toEqual({ locationOther: "Type the place, or choose one of the training locations above." });
    expect(field({ location: "" })).toEqual({ location: "Choose a location." });
    expect(field({ location: "other", locationOther: "x".repeat(201) })).toEqual({ locationOther: "The location is at most 200 characters." });
    expect(field({ instructor: "" })).toMatchObject({ instructor: "" });
    expect(field({ category: "" })).toEqual({ category: "Choose a category." });
  });
});

describe("creating an event", () => {
  it("reads the date and times in Central Time and records who made it", async () => {
    const { id } = await createDeskEvent(testDb(), desk, form(), now);
    const [row] = await testDb().select().from(events).where(eq(events.id, id));
    // 20 March 2027 is daylight time in Chicago (UTC−5).
    expect(row).toMatchObject({ title: "Ruck Clinic", capacity: 12, seatsTaken: 0, timeZone: "America/Chicago", cancelledAt: null });
    expect(row!.startsAt.toISOString()).toBe("2027-03-20T14:00:00.000Z");
    expect(row!.endsAt.toISOString()).toBe("2027-03-20T17:30:00.000Z");
    const [entry] = await testDb().select().from(auditLog).where(and(eq(auditLog.recordType, "event"), eq(auditLog.recordId, String(id))));
    expect(entry).toMatchObject({ actorEmail: desk.email, action: "event.create" });
  });

  it("refuses a start in the past and creates nothing", async () => {
    const before = await testDb().$count(events);
    const error = await refusal(createDeskEvent(testDb(), desk, form({ date: "2027-02-28" }), now));
    expect(error).toMatchObject({ message: START_IN_PAST, field: "date" });
    expect(await testDb().$count(events)).toBe(before);
  });
});

describe("changing an event's capacity", () => {
  // test/events.ts makes events 9:00 to 13:00 Central at Liberty Range: the same, so nobody is emailed a change.
  const sameTimeAndPlace = { endTime: "13:00", location: "Liberty Range, Bulverde, TX" };

  it("never below the seats taken: refused next to the field, nothing changes", async () => {
    const event = await createEvent({ startsAt, capacity: 5 });
    for (const m of await createMembers(3)) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
    const error = await refusal(updateEvent(testDb(), desk, event.id, form({ capacity: "2", ...sameTimeAndPlace }), now));
    expect(error.field).toBe("capacity");
    expect(error.message).toBe("3 seats are taken (registrations and offers on hold), so the capacity cannot be lower than that.");
    const [row] = await testDb().select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ capacity: 5, title: event.title, sequence: 0 });
    // Down to exactly the seats taken is fine.
    expect(await updateEvent(testDb(), desk, event.id, form({ capacity: "3", ...sameTimeAndPlace }), now)).toEqual({ changed: true, offered: 0, notified: 0 });
  });

  it("raising it offers the new seats to the waitlist in order, and bumps SEQUENCE", async () => {
    const event = await createEvent({ startsAt, capacity: 1 });
    const [holder, first, second, third] = await createMembers(4);
    for (const m of [holder!, first!, second!, third!]) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
    const result = await updateEvent(testDb(), desk, event.id, form({ capacity: "3", ...sameTimeAndPlace }), now);
    expect(result).toEqual({ changed: true, offered: 2, notified: 0 });
    const status = Object.fromEntries((await registrationsOf(event.id)).map((r) => [r.userId, r.status]));
    expect(status).toEqual({ [holder!.id]: "confirmed", [first!.id]: "offered", [second!.id]: "offered", [third!.id]: "waitlisted" });
    expect(await seatsTaken(event.id)).toBe(3);
    expect(await mailTo(first!.email, "event-seat-offer")).toHaveLength(1);
    expect(await mailTo(third!.email, "event-seat-offer")).toHaveLength(0);
    const [row] = await testDb().select().from(events).where(eq(events.id, event.id));
    expect(row!.sequence).toBe(1);
  });

  it("unlimited offers a seat to everyone waiting", async () => {
    const event = await createEvent({ startsAt, capacity: 1 });
    const members = await createMembers(3);
    for (const m of members) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
    expect(await updateEvent(testDb(), desk, event.id, form({ capacity: "", unlimited: "yes", ...sameTimeAndPlace }), now)).toEqual({ changed: true, offered: 2, notified: 0 });
  });

  it("unknown events are refused", async () => {
    const error = await refusal(updateEvent(testDb(), desk, 2_000_000_000, form(), now));
    expect(error.message).toBe("This event does not exist.");
  });
});

describe("cancelling an event", () => {
  it("cancels every seat, place and offer, emails each a METHOD:CANCEL file under the UID of their confirmation and feed, and refuses registration", async () => {
    const event = await createEvent({ startsAt, capacity: 1, title: "Cancel Clinic" });
    const [seated, waiting, late] = await createMembers(3);
    await registerForEvent(testDb(), { eventId: event.id, userId: seated!.id }, now);
    await registerForEvent(testDb(), { eventId: event.id, userId: waiting!.id }, now);

    const [confirmation] = await mailTo(seated!.email, "event-registration");
    const confirmationIcs = vevent(confirmation!.attachments.find((a) => a.contentType.startsWith("text/calendar"))!.content);
    const [feedBefore] = await listMemberFeedEvents(testDb(), seated!.id, host());
    expect(confirmationIcs.uid).toBe(feedBefore!.uid);
    expect(confirmationIcs.sequence).toBe(feedBefore!.sequence);
    // The door pass: a PNG shown inline by Content-ID, linking to the staff check-in of this registration.
    const [registration] = (await registrationsOf(event.id)).filter((r) => r.userId === seated!.id);
    const qr = await checkInQrAttachment(`${siteUrl()}/admin/check-in/${event.id}?registration=${registration!.id}`);
    expect(confirmation!.attachments).toContainEqual(qr);
    expect(qr).toMatchObject({ contentType: "image/png", encoding: "base64" });
    expect(confirmation!.htmlBody).toContain(`src="cid:${qr.cid}"`);
    expect(confirmation!.textBody).toContain("QR code");

    expect(await cancelEvent(testDb(), desk, event.id, now)).toEqual({ notified: 2 });
    const rows = await registrationsOf(event.id);
    expect(rows.map((r) => [r.status, r.cancellation])).toEqual([
      ["cancelled", "event-cancelled"],
      ["cancelled", "event-cancelled"],
    ]);
    const [row] = await testDb().select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ seatsTaken: 0, sequence: 1, cancelledAt: now });

    for (const member of [seated!, waiting!]) {
      const [mail] = await mailTo(member.email, "event-cancelled");
      expect(mail!.subject).toBe("Canceled: Cancel Clinic");
      const ics = vevent(mail!.attachments[0]!.content);
      const [feed] = await listMemberFeedEvents(testDb(), member.id, host());
      expect(ics).toMatchObject({ method: "CANCEL", status: "CANCELLED", uid: feed!.uid, sequence: feed!.sequence });
      expect(feed!.status).toBe("cancelled");
    }
    expect(ics(await mailTo(seated!.email, "event-cancelled")).sequence).toBeGreaterThan(confirmationIcs.sequence);

    // Its page says it is cancelled and the public feed keeps it as CANCELLED; the lists drop it.
    expect(await getEvent(getDb(), event.id, now)).toMatchObject({ phase: "cancelled", spotsLabel: "Canceled" });
    expect((await getIcalEvent(getDb(), event.id))?.status).toBe("cancelled");
    expect((await listUpcomingEvents(getDb(), 10_000, now)).map((e) => e.id)).not.toContain(event.id);
    expect((await listEvents(getDb(), {}, now)).map((e) => e.id)).not.toContain(event.id);

    expect((await refusal(registerForEvent(testDb(), { eventId: event.id, userId: late!.id }, now))).message).toBe(EVENT_CANCELLED);
    expect((await refusal(cancelEvent(testDb(), desk, event.id, now))).message).toBe(EVENT_CANCELLED);
    expect((await refusal(updateEvent(testDb(), desk, event.id, form(), now))).message).toBe(EVENT_CANCELLED);
  });
});

describe("rescheduling an event", () => {
  it("emails every attendee and waitlisted person what changed, with a REQUEST file under their confirmation's UID and a higher SEQUENCE", async () => {
    const event = await createEvent({ startsAt, capacity: 1, title: "Moved Clinic", location: "Zilker Park, Austin, TX" });
    const [seated, waiting] = await createMembers(2);
    await registerForEvent(testDb(), { eventId: event.id, userId: seated!.id }, now);
    await registerForEvent(testDb(), { eventId: event.id, userId: waiting!.id }, now);
    const confirmationOf = async (email: string, kind: string) => {
      const [mail] = await mailTo(email, kind);
      return mail?.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    };
    const confirmation = vevent((await confirmationOf(seated!.email, "event-registration"))!.content);

    // 20 March → 21 March, 10:00 to 13:00 Central (UTC−5), and another place.
    const result = await updateEvent(testDb(), desk, event.id, form({ title: "Moved Clinic", date: "2027-03-21", startTime: "10:00", endTime: "13:00", location: "Liberty Range, Bulverde, TX", capacity: "1" }), now);
    expect(result).toEqual({ changed: true, offered: 0, notified: 2 });

    const [mail] = await mailTo(seated!.email, "event-updated");
    expect(mail!.subject).toBe("Changed: Moved Clinic");
    expect(mail!.textBody).toContain("When: now March 21, 2027, 10:00 AM - 1:00 PM CDT (was March 20, 2027, 9:00 AM - 1:00 PM CDT)");
    expect(mail!.textBody).toContain("Where: now Liberty Range, Bulverde, TX (was Zilker Park, Austin, TX)");
    const attachment = await confirmationOf(seated!.email, "event-updated");
    expect(attachment!.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    const calendar = new ICAL.Component(ICAL.parse(attachment!.content));
    const entry = calendar.getFirstSubcomponent("vevent")!;
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(entry.getFirstPropertyValue("uid")).toBe(confirmation.uid);
    expect(Number(entry.getFirstPropertyValue("sequence"))).toBeGreaterThan(confirmation.sequence);
    const start = entry.getFirstProperty("dtstart")!;
    expect(start.getParameter("tzid")).toBe("America/Chicago");
    expect(String(start.getFirstValue())).toBe("2027-03-21T10:00:00");
    expect(String(entry.getFirstPropertyValue("attendee")).toLowerCase()).toBe(`mailto:${seated!.email}`);
    // The feed carries the same entry at the same SEQUENCE.
    const [feed] = await listMemberFeedEvents(testDb(), seated!.id, host());
    expect(feed).toMatchObject({ uid: confirmation.uid, sequence: Number(entry.getFirstPropertyValue("sequence")) });

    const waitlisted = await mailTo(waiting!.email, "event-updated");
    expect(waitlisted).toHaveLength(1);
    expect(waitlisted[0]!.subject).toBe("Changed: Moved Clinic");
    expect(waitlisted[0]!.textBody).toContain("Moved Clinic has changed (you are on its waitlist):");
  });

  it("a change that moves neither the time nor the place emails nobody", async () => {
    const event = await createEvent({ startsAt, capacity: 5, location: "Zilker Park, Austin, TX" });
    const [seated] = await createMembers(1);
    await registerForEvent(testDb(), { eventId: event.id, userId: seated!.id }, now);
    expect(await updateEvent(testDb(), desk, event.id, form({ title: "Renamed Clinic", capacity: "6", endTime: "13:00" }), now)).toEqual({ changed: true, offered: 0, notified: 0 });
    expect(await mailTo(seated!.email, "event-updated")).toHaveLength(0);
  });
});

describe("a canceled event's people", () => {
  it("stay on the desk and in the CSV, marked canceled, with the profile's phone; the reason goes into the email", async () => {
    const event = await createEvent({ startsAt, capacity: 1, title: "Flooded Range Day" });
    const [seated, waiting] = await createMembers(2);
    await testDb().insert(memberProfiles).values({ userId: seated!.id, phone: "(210) 555-0142" });
    await registerForEvent(testDb(), { eventId: event.id, userId: seated!.id }, now);
    await registerForEvent(testDb(), { eventId: event.id, userId: waiting!.id }, now);
    await cancelEvent(testDb(), desk, event.id, now, "The range flooded overnight.");

    const desked = await getDeskEvent(testDb(), event.id, now);
    expect(desked!.attendees).toMatchObject([{ email: seated!.email, phone: "(210) 555-0142", cancelled: true }]);
    expect(desked!.waiting).toMatchObject([{ email: waiting!.email, phone: "", status: "cancelled" }]);
    expect(desked).toMatchObject({ confirmed: 0, waitlisted: 0 });
    const csv = attendeesCsv(desked!).trimEnd().split("\r\n");
    expect(csv[0]).toBe("Name,Email,Phone,Status,Waitlist place,Registered (Central Time),Checked in (Central Time)");
    expect(csv[1]).toBe(`${seated!.email},${seated!.email},(210) 555-0142,Canceled with the event,,${formatSpreadsheetDateTime(now)},`);
    expect(csv[2]).toBe(`${waiting!.email},${waiting!.email},,Canceled with the event (was waiting),,,`);

    const [mail] = await mailTo(seated!.email, "event-cancelled");
    expect(mail!.textBody).toContain("Why: The range flooded overnight.");
    const [entry] = await testDb().select().from(auditLog).where(and(eq(auditLog.action, "event.cancel"), eq(auditLog.recordId, String(event.id))));
    expect(entry!.after).toMatchObject({ reason: "The range flooded overnight.", notified: 2 });
  });

  it("a cancellation without a reason says none", async () => {
    const event = await createEvent({ startsAt });
    const [seated] = await createMembers(1);
    await registerForEvent(testDb(), { eventId: event.id, userId: seated!.id }, now);
    await cancelEvent(testDb(), desk, event.id, now);
    const [mail] = await mailTo(seated!.email, "event-cancelled");
    expect(mail!.textBody).not.toContain("Why:");
  });
});

function ics(mails: { attachments: { content: string }[] }[]) {
  return vevent(mails[0]!.attachments[0]!.content);
}

describe("emailing attendees", () => {
  it("sends one message per confirmed attendee (not the waitlist) and records it", async () => {
    const event = await createEvent({ startsAt, capacity: 2 });
    const members = await createMembers(3);
    for (const m of members) await registerForEvent(testDb(), { eventId: event.id, userId: m.id }, now);
    expect(await emailAttendees(testDb(), desk, event.id, { subject: "Parking", message: "Park behind the hall.\n\n<b>See you</b>" })).toEqual({ sent: 2 });
    const sent = await Promise.all(members.map(async (m) => (await mailTo(m.email, "event-attendee-message"))[0]));
    expect(sent.map((m) => m?.subject)).toEqual(["Parking", "Parking", undefined]);
    expect(sent[0]!.htmlBody).toContain("&lt;b&gt;See you&lt;/b&gt;");
    const [entry] = await testDb().select().from(auditLog).where(and(eq(auditLog.action, "event.email-attendees"), eq(auditLog.recordId, String(event.id))));
    expect(entry!.after).toEqual({ subject: "Parking", recipients: 2 });
  });

  it("refuses when nobody is registered", async () => {
    const event = await createEvent({ startsAt });
    expect((await refusal(emailAttendees(testDb(), desk, event.id, { subject: "Hi", message: "Hello" }))).message).toBe(NOBODY_REGISTERED);
  });
});

describe("check-in", () => {
  it("checks a confirmed attendee in once, undoes it, and refuses the waitlist and other events' registrations", async () => {
    const event = await createEvent({ startsAt, capacity: 1 });
    const other = await createEvent({ startsAt });
    const [seated, waiting] = await createMembers(2);
    await registerForEvent(testDb(), { eventId: event.id, userId: seated!.id }, now);
    await registerForEvent(testDb(), { eventId: event.id, userId: waiting!.id }, now);
    const rows = await registrationsOf(event.id);
    const seat = rows.find((r) => r.userId === seated!.id)!;
    const queue = rows.find((r) => r.userId === waiting!.id)!;

    expect(await checkIn(testDb(), desk, { eventId: event.id, registrationId: seat.id }, now)).toEqual({ name: seated!.email, changed: true });
    expect(await checkIn(testDb(), desk, { eventId: event.id, registrationId: seat.id }, now)).toEqual({ name: seated!.email, changed: false });
    const [checked] = await testDb().select().from(eventRegistrations).where(eq(eventRegistrations.id, seat.id));
    expect(checked!.checkedInAt).toEqual(now);

    // A minute later (an undo is kept with its time, check-in-sync.service.ts).
    const later = new Date(now.getTime() + 60_000);
    expect(await undoCheckIn(testDb(), desk, { eventId: event.id, registrationId: seat.id }, later)).toEqual({ name: seated!.email, changed: true });
    expect(await undoCheckIn(testDb(), desk, { eventId: event.id, registrationId: seat.id }, later)).toEqual({ name: seated!.email, changed: false });
    const audit = await testDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.recordId, String(event.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["registration.check-in", "registration.undo-check-in"]);

    expect((await refusal(checkIn(testDb(), desk, { eventId: event.id, registrationId: queue.id }, now))).message).toBe(`${waiting!.email} has no seat at this event (on the waitlist).`);
    expect((await refusal(checkIn(testDb(), desk, { eventId: other.id, registrationId: seat.id }, now))).message).toBe(NO_SUCH_REGISTRATION);
    expect((await refusal(checkIn(testDb(), desk, { eventId: 2_000_000_000, registrationId: seat.id }, now))).message).toBe("This event does not exist.");
  });
});
