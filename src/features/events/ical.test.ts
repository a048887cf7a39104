/**
 * buildCalendar's output read back by an independent iCalendar parser (ical.js, Mozilla's), the way a
 * calendar client reads it: times are resolved through the file's own VTIMEZONE, not through ours.
 */
import { getDb } from "@/db/client";
import { asc } from "drizzle-orm";
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { events } from "@/db/schema/events";
import { testDb } from "../../../test/db";
import { listIcalEvents } from "./events.queries";
import { buildCalendar, eventUid, type IcalEvent } from "./ical";

const HOST = "vanguard.test";

interface ParsedEvent {
  uid: string;
  sequence: unknown;
  dtstartTzid: unknown;
  dtendTzid: unknown;
  start: Date;
  end: Date;
  stampIsUtc: boolean;
  stamp: Date;
  summary: unknown;
}

/** Parses like a client: registers the file's VTIMEZONEs, then reads each VEVENT's instants. */
function parse(ics: string): { calendar: ICAL.Component; timezones: ICAL.Component[]; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const timezones = calendar.getAllSubcomponents("vtimezone");
  for (const vtimezone of timezones) ICAL.TimezoneService.register(vtimezone);
  const parsed = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const dtstart = vevent.getFirstProperty("dtstart")!;
    const dtend = vevent.getFirstProperty("dtend")!;
    const stamp = vevent.getFirstPropertyValue("dtstamp") as ICAL.Time;
    return {
      uid: String(vevent.getFirstPropertyValue("uid")),
      sequence: vevent.getFirstPropertyValue("sequence"),
      dtstartTzid: dtstart.getParameter("tzid"),
      dtendTzid: dtend.getParameter("tzid"),
      start: (dtstart.getFirstValue() as ICAL.Time).toJSDate(),
      end: (dtend.getFirstValue() as ICAL.Time).toJSDate(),
      stampIsUtc: stamp.zone === ICAL.Timezone.utcTimezone,
      stamp: stamp.toJSDate(),
      summary: vevent.getFirstPropertyValue("summary"),
    };
  });
  return { calendar, timezones, events: parsed };
}

function sample(overrides: Partial<IcalEvent> = {}): IcalEvent {
  return {
    id: 41,
    title: "Winter Range Day",
    description: "Cold-weather marksmanship.",
    location: "Liberty Range, Bulverde, TX",
    instructor: "David Okafor",
    startsAt: new Date("2027-12-04T15:00:00Z"), // 09:00 CST
    endsAt: new Date("2027-12-04T19:30:00Z"), // 13:30 CST
    timeZone: "America/Chicago",
    sequence: 3,
    updatedAt: new Date("2027-11-20T08:15:30Z"),
    url: `https://${HOST}/calendar/41`,
    ...overrides,
  };
}

afterEach(() => ICAL.TimezoneService.reset());

describe("buildCalendar with the seeded events", () => {
  it("gives every event TZID=America/Chicago times that resolve, through the file's VTIMEZONE, to the stored instants", async () => {
    const rows = await testDb().select().from(events).orderBy(asc(events.startsAt));
    const ics = buildCalendar("Events", await listIcalEvents(getDb()), HOST);
    const parsed = parse(ics);

    expect(parsed.timezones.map((tz) => tz.getFirstPropertyValue("tzid"))).toEqual(["America/Chicago"]);
    expect(parsed.events).toHaveLength(rows.length);
    for (const [i, row] of rows.entries()) {
      const event = parsed.events[i]!;
      expect(event.summary).toBe(row.title);
      expect(event.dtstartTzid).toBe("America/Chicago");
      expect(event.dtendTzid).toBe("America/Chicago");
      expect(event.start.toISOString()).toBe(row.startsAt.toISOString());
      expect(event.end.toISOString()).toBe(row.endsAt.toISOString());
      expect(event.uid).toBe(`event-${row.id}@${HOST}`);
      expect(event.sequence).toBe(row.sequence);
    }
  });

  it("is a valid VCALENDAR with CRLF line endings and folded lines of at most 75 octets", async () => {
    const ics = buildCalendar("Events", await listIcalEvents(getDb()), HOST);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    const lines = ics.split("\r\n");
    expect(lines.every((line) => !line.includes("\n"))).toBe(true);
    expect(lines.every((line) => Buffer.byteLength(line, "utf8") <= 75)).toBe(true);
    expect(lines).toContain("VERSION:2.0");
    expect(lines.some((line) => line.startsWith("PRODID:"))).toBe(true);
  });
});

describe("buildCalendar", () => {
  it("resolves a winter (CST) event through the VTIMEZONE too", () => {
    const [event] = parse(buildCalendar("One", [sample()], HOST)).events;
    expect(event!.start.toISOString()).toBe("2027-12-04T15:00:00.000Z");
    expect(event!.end.toISOString()).toBe("2027-12-04T19:30:00.000Z");
  });

  it("writes the local wall time with its TZID, not UTC or floating time", () => {
    const lines = buildCalendar("One", [sample()], HOST).split("\r\n");
    expect(lines).toContain("DTSTART;TZID=America/Chicago:20271204T090000");
    expect(lines).toContain("DTEND;TZID=America/Chicago:20271204T133000");
  });

  it("writes DTSTAMP in UTC (RFC 5545 §3.8.7.2), from the event's last update", () => {
    const ics = buildCalendar("One", [sample()], HOST);
    expect(ics.split("\r\n").filter((line) => line.startsWith("DTSTAMP"))).toEqual(["DTSTAMP:20271120T081530Z"]);
    const [event] = parse(ics).events;
    expect(event!.stampIsUtc).toBe(true);
    expect(event!.stamp.toISOString()).toBe("2027-11-20T08:15:30.000Z");
  });

  it("keeps the UID stable when the event changes, and bumps only SEQUENCE", () => {
    const before = parse(buildCalendar("One", [sample()], HOST)).events[0]!;
    const moved = sample({
      title: "Winter Range Day (moved)",
      startsAt: new Date("2027-12-05T15:00:00Z"),
      endsAt: new Date("2027-12-05T19:30:00Z"),
      sequence: 4,
    });
    const after = parse(buildCalendar("One", [moved], HOST)).events[0]!;
    expect(before.uid).toBe(eventUid(41, HOST));
    expect(after.uid).toBe(before.uid);
    expect([before.sequence, after.sequence]).toEqual([3, 4]);
    expect(after.start.toISOString()).toBe("2027-12-05T15:00:00.000Z");
  });

  it("gives different events different UIDs", () => {
    const parsed = parse(buildCalendar("Two", [sample(), sample({ id: 42 })], HOST)).events;
    expect(parsed.map((e) => e.uid)).toEqual([`event-41@${HOST}`, `event-42@${HOST}`]);
  });

  it("adds one VTIMEZONE per zone when events span zones", () => {
    const ics = buildCalendar("Mixed", [sample(), sample({ id: 43, timeZone: "America/Denver" })], HOST);
    const parsed = parse(ics);
    expect(parsed.timezones.map((tz) => tz.getFirstPropertyValue("tzid")).sort()).toEqual(["America/Chicago", "America/Denver"]);
    expect(parsed.events[1]!.dtstartTzid).toBe("America/Denver");
    expect(parsed.events[1]!.start.toISOString()).toBe("2027-12-04T15:00:00.000Z");
  });

  it("marks a canceled event CANCELLED", () => {
    const vevent = new ICAL.Component(ICAL.parse(buildCalendar("One", [sample({ status: "cancelled" })], HOST))).getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});

describe("buildCalendar with hostile text (a staff typo or a pasted title must not add or break events)", () => {
  const injection = "\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:injected@evil.example\r\nSUMMARY:Free ammo";
  /** What a calendar client should read back: line breaks kept (as LF), every other control character gone. */
  const expected = (text: string) => text.replace(/\r\n/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/g, "");

  const hostile = sample({
    title: `Range Day${injection}; bring water, and\\or snacks\u0000\u2028\u2029\r!`,
    location: `Liberty Range${injection}\u0001`,
    description: `Cold-weather marksmanship.${injection}\u0000\u2028`,
    instructor: `David Okafor\rX-EVIL:1`,
  });

  it("writes exactly one VEVENT, one VCALENDAR and no injected properties", () => {
    const ics = buildCalendar(`${hostile.title} | Vanguard`, [hostile, sample({ id: 42 })], HOST);
    const lines = ics.split("\r\n");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines.filter((line) => line === "END:VEVENT")).toHaveLength(2);
    expect(lines.filter((line) => line === "BEGIN:VCALENDAR")).toHaveLength(1);
    expect(lines.filter((line) => line === "END:VCALENDAR")).toHaveLength(1);
    expect(lines.some((line) => /^(UID:injected|SUMMARY:Free|X-EVIL)/.test(line))).toBe(false);
    expect(ics).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029]/);
    expect(lines.every((line) => !line.includes("\r") && !line.includes("\n"))).toBe(true);

    const parsed = parse(ics);
    expect(parsed.events.map((e) => e.uid)).toEqual([`event-41@${HOST}`, `event-42@${HOST}`]);
  });

  it("round-trips the title, location, description and instructor, minus control characters", () => {
    const vevent = parse(buildCalendar("One", [hostile], HOST)).calendar.getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("summary")).toBe(expected(hostile.title));
    expect(vevent.getFirstPropertyValue("location")).toBe(expected(hostile.location));
    expect(vevent.getFirstPropertyValue("description")).toBe(
      expected(`${hostile.description}\n\nInstructor: ${hostile.instructor}\n${hostile.url}`),
    );
  });

  it("escapes the calendar name (NAME and X-WR-CALNAME), which ical-generator writes as given", () => {
    const name = `${hostile.title} | Vanguard`;
    const { calendar, events: parsed } = parse(buildCalendar(name, [sample()], HOST));
    expect(parsed).toHaveLength(1);
    // ical.js leaves properties it has no type for as written; calendar apps read both as TEXT.
    const asText = (property: string) => ICAL.design.icalendar.value.text!.fromICAL(String(calendar.getFirstPropertyValue(property)));
    expect(asText("name")).toBe(expected(name));
    expect(asText("x-wr-calname")).toBe(expected(name));
  });
});
