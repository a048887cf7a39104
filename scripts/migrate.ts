/**
 * `npm run migrate`: what `npm start` does to the database before it serves, for app servers that are
 * started some other way (deploy/vva@.service runs it before each server starts, ExecStartPre=):
 * applies the committed migrations to DATABASE_URL and loads the sample content into a new, empty
 * database. Servers starting together take turns (src/db/migrate.ts), so one migrates and the others
 * find nothing left to do. It refuses, before touching the database, while a setting still holds the
 * placeholder of deploy/vva.env.example (CHANGE-ME), so no server starts on a half-edited environment
 * file; and with NODE_ENV=production, as npm start does, while the receipts' legal name or EIN is still
 * the development sample.
 */
import { migrateAndSeed } from "../src/db/migrate";
import { log } from "../src/lib/log";
import { productionStartRefusal } from "../src/lib/receipt-organization";
import { PLACEHOLDER, placeholderSettings } from "./lib/deploy-env";
import { describeDatabase } from "./lib/project-database";

async function main(): Promise<void> {
  const unedited = placeholderSettings(process.env);
  if (unedited.length > 0) {
    log.fatal({ source: "migrate", event: "start.placeholder-settings", settings: unedited }, `${unedited.join(", ")} still hold the example's placeholder ${PLACEHOLDER}: set them in the environment file (/etc/vva/vva.env; README, Deploy) and start again`);
    process.exitCode = 1;
    return;
  }
  const refusal = productionStartRefusal(process.env.NODE_ENV);
  if (refusal) {
    log.fatal({ source: "migrate", event: "start.sample-organization" }, refusal);
    process.exitCode = 1;
    return;
  }
  const url = process.env.DATABASE_URL;
  if (!url) {
    log.fatal({ source: "migrate" }, "DATABASE_URL is not set: npm run migrate works on a PostgreSQL server of your own (npm start migrates its embedded one itself)");
    process.exitCode = 1;
    return;
  }
  log.info({ source: "migrate", database: describeDatabase(url) }, "applying migrations and loading sample content into a new database");
  await migrateAndSeed(url);
  log.info({ source: "migrate" }, "the database is up to date");
}

main().catch((error: unknown) => {
  log.fatal({ source: "migrate", err: error }, "the database could not be migrated");
  process.exitCode = 1;
});
