/**
 * Wipes the e2e database folder so every e2e run starts from the migrations and the seed.
 *
 * Playwright starts `webServer` BEFORE `globalSetup` (microsoft/playwright#7604, #31524), so a
 * globalSetup would wipe the folder under a running server. Instead the webServer command runs this
 * first: it only runs when Playwright launches its own server, never when it reuses one.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { livePostmasterPid } from "../scripts/lib/embedded-postgres";

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join("data", "e2e-postgres"));

const pid = livePostmasterPid(path.join(dataDir, "cluster"));
if (pid) {
  console.error(
    `[e2e] ${path.relative(process.cwd(), dataDir)} is in use by PostgreSQL pid ${pid} (another e2e server, or one left ` +
      `behind by an interrupted run). Stop it (kill -INT ${pid}) and run the tests again.`,
  );
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`[e2e] wiped ${path.relative(process.cwd(), dataDir)}: the e2e server starts from the seed`);
