const dateTime = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

/** "Sep 12, 9:05 AM CDT": when someone registered or was checked in, in the association's zone. */
export function formatDeskWhen(at: Date): string {
  return dateTime.format(at);
}

export function seatsLabel(confirmed: number, capacity: number | null): string {
  return capacity === null ? `${confirmed} registered (unlimited)` : `${confirmed} of ${capacity} seats`;
}
