// @module-tag second-clock: the events job decides what is due by the date.
import { createServer, type Server, type Socket } from "node:net";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/health/route";
import { schema } from "@/db/schema";
import { createEventJobs } from "@/features/events/event-jobs";
import { testDb } from "../../test/db";
import { startSmtpServer } from "../../test/smtp";
import { createEmailWorker } from "./email/worker";
import { smtpTransport } from "./email/transport";
import { checkHealth } from "./health.service";
import { log } from "./log";
import { clearHeartbeats } from "./heartbeats";
import { closedPort } from "../../test/ports";
import { fromNow } from "../../test/time";

const MINUTE = 60_000;

/** A server that accepts connections and never says a word: a hung database. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    port: address.port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const pools: pg.Pool[] = [];
function poolAt(port: number, password: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/app` });
  pool.on("error", () => {});
  pools.push(pool);
  return pool;
}

beforeEach(() => {
  clearHeartbeats();
  // The failed checks and loops log their details.
  vi.spyOn(log, "warn").mockImplementation(() => {});
  vi.spyOn(log, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

describe("checkHealth: the database", () => {
  it("answers select 1 on the real PostgreSQL", async () => {
    const report = await checkHealth({ smtpConfigured: false });
    expect(report.database).toMatchObject({ status: "ok" });
    expect(report.status).toBe("ok");
  });

  it("a closed port: unreachable and down, without the address or password in the report", async () => {
    const port = await closedPort();
    const report = await checkHealth({ pool: poolAt(port, "s3cret-pw"), smtpConfigured: false });

    expect(report.status).toBe("down");
    expect(report.database).toEqual({ status: "unreachable", reason: "connection or query failed" });
    const body = JSON.stringify(report);
    expect(body).not.toContain(String(port));
    expect(body).not.toContain("s3cret-pw");
    expect(body).not.toContain("127.0.0.1");
  });

  it("a server that never answers: gives up after the timeout", async () => {
    const hung = await silentServer();
    try {
      const started = performance.now();
      const report = await checkHealth({ pool: poolAt(hung.port, "pw"), smtpConfigured: false, databaseTimeoutMs: 300 });
      expect(report.database).toEqual({ status: "unreachable", reason: "no answer within 300 ms" });
      expect(performance.now() - started).toBeLessThan(2_000); // a timing: 300 ms plus a busy machine's slack
    } finally {
      await hung.close();
    }
  });
});

describe("checkHealth: the background loops", () => {
  it("email delivery is reported disabled when SMTP is not configured", async () => {
    const report = await checkHealth({ smtpConfigured: false });
    expect(report.emailDelivery).toEqual({
      status: "disabled",
      reason: "SMTP_URL is not set: messages stay in the outbox and are not delivered",
    });
  });

  it("with SMTP: not-run-yet, then ok once a real worker finishes a pass, then stale when passes stop", async () => {
    expect((await checkHealth({ smtpConfigured: true })).emailDelivery).toEqual({ status: "not-run-yet" });

    const smtp = await startSmtpServer();
    const worker = createEmailWorker(testDb(), smtpTransport(smtp.url, "test@example.com"), { intervalMs: 60 * MINUTE });
    try {
      await worker.kick();
    } finally {
      await worker.stop();
      await smtp.stop();
    }

    const now = fromNow();
    const fresh = await checkHealth({ smtpConfigured: true, now });
    expect(fresh.emailDelivery).toMatchObject({ status: "ok", secondsAgo: 0 });
    expect(fresh.status).toBe("ok");

    const later = await checkHealth({ smtpConfigured: true, now: new Date(now.getTime() + 10 * MINUTE) });
    expect(later.emailDelivery).toMatchObject({ status: "stale", secondsAgo: 600 });
    expect(later.status).toBe("degraded");
  });

  it("a delivery pass that fails on the database is reported failing", async () => {
    const worker = createEmailWorker(testDb(), { send: async () => {}, close: () => {} }, { intervalMs: 60 * MINUTE });
    await worker.kick();
    await worker.stop();
    expect((await checkHealth({ smtpConfigured: true })).emailDelivery).toMatchObject({ status: "ok" });

    const broken = createEmailWorker(poolDatabaseAtClosedPort(await closedPort()), { send: async () => {}, close: () => {} }, { intervalMs: 60 * MINUTE });
    await broken.kick();
    await broken.stop();
    const report = await checkHealth({ smtpConfigured: true });
    expect(report.emailDelivery).toMatchObject({ status: "failing" });
    expect(report.status).toBe("degraded");
  });

  it("the events job: its last completed run, from a real pass", async () => {
    expect((await checkHealth({ smtpConfigured: false })).eventJobs).toEqual({ status: "not-run-yet" });
    const started = fromNow().getTime();
    const jobs = createEventJobs(testDb(), { intervalMs: 60 * MINUTE });
    await jobs.runOnce();
    await jobs.stop();
    const finished = fromNow().getTime();

    const report = await checkHealth({ smtpConfigured: false });
    expect(report.eventJobs).toMatchObject({ status: "ok", secondsAgo: 0 });
    // The pass stamps the real clock when it ends: somewhere between the two readings around it.
    const at = Date.parse((report.eventJobs as { lastPassFinishedAt: string }).lastPassFinishedAt);
    expect(at).toBeGreaterThanOrEqual(started);
    expect(at).toBeLessThanOrEqual(finished);
  });
});

describe("GET /api/health", () => {
  it("200 with the report as JSON, never cached", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    // No loop has run in this test (the heartbeats are cleared before each) and SMTP_URL is unset.
    expect(body).toEqual({
      status: "ok",
      checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      database: { status: "ok", latencyMs: expect.any(Number) },
      emailDelivery: { status: "disabled", reason: "SMTP_URL is not set: messages stay in the outbox and are not delivered" },
      eventJobs: { status: "not-run-yet" },
      orderJobs: { status: "not-run-yet" },
      newsletterJobs: { status: "not-run-yet" },
      membershipJobs: { status: "not-run-yet" },
      verificationJobs: { status: "not-run-yet" },
    });
    expect(JSON.stringify(body)).not.toContain(process.env.DATABASE_URL!);
  });
});

/** A Drizzle handle on a pool that cannot connect, for a worker whose every pass fails. */
function poolDatabaseAtClosedPort(port: number) {
  return drizzle(poolAt(port, "pw"), { schema });
}
