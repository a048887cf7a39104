import { defineConfig, devices } from "@playwright/test";
import { E2E_AUTH_SECRET } from "./e2e/auth-secret";
import { E2E_CLOCK_START } from "./e2e/clock";
import { E2E_DATA_DIR, E2E_DB_PORT } from "./e2e/e2e-database";
import { googleStandInUrl, siteWithoutGoogleUrl } from "./e2e/google";
import { mailCatcherHttpUrl, mailCatcherSmtpUrl } from "./e2e/mail";
import { siteWithStripeUrl, STRIPE_TEST_SECRET_KEY, STRIPE_TEST_WEBHOOK_SECRET, stripeStandInUrl } from "./e2e/stripe";
import { chromiumFlags, chromiumPath } from "./scripts/lib/chromium";

// Override only to run two checkouts side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3200);
const BASE_URL = `http://localhost:${PORT}`;
const CI = Boolean(process.env.CI);
const TWO_SERVERS = process.env.E2E_TWO_SERVERS === "1";

/** Debian's Chromium; without these flags it tries to reach outside hosts this machine cannot reach. */
const chromium = { executablePath: chromiumPath, args: chromiumFlags };

/**
 * What every e2e site shares: the build, the public origin, no telemetry, the clock's start
 * (e2e/clock.ts), the session secret (e2e/staff-session.ts signs cookies with it), and per-address limits times 50, because every browser of the suite connects from
 * 127.0.0.1 and the site believes only the socket's address. Per-account and per-mailbox limits stay
 * as in production.
 */
const siteEnv = {
  NEXT_DIST_DIR: ".next-e2e",
  SITE_URL: BASE_URL,
  NEXT_TELEMETRY_DISABLED: "1",
  CLOCK_START: E2E_CLOCK_START,
  BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
  AUTH_ADDRESS_LIMIT_FACTOR: "50",
  LOG_LEVEL: "warn",
};
const siteServer = {
  reuseExistingServer: !CI,
  // start.ts stops Next, then PostgreSQL (its own process group, which a SIGKILL would orphan).
  gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
  stdout: "pipe" as const,
  stderr: "pipe" as const,
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
// Pixel 7: Android Chrome user agent, touch, mobile viewport meta honoured.
const phone = { ...devices["Pixel 7"], viewport: { width: 412, height: 915 } };

/** Specs that edit what the public pages show (the staff content pages), for a few seconds per test. */
const CHANGES_PUBLIC_CONTENT = ["**/staff-content.spec.ts"];

/**
 * What the phone runs: keyboard use and an axe scan of every public page and of the signed-in ones
 * (keyboard.spec.ts), the pages whose controls change on a small touch screen (menu, shop filters,
 * cart stepper, donate form, profile tabs), and what volunteers do on one (the door list, the staff
 * dashboard). Journeys whose difference is on the server (sign-in, checkout, payments, e-mail,
 * renewals, staff editing) run once, on desktop: the whole suite in both viewports took over 80
 * minutes on the 2-core CI machine (ADR 0005).
 */
const PHONE_SPECS = ["home", "layout", "keyboard", "smoke", "shop", "cart", "donate", "profile", "staff", "check-in"].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Only Playwright's own artefacts: it empties this folder at the start of every run.
  outputDir: TWO_SERVERS ? "test-results/playwright-two-servers" : "test-results/playwright",
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: CI ? 2 : undefined,
  // Journeys of twenty steps and several axe scans take 15–35 s on a busy 2-core machine: a test's budget
  // is not a speed check (those are benchmarks), each expectation keeps its own 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: TWO_SERVERS ? "test-results/playwright-two-servers.json" : "test-results/playwright.json" }]],
  use: {
    baseURL: BASE_URL,
    launchOptions: chromium,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "desktop", use: desktop, testIgnore: CHANGES_PUBLIC_CONTENT },
    { name: "phone", use: phone, testMatch: PHONE_SPECS },
    // After every other spec, which count the sample FAQs, leaders, courses and contact details exactly.
    { name: "desktop-content", use: desktop, testMatch: CHANGES_PUBLIC_CONTENT, dependencies: ["desktop", "phone"] },
  ],
  webServer: [
    {
      command: "npx tsx e2e/google-stand-in.ts",
      url: `${googleStandInUrl()}/.well-known/openid-configuration`,
      env: { E2E_PORT: String(PORT) },
      reuseExistingServer: !CI,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The production build on its own port, dist folder and database, so it never touches `npm run dev`'s.
      // E2E_TWO_SERVERS=1 (npm run test:two-servers): two app servers behind a round-robin proxy.
      command: `npx tsx e2e/reset-database.ts && npx tsx ${TWO_SERVERS ? "e2e/start-two-servers.ts" : "scripts/start.ts"}`,
      url: BASE_URL,
      env: {
        ...siteEnv,
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        EMBEDDED_DB_PORT: String(E2E_DB_PORT),
        DATABASE_URL: "", // always the embedded e2e database, even if the shell has one set
        GOOGLE_CLIENT_ID: "e2e-site",
        GOOGLE_CLIENT_SECRET: "e2e-site-secret",
        GOOGLE_DISCOVERY_URL: `${googleStandInUrl()}/.well-known/openid-configuration`,
      },
      timeout: 300_000, // a fresh `next build` takes about a minute here, longer on a busy machine
      ...siteServer,
    },
    {
      command: "npx tsx e2e/start-site-without-google.ts",
      url: siteWithoutGoogleUrl(),
      env: {
        ...siteEnv,
        PORT: new URL(siteWithoutGoogleUrl()).port,
        SITE_URL: siteWithoutGoogleUrl(),
      },
      timeout: 60_000,
      ...siteServer,
    },
    {
      // Stripe's API, its Checkout page and its signed webhooks, for the site with Stripe below.
      command: "npx tsx e2e/start-stripe-stand-in.ts",
      url: stripeStandInUrl(),
      env: { E2E_PORT: String(PORT) },
      reuseExistingServer: !CI,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // A real SMTP server the site with Stripe delivers its mail to, read by the specs over HTTP (e2e/mail.ts).
      command: "npx tsx e2e/start-mail-catcher.ts",
      url: `${mailCatcherHttpUrl()}/health`,
      env: { E2E_PORT: String(PORT) },
      reuseExistingServer: !CI,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The card-payment journeys (e2e/card-payment.spec.ts): same build, Stripe keys pointing at the stand-in.
      // It also delivers its mail over SMTP to the mail catcher above (the newsletter journeys, e2e/newsletter.spec.ts).
      command: "npx tsx e2e/start-site-with-stripe.ts",
      url: siteWithStripeUrl(),
      env: {
        ...siteEnv,
        PORT: new URL(siteWithStripeUrl()).port,
        SITE_URL: siteWithStripeUrl(),
        STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripeStandInUrl(),
        STRIPE_CHECKOUT_ORIGIN: stripeStandInUrl(),
        SMTP_URL: mailCatcherSmtpUrl(),
        // Membership renewal reminders within seconds (e2e/membership-renewals.spec.ts), not every 10 minutes.
        MEMBERSHIP_REMINDER_INTERVAL_SECONDS: "3",
      },
      timeout: 60_000,
      ...siteServer,
    },
  ],
});
