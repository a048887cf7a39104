import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataFolderInUseError, EmbeddedPostgres } from "./embedded-postgres";

// Its own cluster and ports, apart from the shared test server (54340) and npm start's (54329).
const dataDir = path.resolve("data", `test-embedded-${process.pid}`);
const PORT = 54343;
const SECOND_PORT = 54344;

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe("EmbeddedPostgres", () => {
  const first = new EmbeddedPostgres({ dataDir, port: PORT });

  beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await first.start();
  }, 60_000);

  afterAll(async () => {
    await first.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs a real PostgreSQL server that accepts password logins", async () => {
    await first.createDatabaseIfMissing("app");
    await first.createDatabaseIfMissing("app"); // idempotent
    expect(await query(first.url("app"), "select current_database() as db")).toEqual([{ db: "app" }]);
  });

  it("refuses a second server on the same data folder, and the first one keeps working", async () => {
    const pidFile = path.join(dataDir, "cluster", "postmaster.pid");
    const ownerBefore = readFileSync(pidFile, "utf8");
    const passwordBefore = first.password;

    const second = new EmbeddedPostgres({ dataDir, port: SECOND_PORT });
    const attempt = second.start();
    await expect(attempt).rejects.toBeInstanceOf(DataFolderInUseError);
    await expect(attempt).rejects.toThrow(/already in use/);

    expect(existsSync(pidFile)).toBe(true);
    expect(readFileSync(pidFile, "utf8")).toBe(ownerBefore);
    expect(first.password).toBe(passwordBefore);
    expect(await query(first.url("postgres"), "select 1 as ok")).toEqual([{ ok: 1 }]);
    await first.createDatabaseIfMissing("after_second_start");
    expect(await query(first.url("after_second_start"), "select 2 as ok")).toEqual([{ ok: 2 }]);
  });

  it("stops cleanly and can start again on the same folder", async () => {
    await first.stop();
    expect(existsSync(path.join(dataDir, "cluster", "postmaster.pid"))).toBe(false);
    await first.start();
    expect(await query(first.url("app"), "select 3 as ok")).toEqual([{ ok: 3 }]);
  });
});
