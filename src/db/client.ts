import "server-only";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { schema } from "./schema";

export type Database = NodePgDatabase<typeof schema>;

const globalForDb = globalThis as unknown as { pool?: Pool; db?: Database };

/** One pool per server process (kept on globalThis so dev hot reloads do not leak pools). */
export function getDb(): Database {
  if (!globalForDb.db) {
    const env = getEnv();
    const pool = new Pool({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE });
    // An idle client that loses its connection (say PostgreSQL restarts) emits 'error'; without a
    // listener that would crash the server. The pool drops the client and the next query reconnects.
    pool.on("error", (error) => log.error({ event: "db.pool-error", err: error }, "PostgreSQL pool error"));
    globalForDb.pool = pool;
    globalForDb.db = drizzle(pool, { schema });
  }
  return globalForDb.db;
}

