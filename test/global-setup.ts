/**
 * Vitest global setup: one real PostgreSQL for the whole run.
 *
 * It starts an EmbeddedPostgres in data/test-postgres (wiped first, so every run starts from the
 * committed migrations and the seed), migrates and seeds a template database, and hands its address
 * to the workers. Each test file then gets a fresh clone of the template (see test/setup-database.ts).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { EmbeddedPostgres } from "../scripts/lib/embedded-postgres";
import { migrateAndSeed } from "../src/db/migrate";
import { TEMPLATE_DATABASE, quoteIdent } from "./clone-database";

export const TEST_POSTGRES_DIR = path.resolve("data", "test-postgres");
// 0: any free port, so a server left running by an earlier run (or anything else) never blocks this one.
const TEST_POSTGRES_PORT = Number(process.env.TEST_POSTGRES_PORT ?? 0);

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the test server's maintenance database, and the template every test database is cloned from. */
    testDatabase: { adminUrl: string; template: string };
  }
}

const clusterDir = path.join(TEST_POSTGRES_DIR, "cluster");
const runnerFile = path.join(TEST_POSTGRES_DIR, "runner.pid");

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number | undefined): pid is number {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A live Vitest process (not a recycled pid that now belongs to something else). */
function isTestRunner(pid: number | undefined): pid is number {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("vitest");
  } catch {
    return true; // no /proc: trust the pid
  }
}

/**
 * The data folder is wiped at the start of every run, which is only safe when no server uses it.
 * Another live test run: wait for it (engineers share one checkout). A server whose run has died
 * (a killed Vitest): stop it; it belongs to this folder and nothing else can use it.
 */
async function claimDataFolder(): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  let told = false;
  for (;;) {
    const runner = readPid(runnerFile);
    if (runner !== process.pid && isTestRunner(runner)) {
      if (Date.now() > deadline) {
        throw new Error(`Another test run (pid ${runner}) is still using ${TEST_POSTGRES_DIR}; gave up waiting.`);
      }
      if (!told) console.log(`[test-db] waiting for another test run (pid ${runner}) to finish with ${TEST_POSTGRES_DIR}`);
      told = true;
      await sleep(500);
      continue;
    }
    const postmaster = readPid(path.join(clusterDir, "postmaster.pid"));
    if (!isAlive(postmaster)) return;
    console.log(`[test-db] stopping PostgreSQL pid ${postmaster} left behind by an earlier test run`);
    process.kill(postmaster, "SIGINT");
    for (let i = 0; i < 100 && isAlive(postmaster); i++) await sleep(100);
    if (isAlive(postmaster)) process.kill(postmaster, "SIGKILL");
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  await claimDataFolder();
  rmSync(TEST_POSTGRES_DIR, { recursive: true, force: true });
  mkdirSync(TEST_POSTGRES_DIR, { recursive: true });
  writeFileSync(runnerFile, `${process.pid}\n`);

  const server = new EmbeddedPostgres({
    dataDir: TEST_POSTGRES_DIR,
    port: TEST_POSTGRES_PORT,
    throwaway: true,
    log: process.env.DEBUG_POSTGRES ? (line) => console.log(`[postgres] ${line}`) : undefined,
  });
  await server.start();

  // If Vitest is killed before teardown, do not leave a server holding the folder and the port.
  const postmasterPid = readPid(path.join(clusterDir, "postmaster.pid"));
  const stopOnExit = () => {
    if (isAlive(postmasterPid)) process.kill(postmasterPid, "SIGINT");
  };
  process.once("exit", stopOnExit);

  try {
    const admin = new pg.Client({ connectionString: server.url("postgres") });
    await admin.connect();
    try {
      await admin.query(`create database ${quoteIdent(TEMPLATE_DATABASE)}`);
      await migrateAndSeed(server.url(TEMPLATE_DATABASE), { seed: true });
      // No connections to the template from now on, so cloning it can never be blocked.
      await admin.query(`alter database ${quoteIdent(TEMPLATE_DATABASE)} with is_template true allow_connections false`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }

  project.provide("testDatabase", { adminUrl: server.url("postgres"), template: TEMPLATE_DATABASE });
  console.log(`[test-db] PostgreSQL on port ${server.port}, template migrated and seeded in ${Math.round(performance.now() - started)} ms`);

  return async () => {
    await server.stop();
    process.removeListener("exit", stopOnExit);
    rmSync(runnerFile, { force: true });
  };
}
