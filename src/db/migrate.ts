import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import path from "node:path";
import pg from "pg";
import { schema } from "./schema";
import { seedSampleContent } from "./seed";

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/** Applies the committed migrations, then loads the sample content if the database is new (see seedSampleContent). */
export async function migrateAndSeed(databaseUrl: string, options: { seed?: boolean } = {}): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    if (options.seed ?? true) await seedSampleContent(db);
  } finally {
    await pool.end();
  }
}
