import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { getEnv } from "@/lib/env";
import { pingDatabase, type Queryable } from "@/lib/database-ping";
import { lastHeartbeat, type Heartbeat, type HeartbeatName } from "@/lib/heartbeats";
import { log } from "@/lib/log";

/** The email worker polls every 5 s and the event jobs run every minute; a few missed passes mean it is stuck. */
const STALE_AFTER_MS: Record<HeartbeatName, number> = {
  "email-delivery": 2 * 60_000,
  "event-jobs": 5 * 60_000,
  "order-jobs": 15 * 60_000,
  "newsletter-jobs": 5 * 60_000,
  "membership-jobs": 30 * 60_000,
  "verification-jobs": 3 * 60 * 60_000,
};
const DATABASE_TIMEOUT_MS = 2_000;

export type DatabaseHealth = { status: "ok"; latencyMs: number } | { status: "unreachable"; reason: string };

export type LoopHealth =
  | { status: "disabled"; reason: string }
  /** No pass has finished in this process yet (it has just started, or the loop never did). */
  | { status: "not-run-yet" }
  /** ok: the last pass finished recently; failing: it finished recently with an error; stale: none finished lately. */
  | { status: "ok" | "failing" | "stale"; lastPassFinishedAt: string; secondsAgo: number };

export interface HealthReport {
  /** ok: everything answers; degraded: the database answers but a background loop does not look alive; down: no database. */
  status: "ok" | "degraded" | "down";
  checkedAt: string;
  database: DatabaseHealth;
  emailDelivery: LoopHealth;
  eventJobs: LoopHealth;
  /** Releases the stock of card orders nobody paid (every 5 minutes). */
  orderJobs: LoopHealth;
  /** Queues sent newsletters a batch at a time and deletes lapsed sign-ups (every minute). */
  newsletterJobs: LoopHealth;
  /** Queues membership renewal reminders (every 10 minutes). */
  membershipJobs: LoopHealth;
  /** Closes verification requests nobody decided within 30 days and deletes their documents (hourly). */
  verificationJobs: LoopHealth;
}

export interface HealthOptions {
  /** Default: the application's pool (getDb()). */
  pool?: Queryable;
  /** Default: whether SMTP_URL is set. */
  smtpConfigured?: boolean;
  now?: Date;
  databaseTimeoutMs?: number;
}

/** What the health endpoint reports; never throws, and holds no addresses, URLs or error texts. */
export async function checkHealth(options: HealthOptions = {}): Promise<HealthReport> {
  const now = options.now ?? new Date();
  const database = await checkDatabase(options.pool, options.databaseTimeoutMs ?? DATABASE_TIMEOUT_MS);
  const smtpConfigured = options.smtpConfigured ?? smtpIsConfigured();
  const emailDelivery: LoopHealth = smtpConfigured
    ? loopHealth("email-delivery", now)
    : { status: "disabled", reason: "SMTP_URL is not set: messages stay in the outbox and are not delivered" };
  const eventJobs = loopHealth("event-jobs", now);
  const orderJobs = loopHealth("order-jobs", now);
  const newsletterJobs = loopHealth("newsletter-jobs", now);
  const membershipJobs = loopHealth("membership-jobs", now);
  const verificationJobs = loopHealth("verification-jobs", now);

  const loopsAlive = [emailDelivery, eventJobs, orderJobs, newsletterJobs, membershipJobs, verificationJobs].every((loop) => loop.status === "ok" || loop.status === "disabled" || loop.status === "not-run-yet");
  return {
    status: database.status !== "ok" ? "down" : loopsAlive ? "ok" : "degraded",
    checkedAt: now.toISOString(),
    database,
    emailDelivery,
    eventJobs,
    orderJobs,
    newsletterJobs,
    membershipJobs,
    verificationJobs,
  };
}

async function checkDatabase(pool: Queryable | undefined, timeoutMs: number): Promise<DatabaseHealth> {
  const target = pool ?? { query: () => getDb().execute(sql`select 1`) };
  const result = await pingDatabase(target, timeoutMs);
  if (result.ok) return { status: "ok", latencyMs: result.latencyMs };
  // The details (host, port, user) stay in the server log; the public answer only says what kind of failure.
  log.warn({ event: "health.database-unreachable", timedOut: result.timedOut, err: result.error }, "database check failed");
  return { status: "unreachable", reason: result.timedOut ? `no answer within ${timeoutMs} ms` : "connection or query failed" };
}

function smtpIsConfigured(): boolean {
  try {
    return Boolean(getEnv().SMTP_URL);
  } catch {
    return false; // an invalid environment: the worker cannot have started either
  }
}

function loopHealth(name: HeartbeatName, now: Date): LoopHealth {
  const beat: Heartbeat | undefined = lastHeartbeat(name);
  if (!beat) return { status: "not-run-yet" };
  const ageMs = now.getTime() - beat.at.getTime();
  const status = ageMs > STALE_AFTER_MS[name] ? "stale" : beat.ok ? "ok" : "failing";
  return { status, lastPassFinishedAt: beat.at.toISOString(), secondsAgo: Math.max(0, Math.round(ageMs / 1000)) };
}
