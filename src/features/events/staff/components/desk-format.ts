export function seatsLabel(confirmed: number, capacity: number | null): string {
  return capacity === null ? `${confirmed} registered (unlimited)` : `${confirmed} of ${capacity} seats`;
}
