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
  const fields = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
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

/** "June 14, 2027" in the event's zone. */
export function formatEventDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, month: "long", day: "numeric", year: "numeric" }).format(instant);
}

/** "9:00 AM - 1:00 PM CDT" in the event's zone. */
export function formatEventTimeRange(start: Date, end: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  const zoneName = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(start)
    .find((p) => p.type === "timeZoneName")?.value;
  return `${time.format(start)} - ${time.format(end)}${zoneName ? ` ${zoneName}` : ""}`;
}
