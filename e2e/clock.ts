/**
 * The instant the e2e site's clock starts at (CLOCK_START, set in playwright.config.ts). It lies
 * inside the sample season (June 14 – July 26), the weeks a suite reading the real clock used to
 * fail, so every run proves the suite passes then. The site's clock runs on in real time from here.
 */
export const E2E_CLOCK_START = "2027-06-20T15:00:00Z";

/** The season the seed schedules at E2E_CLOCK_START: its first event (June 14) has started, so next year's. */
export const E2E_SEASON_YEAR = 2028;

/**
 * When, by the system's time, the test sites' clocks showed E2E_CLOCK_START (CLOCK_ANCHOR): the moment
 * the process that starts the servers loaded this file. Every app server gets the same one, so the
 * main site and both servers of the two-server site keep one clock, as production servers share the
 * system's; each reading CLOCK_START on its own would start it when it first read it.
 */
export const E2E_CLOCK_ANCHOR = new Date().toISOString();
