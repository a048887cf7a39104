/**
 * `npm start`: the whole site on one command.
 * Without DATABASE_URL it runs an embedded PostgreSQL under ./data; then it migrates, seeds the sample
 * content into empty tables, builds when the sources changed, and serves the production build.
 * Without BETTER_AUTH_SECRET it generates one once and keeps it in ./data/auth-secret.
 * With NODE_ENV=production it refuses to start while the receipts' legal name or EIN is the sample.
 * SIGINT/SIGTERM stop the web server first, then the database. A crashed web server is restarted
 * (scripts/lib/supervise.ts); one that keeps crashing stops the database too, and npm start exits 1.
 */
import { migrateAndSeed } from "../src/db/migrate";
import { log } from "../src/lib/log";
import { productionStartRefusal } from "../src/lib/receipt-organization";
import { ensureAuthSecret } from "./lib/auth-secret";
import { buildIfSourcesChanged } from "./lib/build-site";
import { startDatabase } from "./lib/database";
import { DataFolderInUseError } from "./lib/embedded-postgres";
import { productionServer, superviseNext } from "./lib/supervise";

const root = process.cwd();
// The same JSON lines as the web server it starts (src/lib/log.ts), so one log holds both.
const say = (message: string) => log.info({ source: "start" }, message);

async function main(): Promise<void> {
  const refusal = productionStartRefusal(process.env.NODE_ENV);
  if (refusal) {
    log.fatal({ source: "start", event: "start.sample-organization" }, refusal);
    process.exit(1);
  }
  const database = await startDatabase(root, say);
  const supervisor = superviseNext(database, log.child({ source: "start" }));
  try {
    say("applying migrations and loading sample content");
    await migrateAndSeed(database.url);
    buildIfSourcesChanged(root, say);
  } catch (error) {
    log.fatal({ source: "start", err: error }, "the site could not be prepared");
    await supervisor.shutdown(1);
    return;
  }
  const port = process.env.PORT ?? "3000";
  say(`serving on http://localhost:${port}`);
  const authSecret = ensureAuthSecret(root, say);
  if (!process.env.SMTP_URL) {
    log.warn(
      { source: "start", event: "email.smtp-unset" },
      "SMTP_URL is not set, so NO EMAIL IS SENT: password resets, order and event confirmations stay in the email_outbox table. Set SMTP_URL (see README, Configuration) before real members use the site.",
    );
  }
  supervisor.run(productionServer(), { NODE_ENV: "production", BETTER_AUTH_SECRET: authSecret, PORT: port });
}

main().catch((error: unknown) => {
  log.fatal({ source: "start", ...(error instanceof DataFolderInUseError ? {} : { err: error }) }, error instanceof DataFolderInUseError ? error.message : "the site could not start");
  process.exit(1);
});
