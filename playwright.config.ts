import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL, testServers, twoServersUrl } from "./e2e/servers";
import { headlessShellFlags, headlessShellPath } from "./scripts/lib/chromium";

const CI = Boolean(process.env.CI);
/** scripts/test.ts started e2e/servers.ts itself, once for every stage: Playwright starts none. */
const SERVERS_RUNNING = process.env.E2E_SERVERS === "running";
/** The stage of `npm test` this run is (http, browser, two-servers): it names the report and the artefacts. */
const STAGE = process.env.E2E_STAGE ?? "playwright";

/** Debian's Chromium headless shell; without these flags it tries to reach outside hosts this machine cannot reach. */
const chromium = { executablePath: headlessShellPath, args: headlessShellFlags };

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
// Pixel 7: Android Chrome user agent, touch, mobile viewport meta honoured.
const phone = { ...devices["Pixel 7"], viewport: { width: 412, height: 915 } };

/** Specs that edit what the public pages show (the staff content pages), for a few seconds per test. */
const CHANGES_PUBLIC_CONTENT = ["**/staff-content.spec.ts"];

/**
 * What the phone runs: the tests tagged @phone, whose subject changes on a small touch screen — the
 * keyboard walk and an axe scan of every page (keyboard.spec.ts), the menu, the shop's filters, the cart
 * stepper, the donate form, the profile tabs, what volunteers do on one (the door list, the staff
 * dashboard). Everything else runs once, on desktop (ADR 0005).
 */
const PHONE_TAG = /@phone/;

/** HTTP-level tests: no browser, only the server's answers (e2e/http/, ADR 0005). */
const HTTP_SPECS = "**/e2e/http/**/*.spec.ts";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Only Playwright's own artefacts: it empties this folder at the start of every run.
  outputDir: `test-results/${STAGE}`,
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: CI ? 2 : undefined,
  // Journeys of twenty steps and several axe scans take 15–35 s on a busy 2-core machine: a test's budget
  // is not a speed check (those are benchmarks), each expectation keeps its own 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: `test-results/${STAGE}.json` }]],
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromium,
    // A failed test keeps its trace's DOM snapshots and a screenshot of the end; filming every action on
    // every test cost a tenth of the browser stage on this 2-core machine.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "http", testMatch: HTTP_SPECS, testIgnore: CHANGES_PUBLIC_CONTENT },
    // After the other HTTP specs, which count the sample FAQs, leaders, locations and contact details exactly.
    { name: "http-content", testMatch: CHANGES_PUBLIC_CONTENT.map((glob) => `**/e2e/http/${glob.replace("**/", "")}`), dependencies: ["http"] },
    { name: "desktop", use: desktop, testIgnore: [HTTP_SPECS, ...CHANGES_PUBLIC_CONTENT] },
    { name: "phone", use: phone, grep: PHONE_TAG, testIgnore: HTTP_SPECS },
    // After every other browser spec, which count the sample FAQs, leaders, courses and contact details exactly.
    { name: "desktop-content", use: desktop, testMatch: CHANGES_PUBLIC_CONTENT, testIgnore: HTTP_SPECS, dependencies: ["desktop", "phone"] },
    // The journeys whose state lives between requests (sessions, carts, orders, seats, OAuth state, rate
    // limits) again, through two app servers behind a round-robin proxy. Desktop only: what this proves is
    // state shared between servers, which no viewport changes.
    { name: "two-servers", use: { ...desktop, baseURL: twoServersUrl() }, grep: /@two-servers/ },
  ],
  webServer: SERVERS_RUNNING
    ? undefined
    : testServers.map(({ command, url, env, timeout }) => ({
        command,
        url,
        env,
        timeout,
        reuseExistingServer: !CI,
        // start.ts stops Next, then PostgreSQL (its own process group, which a SIGKILL would orphan).
        gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
        stdout: "pipe" as const,
        stderr: "pipe" as const,
      })),
});
