/** The database of one benchmark run: a fresh embedded PostgreSQL with the sample content, and members made in it. */
import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateAndSeed } from "../../src/db/migrate";
import { buildIfSourcesChanged } from "./build-site";
import { EmbeddedPostgres } from "./embedded-postgres";
import { sessionCookie } from "./opening-bench";

export interface BenchDatabase {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts a fresh embedded PostgreSQL in ./data/<folder>, migrates and seeds it, and builds the site if its
 * sources changed (the build prerenders public pages, which read the database).
 */
export async function startBenchDatabase(root: string, folder: string, say: (line: string) => void): Promise<BenchDatabase> {
  // The embedded server wants its folder where `npm start` keeps its own.
  const dataDir = path.join(root, "data", folder);
  rmSync(dataDir, { recursive: true, force: true });
  const database = new EmbeddedPostgres({ dataDir, port: 0 });
  const stop = async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    say("starting PostgreSQL and loading the sample content");
    await database.start();
    await database.createDatabaseIfMissing("app");
    const url = database.url("app");
    await migrateAndSeed(url);
    process.env.DATABASE_URL = url;
    buildIfSourcesChanged(root, say);
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A member made straight in the database and signed in: their session cookie, signed with the servers' `secret`. */
export async function signedInMember(databaseUrl: string, secret: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const userId = randomUUID();
    const token = randomBytes(24).toString("base64url");
    await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [userId, name, `bench-${userId}@example.com`]);
    // Sessions expire by the system's clock (better-auth stamps them), not the app's.
    await client.query(`insert into session (id, token, user_id, expires_at, updated_at) values ($1, $2, $3, now() + interval '1 day', now())`, [randomUUID(), token, userId]);
    return sessionCookie(token, secret);
  } finally {
    await client.end();
  }
}
