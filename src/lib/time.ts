import { site } from "./site";

/**
 * The association's time zone: staff desks, receipts, membership terms and emails show and count time
 * in it. An event's times are shown in the event's own zone (events.time_zone), which is data.
 */
export const ASSOCIATION_TIME_ZONE: string = site.timeZone;

/**
 * An en-US format with `options`, in any zone: the association's is built with the module, another
 * zone's (an event's) on first use, and each is kept.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  const inZone = (timeZone: string) => {
    let format = byZone.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
      byZone.set(timeZone, format);
    }
    return format;
  };
  inZone(ASSOCIATION_TIME_ZONE);
  return inZone;
}

const wallClock = dateFormat({ hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
const longDate = dateFormat({ month: "long", day: "numeric", year: "numeric" });
const longDateTimeZone = dateFormat({ month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
const shortDate = dateFormat({ month: "short", day: "numeric", year: "numeric" });
const shortDateTime = dateFormat({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
const shortDateTimeZone = dateFormat({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
const monthDayTimeZone = dateFormat({ month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
const fullDateTime = dateFormat({ dateStyle: "full", timeStyle: "short" });
const weekdayMonthDayTime = dateFormat({ weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
const time = dateFormat({ hour: "numeric", minute: "2-digit" });
const zoneName = dateFormat({ timeZoneName: "short" });
const genericZoneName = dateFormat({ timeZoneName: "longGeneric" });

/** "Central Time", "Mountain Time": what a zone's clocks are called, whatever the season; the zone's own name when Intl has none. */
export function formatZoneName(timeZone: string, at: Date): string {
  return genericZoneName(timeZone).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** "CST", "MDT": the zone's abbreviation at that instant. */
export function formatZoneAbbreviation(timeZone: string, at: Date): string {
  return zoneName(timeZone).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** Converts a wall-clock time in an IANA zone to the UTC instant it denotes. */
export function zonedWallTimeToUtc(
  parts: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const asIfUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  // The zone's offsets a day either side cover any DST change; keep the candidates that map back to the
  // wall time. Two means the hour repeats (take the first); none means it falls in the spring-forward
  // gap, which RFC 5545 resolves with the offset from before the gap.
  const before = zoneOffsetMs(new Date(asIfUtc - 86_400_000), timeZone);
  const after = zoneOffsetMs(new Date(asIfUtc + 86_400_000), timeZone);
  const valid = [before, after]
    .map((offset) => asIfUtc - offset)
    .filter((instant) => asIfUtc - zoneOffsetMs(new Date(instant), timeZone) === instant);
  return new Date(valid.length > 0 ? Math.min(...valid) : asIfUtc - before);
}

/** Milliseconds the zone is ahead of UTC at `instant` (negative west of Greenwich). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const fields = Object.fromEntries(wallClock(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(fields.year),
    Number(fields.month) - 1,
    Number(fields.day),
    Number(fields.hour),
    Number(fields.minute),
    Number(fields.second),
  );
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** "2027-06-14T09:00:00-05:00": the wall-clock time in the zone with its offset (ISO 8601, for schema.org and `<time>`). */
export function formatIsoLocal(instant: Date, timeZone: string): string {
  const offsetMinutes = Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0");
  return `${wall}${sign}${hours}:${minutes}`;
}

/** The calendar day `instant` falls on in the zone (the association's unless given). */
export function calendarDay(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): { year: number; month: number; day: number } {
  const fields = Object.fromEntries(wallClock(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(fields.year), month: Number(fields.month), day: Number(fields.day) };
}

/** The instant a calendar day ("2027-06-14") begins in the zone (the association's unless given). */
export function startOfDay(day: string, timeZone = ASSOCIATION_TIME_ZONE): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zonedWallTimeToUtc({ year, month, day: date, hour: 0, minute: 0 }, timeZone);
}

/** The instant the day after a calendar day begins: the (excluded) end of a range that ends with that day. */
export function startOfNextDay(day: string, timeZone = ASSOCIATION_TIME_ZONE): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return startOfDay(next.toISOString().slice(0, 10), timeZone);
}

// The formatters below print in the association's zone, or in the zone given (an event's).

/** "June 14, 2027". */
export function formatLongDate(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return longDate(timeZone).format(instant);
}

/** "June 14, 2027 at 9:00 AM CDT". */
export function formatLongDateTimeZone(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return longDateTimeZone(timeZone).format(instant);
}

/** "Jun 14, 2027". */
export function formatShortDate(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return shortDate(timeZone).format(instant);
}

/** "Jun 14, 2027, 9:00 AM". */
export function formatShortDateTime(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return shortDateTime(timeZone).format(instant);
}

/** "Jun 14, 2027, 9:00 AM CT": the zone named as the site's copy names it, the same in summer and winter. */
export function formatShortDateTimeCT(instant: Date): string {
  return `${formatShortDateTime(instant)} CT`;
}

/** "Jun 14, 2027, 9:00 AM CDT": when something happened, as the staff desks show it. */
export function formatShortDateTimeZone(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return shortDateTimeZone(timeZone).format(instant);
}

/** "Jun 14, 9:00 AM CDT". */
export function formatMonthDayTimeZone(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return monthDayTimeZone(timeZone).format(instant);
}

/** "Monday, June 14, 2027 at 9:00 AM". */
export function formatFullDateTime(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return fullDateTime(timeZone).format(instant);
}

/** "Monday, June 14 at 9:00 AM". */
export function formatWeekdayMonthDayTime(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  return weekdayMonthDayTime(timeZone).format(instant);
}

/** "June 14, 2027" in the event's zone. */
export function formatEventDate(instant: Date, timeZone: string): string {
  return formatLongDate(instant, timeZone);
}

/** "9:00 AM - 1:00 PM CDT" in the event's zone. */
export function formatEventTimeRange(start: Date, end: Date, timeZone: string): string {
  return `${time(timeZone).format(start)} - ${time(timeZone).format(end)} ${formatZoneAbbreviation(timeZone, start)}`;
}

/** "2027-06-14 09:00": a wall-clock time a spreadsheet reads as a date, in the association's zone (CSV exports: Central Time, as every screen). */
export function formatSpreadsheetDateTime(instant: Date, timeZone = ASSOCIATION_TIME_ZONE): string {
  const f = Object.fromEntries(wallClock(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}`;
}

/** A CSV cell's time: `formatSpreadsheetDateTime` in the association's zone, or empty for none. */
export function spreadsheetCell(instant: Date | null | undefined): string {
  return instant ? formatSpreadsheetDateTime(instant) : "";
}
