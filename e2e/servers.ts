/**
 * Every server the HTTP, browser and two-server tests talk to, defined once. `npm test`
 * (scripts/test.ts) builds once and starts this set once for all three stages; a developer's
 * `npx playwright test` starts it through Playwright's webServer (playwright.config.ts), or reuses
 * one left running by `npm run test:servers`.
 *
 * Order matters: the main site builds the app and starts the PostgreSQL server the other sites use.
 */
import { E2E_AUTH_SECRET } from "./auth-secret";
import { E2E_CLOCK_ANCHOR, E2E_CLOCK_START } from "./clock";
import { E2E_DATA_DIR, E2E_DB_PORT } from "./e2e-database";
import { googleStandInUrl, siteWithoutGoogleUrl } from "./google";
import { mailCatcherHttpUrl, mailCatcherSmtpUrl } from "./mail";
import { siteWithStripeUrl, STRIPE_TEST_SECRET_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeStandInUrl } from "./stripe";

/** Override only to run two checkouts side by side on one machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3200);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

/** The two-server site: two app servers on the main site's database behind a round-robin proxy (3200 → 3300). */
export function twoServersUrl(): string {
  return `http://localhost:${E2E_PORT + 100}`;
}

export interface TestServer {
  name: string;
  command: string;
  /** Answers once the server is ready. */
  url: string;
  env: Record<string, string>;
  /** How long it may take to answer, in ms. */
  timeout: number;
}

/**
 * What every site shares: the build, no telemetry, the clock's start and its anchor (e2e/clock.ts), the session secret
 * (e2e/staff-session.ts signs cookies with it), and per-address limits times 50, because every client of
 * the suite connects from 127.0.0.1 and the site believes only the socket's address. Per-account and
 * per-mailbox limits stay as in production.
 */
const siteEnv = (url: string) => ({
  NEXT_DIST_DIR: ".next-e2e",
  SITE_URL: url,
  PORT: new URL(url).port,
  NEXT_TELEMETRY_DISABLED: "1",
  CLOCK_START: E2E_CLOCK_START,
  CLOCK_ANCHOR: E2E_CLOCK_ANCHOR,
  BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
  // npm test's typecheck stage checks the types; the build need not again (next.config.ts).
  NEXT_BUILD_SKIPS_TYPECHECK: "1",
  // Nor does it write Turbopack's build cache (next.config.ts).
  NEXT_BUILD_SKIPS_CACHE: "1",
  AUTH_ADDRESS_LIMIT_FACTOR: "50",
  LOG_LEVEL: "warn",
});

const standInEnv = { E2E_PORT: String(E2E_PORT) };

export const testServers: TestServer[] = [
  {
    name: "google stand-in",
    command: "npx tsx e2e/google-stand-in.ts",
    url: `${googleStandInUrl()}/.well-known/openid-configuration`,
    env: standInEnv,
    timeout: 30_000,
  },
  {
    // Stripe's API, its Checkout page and its signed webhooks, for the site with Stripe below.
    name: "stripe stand-in",
    command: "npx tsx e2e/start-stripe-stand-in.ts",
    url: stripeStandInUrl(),
    env: standInEnv,
    timeout: 30_000,
  },
  {
    // A real SMTP server the site with Stripe delivers its mail to, read by the specs over HTTP (e2e/mail.ts).
    name: "mail catcher",
    command: "npx tsx e2e/start-mail-catcher.ts",
    url: `${mailCatcherHttpUrl()}/health`,
    env: standInEnv,
    timeout: 30_000,
  },
  {
    // The production build on its own port, dist folder and database, so it never touches `npm run dev`'s.
    name: "site",
    command: "npx tsx e2e/reset-database.ts && npx tsx scripts/start.ts",
    url: E2E_BASE_URL,
    env: {
      ...siteEnv(E2E_BASE_URL),
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_DB_PORT: String(E2E_DB_PORT),
      DATABASE_URL: "", // always the embedded e2e database, even if the shell has one set
      GOOGLE_CLIENT_ID: "e2e-site",
      GOOGLE_CLIENT_SECRET: "e2e-site-secret",
      GOOGLE_DISCOVERY_URL: `${googleStandInUrl()}/.well-known/openid-configuration`,
    },
    timeout: 300_000, // a fresh `next build` takes about a minute here, longer on a busy machine
  },
  {
    name: "site without Google",
    command: "npx tsx e2e/start-site-without-google.ts",
    url: siteWithoutGoogleUrl(),
    env: siteEnv(siteWithoutGoogleUrl()),
    timeout: 60_000,
  },
  {
    // The card-payment journeys: same build, Stripe keys pointing at the stand-in. It also delivers its
    // mail over SMTP to the mail catcher (the newsletter journeys).
    name: "site with Stripe",
    command: "npx tsx e2e/start-site-with-stripe.ts",
    url: siteWithStripeUrl(),
    env: {
      ...siteEnv(siteWithStripeUrl()),
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeStandInUrl(),
      STRIPE_CHECKOUT_ORIGIN: stripeStandInUrl(),
      SMTP_URL: mailCatcherSmtpUrl(),
      // Membership renewal reminders within seconds (e2e/membership-renewals.spec.ts), not every 10 minutes.
      MEMBERSHIP_REMINDER_INTERVAL_SECONDS: "3",
    },
    timeout: 60_000,
  },
  {
    // The journeys tagged @two-servers again, with consecutive requests landing on different processes.
    name: "two-server site",
    command: "npx tsx e2e/start-two-servers.ts",
    url: twoServersUrl(),
    env: {
      ...siteEnv(twoServersUrl()),
      GOOGLE_CLIENT_ID: "e2e-site",
      GOOGLE_CLIENT_SECRET: "e2e-site-secret",
      GOOGLE_DISCOVERY_URL: `${googleStandInUrl()}/.well-known/openid-configuration`,
    },
    timeout: 60_000,
  },
];
