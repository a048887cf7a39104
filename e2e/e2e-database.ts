/** Where the e2e server's embedded PostgreSQL lives; shared by playwright.config.ts and specs that read it. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { embeddedPostgresPort } from "../scripts/lib/embedded-postgres";

export const E2E_DATA_DIR = "data/e2e-postgres";
// 0: any free port, so a server left running by an earlier run (or anything else) never blocks this one.
export const E2E_DB_PORT = Number(process.env.E2E_DB_PORT ?? 0);

/**
 * The e2e server's database URL; its password and port are written into the data folder when it starts.
 * `database` names another database on the same server (the site with Stripe keeps its own: e2e/stripe.ts).
 */
export function e2eDatabaseUrl(database = "app"): string {
  const dataDir = path.resolve(E2E_DATA_DIR);
  const password = readFileSync(path.join(dataDir, "superuser-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${embeddedPostgresPort(dataDir)}/${database}`;
}
