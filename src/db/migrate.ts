import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import path from "node:path";
import pg from "pg";
import { schema } from "./schema";
import { seedSampleContent } from "./seed";

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/**
 * Held while one process migrates, so that app servers started together on one database (several
 * `npm start`, or the deploy recipe's vva@.service instances) take turns: the first applies the
 * migrations, the others then find nothing left to do. Without it, two at once collide on the
 * migrations table and on the tables themselves.
 */
const MIGRATE_LOCK = 7_246_302;

/** Applies the committed migrations, then loads the sample content if the database is new (see seedSampleContent). */
export async function migrateAndSeed(databaseUrl: string, options: { seed?: boolean } = {}): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATE_LOCK]);
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    if (options.seed ?? true) await seedSampleContent(db);
  } finally {
    await pool.end();
    // Ending the session releases its advisory lock.
    await lock.end();
  }
}
