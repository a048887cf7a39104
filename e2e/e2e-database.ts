/** Where the e2e server's embedded PostgreSQL lives; shared by playwright.config.ts and specs that read it. */
import { readFileSync } from "node:fs";
import path from "node:path";

export const E2E_DATA_DIR = "data/e2e-postgres";
// Override only to run two checkouts side by side on one machine (with E2E_PORT).
export const E2E_DB_PORT = Number(process.env.E2E_DB_PORT ?? 54350);

/** The e2e server's database URL (the superuser password is generated into the data folder at first start). */
export function e2eDatabaseUrl(): string {
  const password = readFileSync(path.resolve(E2E_DATA_DIR, "superuser-password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${E2E_DB_PORT}/app`;
}
