/**
 * The database `npm run backup` and `npm run restore` work on: the same one `npm start` uses.
 * DATABASE_URL when set; else the embedded PostgreSQL under ./data, reached where it already runs
 * (a live `npm start` owns the folder) or started just for the command.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { startDatabase, type RunningDatabase } from "./database";
import { embeddedPostgresPort, livePostmasterPid } from "./embedded-postgres";

export async function openProjectDatabase(root: string, say: (message: string) => void): Promise<RunningDatabase> {
  if (process.env.DATABASE_URL) return startDatabase(root, say);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, "data", "postgres"));
  const passwordFile = path.join(dataDir, "superuser-password");
  if (livePostmasterPid(path.join(dataDir, "cluster")) && existsSync(passwordFile)) {
    say("using the embedded PostgreSQL that is already running (npm start)");
    const password = encodeURIComponent(readFileSync(passwordFile, "utf8").trim());
    return { url: `postgres://postgres:${password}@127.0.0.1:${embeddedPostgresPort(dataDir)}/app`, stop: async () => {} };
  }
  return startDatabase(root, say);
}

/** host:port/database, for messages: never the user name or password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}
