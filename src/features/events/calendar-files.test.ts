// @module-tag second-clock: events and registrations dated from today.
/**
 * Every calendar file the site serves, fetched from its route handler and read back with an
 * independent parser (ical.js): times resolve through the file's own VTIMEZONE to the instants in the
 * database, UIDs are stable, and a member's cancellation stays in their feed as CANCELLED with a
 * higher SEQUENCE.
 */
import { asc, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { GET as allEventsFeed } from "@/app/calendar.ics/route";
import { GET as eventFile } from "@/app/(site)/calendar/[id]/event.ics/route";
import { GET as categoryFeed } from "@/app/(site)/calendar/feeds/[file]/route";
import { GET as memberFeed } from "@/app/(site)/calendar/feeds/member/[file]/route";
import { events } from "@/db/schema/events";
import { siteUrl } from "@/lib/env";
import { testDb } from "../../../test/db";
import { eventCategories } from "./events.schema";
import { findMemberFeedOwner, getMemberFeedToken, regenerateMemberFeedToken, revokeMemberFeedToken } from "./member-feed.service";
import { cancelRegistration, registerForEvent } from "./registration.service";
import { createEvent, createMembers } from "../../../test/events";

delete process.env.SMTP_URL;
const host = new URL(siteUrl()).host;

interface Parsed {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  tzid: unknown;
  start: string;
  end: string;
}

function parse(ics: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const zones = calendar.getAllSubcomponents("vtimezone");
  expect(zones.map((z) => z.getFirstPropertyValue("tzid"))).toEqual(["America/Chicago"]);
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const dtstart = vevent.getFirstProperty("dtstart")!;
    expect(vevent.getFirstProperty("dtend")!.getParameter("tzid")).toBe("America/Chicago");
    return {
      uid: String(vevent.getFirstPropertyValue("uid")),
      sequence: Number(vevent.getFirstPropertyValue("sequence")),
      status: String(vevent.getFirstPropertyValue("status")),
      summary: String(vevent.getFirstPropertyValue("summary")),
      tzid: dtstart.getParameter("tzid"),
      start: (dtstart.getFirstValue() as ICAL.Time).toJSDate().toISOString(),
      end: (vevent.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
    };
  });
}

async function body(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  return response.text();
}

const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });
const request = new Request("http://localhost/");

async function expectMatchesDatabase(parsed: Parsed[], ids: number[]) {
  const rows = await testDb().select().from(events).orderBy(asc(events.startsAt), asc(events.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(parsed).toHaveLength(ids.length);
  parsed.forEach((event, i) => {
    const row = byId.get(ids[i]!)!;
    expect(event.tzid).toBe("America/Chicago");
    expect(event.start).toBe(row.startsAt.toISOString());
    expect(event.end).toBe(row.endsAt.toISOString());
    expect(event.summary).toBe(row.title);
  });
}

afterEach(() => {
  ICAL.TimezoneService.reset();
});

describe("public calendar files", () => {
  it("/calendar.ics holds every event at its stored times, with stable UIDs and SEQUENCE", async () => {
    const rows = await testDb().select().from(events).orderBy(asc(events.startsAt), asc(events.id));
    const parsed = parse(await body(await allEventsFeed()));
    await expectMatchesDatabase(parsed, rows.map((r) => r.id));
    expect(parsed.map((p) => p.uid)).toEqual(rows.map((r) => `event-${r.id}@${host}`));
    expect(parsed.map((p) => p.sequence)).toEqual(rows.map((r) => r.sequence));
  });

  it("each event's own .ics", async () => {
    const rows = await testDb().select().from(events);
    for (const row of rows) {
      const parsed = parse(await body(await eventFile(request, params({ id: String(row.id) }))));
      await expectMatchesDatabase(parsed, [row.id]);
      expect(parsed[0]!.uid).toBe(`event-${row.id}@${host}`);
    }
  });

  it("one feed per category, holding exactly that category's events", async () => {
    for (const category of eventCategories) {
      const rows = await testDb().select().from(events).where(eq(events.category, category)).orderBy(asc(events.startsAt), asc(events.id));
      const parsed = parse(await body(await categoryFeed(request, params({ file: `${category}.ics` }))));
      await expectMatchesDatabase(parsed, rows.map((r) => r.id));
    }
  });

  it("unknown category feeds are a 404", async () => {
    for (const file of ["parties.ics", "fitness", "fitness.ics.ics", ""]) {
      expect((await categoryFeed(request, params({ file }))).status).toBe(404);
    }
  });

  it("SEQUENCE follows the event's when it changes", async () => {
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 10 * 86_400_000);
    const row = await createEvent({ startsAt: start, title: "Sequence Clinic" });
    expect(parse(await body(await eventFile(request, params({ id: String(row.id) }))))[0]!.sequence).toBe(0);
    await testDb().update(events).set({ sequence: 1 }).where(eq(events.id, row.id));
    const [parsed] = parse(await body(await eventFile(request, params({ id: String(row.id) }))));
    expect(parsed!.sequence).toBe(1);
  });
});

describe("a member's private feed", () => {
  it("lists their registrations; a cancellation stays as CANCELLED with a higher SEQUENCE", async () => {
    const now = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000); // calendar files carry whole seconds
    const first = await createEvent({ startsAt: new Date(now.getTime() + 10 * 86_400_000), capacity: 1, title: "Feed Clinic" });
    const second = await createEvent({ startsAt: new Date(now.getTime() + 11 * 86_400_000), capacity: 1, title: "Full Clinic" });
    const [me, other] = await createMembers(2);
    await registerForEvent(testDb(), { eventId: second.id, userId: other!.id });
    await registerForEvent(testDb(), { eventId: first.id, userId: me!.id });
    await registerForEvent(testDb(), { eventId: second.id, userId: me!.id }); // waitlisted
    const token = await regenerateMemberFeedToken(testDb(), me!.id);
    const file = { file: `${token}.ics` };

    const before = parse(await body(await memberFeed(request, params(file))));
    await expectMatchesDatabase(before.map((p) => ({ ...p, summary: p.summary.replace(/^Waitlist: /, "") })), [first.id, second.id]);
    expect(before.map((p) => [p.uid, p.status])).toEqual([
      [`registration-${first.id}-${me!.id}@${host}`, "CONFIRMED"],
      [`registration-${second.id}-${me!.id}@${host}`, "TENTATIVE"],
    ]);
    expect(before[1]!.summary).toBe("Waitlist: Full Clinic");

    await cancelRegistration(testDb(), { eventId: first.id, userId: me!.id });
    const after = parse(await body(await memberFeed(request, params(file))));
    expect(after[0]).toMatchObject({ uid: before[0]!.uid, status: "CANCELLED", start: before[0]!.start });
    expect(after[0]!.sequence).toBe(before[0]!.sequence + 1);

    // Registering again brings it back under the same UID, with SEQUENCE higher still.
    await registerForEvent(testDb(), { eventId: first.id, userId: me!.id });
    const again = parse(await body(await memberFeed(request, params(file))));
    expect(again[0]).toMatchObject({ uid: before[0]!.uid, status: "CONFIRMED" });
    expect(again[0]!.sequence).toBe(after[0]!.sequence + 1);
  });

  it("a new address replaces the old one, and a revoked address stops working", async () => {
    const [me] = await createMembers(1);
    expect(await getMemberFeedToken(testDb(), me!.id)).toBeNull();
    const old = await regenerateMemberFeedToken(testDb(), me!.id);
    expect(old).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const fresh = await regenerateMemberFeedToken(testDb(), me!.id);
    expect(fresh).not.toBe(old);
    expect((await memberFeed(request, params({ file: `${old}.ics` }))).status).toBe(404);
    expect((await memberFeed(request, params({ file: `${fresh}.ics` }))).status).toBe(200);
    await revokeMemberFeedToken(testDb(), me!.id);
    expect((await memberFeed(request, params({ file: `${fresh}.ics` }))).status).toBe(404);
    expect(await findMemberFeedOwner(testDb(), "x' or 1=1 --")).toBeUndefined();
  });
});
