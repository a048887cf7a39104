import "server-only";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { prepareStatementsOf } from "./prepared-statements";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { schema } from "./schema";

export type Database = NodePgDatabase<typeof schema>;

const globalForDb = globalThis as unknown as { pool?: Pool; db?: Database };

/**
 * How long anything waits on the database. A database that stops answering (a stuck disk, a network
 * partition, a stopped server) would otherwise hold every request for as long as it lasts: a query
 * gets an error after QUERY_TIMEOUT_MS whether or not the server can still tell (statement_timeout is
 * the server's own limit, for a query that is merely slow), and a request waiting for a free connection
 * one after ACQUIRE_TIMEOUT_MS. Pages do not wait that long: the HTTP front answers a page that has not
 * started within a few seconds with the 503 page when the database does not answer (src/server/unavailable-page.ts).
 */
export const DATABASE_TIMEOUTS = { STATEMENT_TIMEOUT_MS: 15_000, QUERY_TIMEOUT_MS: 16_000, ACQUIRE_TIMEOUT_MS: 10_000 } as const;

/** One pool per server process (kept on globalThis so dev hot reloads do not leak pools). */
export function getDb(): Database {
  if (!globalForDb.db) {
    const env = getEnv();
    const pool = new Pool({
      connectionString: env.DATABASE_URL,
      max: env.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: DATABASE_TIMEOUTS.ACQUIRE_TIMEOUT_MS,
      statement_timeout: DATABASE_TIMEOUTS.STATEMENT_TIMEOUT_MS,
      query_timeout: DATABASE_TIMEOUTS.QUERY_TIMEOUT_MS,
      // A connection whose peer vanished (a partition) is noticed by the kernel rather than never.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle client that loses its connection (say PostgreSQL restarts) emits 'error'; without a
    // listener that would crash the server. The pool drops the client and the next query reconnects.
    pool.on("error", (error) => log.error({ event: "db.pool-error", err: error }, "PostgreSQL pool error"));
    // Each parameterized statement is prepared once per connection (prepared-statements.ts).
    pool.on("connect", prepareStatementsOf);
    globalForDb.pool = pool;
    globalForDb.db = drizzle(pool, { schema });
  }
  return globalForDb.db;
}

