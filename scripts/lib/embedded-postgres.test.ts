import { existsSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataFolderInUseError, EmbeddedPostgres, embeddedPostgresPort } from "./embedded-postgres";

// Its own cluster, on free ports, apart from the shared test server and npm start's.
const dataDir = path.resolve("data", `test-embedded-${process.pid}`);

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const restarts: string[] = [];

describe("EmbeddedPostgres", () => {
  const first = new EmbeddedPostgres({ dataDir, port: 0, onRestart: (message) => restarts.push(message) });

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

  it("with port 0 listens on a free port and records it in the data folder", () => {
    expect(first.port).toBeGreaterThan(0); // any free port the system hands out
    expect(embeddedPostgresPort(dataDir)).toBe(first.port);
    expect(first.url("app")).toContain(`@127.0.0.1:${first.port}/app`);
  });

  it("names the port when a fixed port is taken", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const takenPort = (blocker.address() as { port: number }).port;
    const otherDir = `${dataDir}-taken`;
    try {
      const server = new EmbeddedPostgres({ dataDir: otherDir, port: takenPort });
      await expect(server.start()).rejects.toThrow(`Port ${takenPort} is taken`);
    } finally {
      blocker.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses a second server on the same data folder, and the first one keeps working", async () => {
    const pidFile = path.join(dataDir, "cluster", "postmaster.pid");
    const ownerBefore = readFileSync(pidFile, "utf8");
    const passwordBefore = first.password;

    const second = new EmbeddedPostgres({ dataDir, port: 0 });
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
    // A database of this test's own: what it wrote before the stop is there after the start.
    await first.createDatabaseIfMissing("kept_across_restart");
    await query(first.url("kept_across_restart"), "create table kept (n int); insert into kept values (3)");
    await first.stop();
    expect(existsSync(path.join(dataDir, "cluster", "postmaster.pid"))).toBe(false);
    await first.start();
    expect(await query(first.url("kept_across_restart"), "select n as ok from kept")).toEqual([{ ok: 3 }]);
  });

  it("starts PostgreSQL again on the same port when it is killed", async () => {
    const port = first.port;
    const postmaster = Number(readFileSync(path.join(dataDir, "cluster", "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(postmaster, "SIGKILL");
    await expect.poll(() => restarts.at(-1), { timeout: 30_000, interval: 200 }).toBe("PostgreSQL is running again");
    expect(first.port).toBe(port);
    expect(await query(first.url("postgres"), "select 1 as one")).toEqual([{ one: 1 }]);
  }, 40_000);
});
