/**
 * Creating the per-worker test databases. Only `pg` here (no Drizzle, no app code), because it runs
 * before every test file and in the global setup.
 */
import pg from "pg";

/** The database global setup migrates and seeds; every test database is a clone of it. */
export const TEMPLATE_DATABASE = "test_template";

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** One database per Vitest worker slot (VITEST_POOL_ID is 1…maxWorkers and never shared by two files at once). */
export function workerDatabaseName(): string {
  return `test_worker_${process.env.VITEST_POOL_ID ?? "1"}`;
}

/** Replaces `name` with a fresh clone of `template` and returns its URL. */
export async function cloneTemplate(adminUrl: string, template: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Closes the pool getDb() keeps on globalThis (src/db/client.ts), so the worker's database can be
 * dropped and the next file's getDb() opens a pool on the fresh clone.
 */
export async function closeAppPool(): Promise<void> {
  const holder = globalThis as unknown as { pool?: pg.Pool; db?: unknown };
  const pool = holder.pool;
  holder.pool = undefined;
  holder.db = undefined;
  await pool?.end();
}
