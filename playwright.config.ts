import { defineConfig, devices } from "@playwright/test";
import { E2E_DATA_DIR, E2E_DB_PORT } from "./e2e/e2e-database";
import { chromiumFlags, chromiumPath } from "./scripts/lib/chromium";

// Override only to run two checkouts side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3200);
const BASE_URL = `http://localhost:${PORT}`;
const CI = Boolean(process.env.CI);

/** Debian's Chromium; without these flags it tries to reach outside hosts this machine cannot reach. */
const chromium = { executablePath: chromiumPath, args: chromiumFlags };

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Only Playwright's own artefacts: it empties this folder at the start of every run.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: CI ? 2 : undefined,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: BASE_URL,
    launchOptions: chromium,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      // Pixel 7: Android Chrome user agent, touch, mobile viewport meta honoured.
      use: { ...devices["Pixel 7"], viewport: { width: 412, height: 915 } },
    },
  ],
  webServer: {
    // The production build on its own port, dist folder and database, so it never touches `npm run dev`'s.
    command: "npx tsx e2e/reset-database.ts && npx tsx scripts/start.ts",
    url: BASE_URL,
    env: {
      PORT: String(PORT),
      NEXT_DIST_DIR: ".next-e2e",
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_DB_PORT: String(E2E_DB_PORT),
      SITE_URL: BASE_URL,
      DATABASE_URL: "", // always the embedded e2e database, even if the shell has one set
      NEXT_TELEMETRY_DISABLED: "1",
    },
    timeout: 300_000, // a fresh `next build` takes about a minute here, longer on a busy machine
    reuseExistingServer: !CI,
    // start.ts stops Next, then PostgreSQL (its own process group, which a SIGKILL would orphan).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
