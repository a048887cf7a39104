/**
 * `npm start`: the whole site on one command.
 * Without DATABASE_URL it runs an embedded PostgreSQL under ./data; then it migrates, seeds the sample
 * content into empty tables, builds when the sources changed, and serves the production build.
 * Without BETTER_AUTH_SECRET it generates one once and keeps it in ./data/auth-secret.
 * SIGINT/SIGTERM stop the web server first, then the database.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { migrateAndSeed } from "../src/db/migrate";
import { ensureAuthSecret } from "./lib/auth-secret";
import { buildIsCurrent, fingerprintFile, sourceFingerprint } from "./lib/build-fingerprint";
import { startDatabase } from "./lib/database";
import { DataFolderInUseError } from "./lib/embedded-postgres";
import { nextBin, productionServer, superviseNext } from "./lib/supervise";

const root = process.cwd();
const say = (message: string) => console.log(`[start] ${message}`);

async function main(): Promise<void> {
  const database = await startDatabase(root, say);
  const supervisor = superviseNext(database, say);
  try {
    say("applying migrations and loading sample content");
    await migrateAndSeed(database.url);
    if (!buildIsCurrent(root)) {
      say("building the site (sources changed since the last build)");
      const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
      if (build.status !== 0) throw new Error("next build failed");
      writeFileSync(fingerprintFile(root), sourceFingerprint(root));
    }
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
    await supervisor.shutdown(1);
    return;
  }
  const port = process.env.PORT ?? "3000";
  say(`serving on http://localhost:${port}`);
  const authSecret = ensureAuthSecret(root, say);
  if (!process.env.SMTP_URL) {
    say("WARNING: SMTP_URL is not set, so NO E-MAIL IS SENT: password resets, order and event confirmations stay in");
    say("WARNING: the email_outbox table. Set SMTP_URL (see README, Configuration) before real members use the site.");
  }
  supervisor.run(productionServer(), { NODE_ENV: "production", BETTER_AUTH_SECRET: authSecret, PORT: port });
}

main().catch((error: unknown) => {
  console.error(error instanceof DataFolderInUseError ? `[start] ${error.message}` : error);
  process.exit(1);
});
