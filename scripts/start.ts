/**
 * `npm start`: the whole site on one command.
 * Without DATABASE_URL it runs an embedded PostgreSQL under ./data; then it migrates, seeds the sample
 * content into empty tables, builds when the sources changed, and serves the production build.
 * SIGINT/SIGTERM stop the web server first, then the database.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { migrateAndSeed } from "../src/db/migrate";
import { buildIsCurrent, fingerprintFile, sourceFingerprint } from "./lib/build-fingerprint";
import { DataFolderInUseError, EmbeddedPostgres } from "./lib/embedded-postgres";

const root = process.cwd();
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const say = (message: string) => console.log(`[start] ${message}`);

async function main(): Promise<void> {
  let database: EmbeddedPostgres | undefined;
  let databaseUrl = process.env.DATABASE_URL;

  if (!databaseUrl) {
    const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, "data", "postgres"));
    database = new EmbeddedPostgres({
      dataDir,
      port: Number(process.env.EMBEDDED_DB_PORT ?? 54329),
      log: process.env.DEBUG_POSTGRES ? (line) => console.log(`[postgres] ${line}`) : undefined,
    });
    say(`starting embedded PostgreSQL (data in ${path.relative(root, dataDir) || dataDir})`);
    await database.start();
    await database.createDatabaseIfMissing("app");
    databaseUrl = database.url("app");
  } else {
    say("using the PostgreSQL server in DATABASE_URL");
  }

  let web: ChildProcess | undefined;
  let stopping = false;
  const shutdown = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    if (web && web.exitCode === null && web.signalCode === null) {
      say("stopping the web server");
      await new Promise<void>((resolve) => {
        web!.once("exit", () => resolve());
        web!.kill("SIGTERM");
      });
    }
    if (database) {
      say("stopping the embedded database");
      await database.stop();
    }
    process.exit(exitCode);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  try {
    say("applying migrations and loading sample content");
    await migrateAndSeed(databaseUrl);

    if (!buildIsCurrent(root) && !process.env.SKIP_BUILD) {
      say("building the site (sources changed since the last build)");
      const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
      if (build.status !== 0) throw new Error("next build failed");
      writeFileSync(fingerprintFile(root), sourceFingerprint(root));
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await shutdown(1);
    return;
  }

  say(`serving on http://localhost:${port}`);
  web = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", host], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  web.once("exit", (code) => void shutdown(stopping ? 0 : (code ?? 1)));
}

main().catch((error: unknown) => {
  if (error instanceof DataFolderInUseError) {
    console.error(`[start] ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
