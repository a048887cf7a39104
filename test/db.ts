/**
 * Helpers for tests that touch the database. Every test file runs against its own fresh clone of the
 * migrated, seeded template (test/setup-database.ts makes it and points DATABASE_URL at it). Tests
 * inside one file share that database, so each test creates the rows it counts on (unique emails,
 * its own products and events) and asserts on those rows only; none empties a table. A test whose
 * subject works on a whole table (the outbox's delivery pass, the seed) takes a database of its own
 * with ownDatabase().
 */
import { randomUUID } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { inject, onTestFinished } from "vitest";
import { getDb, type Database } from "@/db/client";
import { schema } from "@/db/schema";
import { cloneTemplate, quoteIdent, workerDatabaseName } from "./clone-database";

/** The same Drizzle handle (and pool) the application code gets from getDb(), on this file's database. */
export function testDb(): Database {
  return getDb();
}

/**
 * A fresh clone of the seeded template for the running test alone, dropped when the test finishes.
 * Only for code that takes its database as a parameter: getDb() keeps pointing at the file's database.
 */
export async function ownDatabase(): Promise<Database> {
  const { adminUrl, template } = inject("testDatabase");
  const name = `${workerDatabaseName()}_own_${randomUUID().slice(0, 8)}`;
  const pool = new pg.Pool({ connectionString: await cloneTemplate(adminUrl, template, name), max: 5 });
  pool.on("error", () => {}); // the drop below ends idle connections
  onTestFinished(async () => {
    await pool.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    } finally {
      await admin.end();
    }
  });
  return drizzle(pool, { schema });
}
