/**
 * An instant a span away from the system's now (default: now itself), for the rows and arguments that
 * sit beside what the system clock stamps — sessions, the email outbox, Stripe's `created` — where only
 * the distance matters, never the date. test/clock-guard.ts lets these reads through; a test whose
 * outcome follows the calendar (a season, a year, a day in Chicago) reads the business clock and carries
 * the second-clock tag instead.
 */
export function fromNow(spanMs = 0): Date {
  return new Date(Date.now() + spanMs);
}
