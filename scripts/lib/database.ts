/** The database `npm start` and `npm run dev` use: DATABASE_URL when set, else an embedded PostgreSQL under ./data. */
import path from "node:path";
import { EmbeddedPostgres } from "./embedded-postgres";

export interface RunningDatabase {
  url: string;
  /** Stops the embedded server; a no-op for an external DATABASE_URL. */
  stop: () => Promise<void>;
}

export async function startDatabase(root: string, say: (message: string) => void): Promise<RunningDatabase> {
  if (process.env.DATABASE_URL) {
    say("using the PostgreSQL server in DATABASE_URL");
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, "data", "postgres"));
  const database = new EmbeddedPostgres({
    dataDir,
    port: Number(process.env.EMBEDDED_DB_PORT ?? 54329),
    log: process.env.DEBUG_POSTGRES ? (line) => console.log(`[postgres] ${line}`) : undefined,
    onRestart: say,
    onGaveUp: () => {
      say("the database keeps failing; stopping");
      process.kill(process.pid, "SIGTERM");
    },
  });
  say(`starting embedded PostgreSQL (data in ${path.relative(root, dataDir) || dataDir})`);
  await database.start();
  await database.createDatabaseIfMissing("app");
  return { url: database.url("app"), stop: () => database.stop() };
}
