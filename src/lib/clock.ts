import { getClockEnv } from "./env";

/**
 * The app's one clock. Business rules (upcoming or past events, seat offers, memberships, rate-limit
 * windows, the sample season) read the current instant here, never from `new Date()` or SQL `now()`,
 * so tests can run the app on any date: CLOCK_START starts this clock at a given instant, and it
 * then runs on in real time (sessions, rate-limit windows and retries need time to pass).
 */
let offsetMs: number | undefined;

export function now(): Date {
  offsetMs ??= startOffset();
  return new Date(Date.now() + offsetMs);
}

function startOffset(): number {
  const { clockStart, clockAnchor } = getClockEnv();
  // Without an anchor the clock starts when first read, in each process (and each server bundle that
  // holds this module): two app servers would disagree by however far apart those first reads were,
  // and a rate-limit window they share would end early on the one that is ahead.
  return clockStart ? clockStart.getTime() - (clockAnchor?.getTime() ?? Date.now()) : 0;
}

/**
 * The system's own clock, for comparing with rows that better-auth stamps itself (sessions and
 * their expiry): it reads the system time, so judging them by `now()` would expire every session
 * whenever CLOCK_START moves the app's clock.
 */
export function systemNow(): Date {
  return new Date();
}

/** Tests only: forget the start instant so the next `now()` reads CLOCK_START again. */
export function resetClockForTests(): void {
  offsetMs = undefined;
}
