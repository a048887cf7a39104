/**
 * Helpers for tests that touch the database. Every test file runs against its own fresh clone of the
 * migrated, seeded template (test/setup-database.ts makes it and points DATABASE_URL at it), so a
 * file may change rows freely; tests inside one file share it and run in order.
 */
import { getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb, type Database } from "@/db/client";

/** The same Drizzle handle (and pool) the application code gets from getDb(), on this file's database. */
export function testDb(): Database {
  return getDb();
}

/** Empties tables and resets their id sequences (cascading to rows that reference them). */
export async function truncate(...tables: PgTable[]): Promise<void> {
  if (tables.length === 0) return;
  const names = tables.map((t) => `"${getTableName(t).replaceAll('"', '""')}"`).join(", ");
  await getDb().execute(sql.raw(`truncate table ${names} restart identity cascade`));
}
