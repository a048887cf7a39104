import "server-only";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { getEnv } from "@/lib/env";
import { schema } from "./schema";

export type Database = NodePgDatabase<typeof schema>;

const globalForDb = globalThis as unknown as { pool?: Pool; db?: Database };

/** One pool per server process (kept on globalThis so dev hot reloads do not leak pools). */
export function getDb(): Database {
  if (!globalForDb.db) {
    const env = getEnv();
    globalForDb.pool = new Pool({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE });
    globalForDb.db = drizzle(globalForDb.pool, { schema });
  }
  return globalForDb.db;
}
