import { getDb, type Database } from "@/db/client";
import * as clock from "@/lib/clock";
import { log } from "@/lib/log";
import { startPeriodicJob, type PeriodicJob } from "@/lib/periodic-job";
import { closeUndecidedRequests } from "./verification.service";

/** Hourly: a request's 30 days are counted in days, so an hour late is nothing. */
const INTERVAL_MS = 60 * 60_000;

/** One pass: close the requests nobody decided within 30 days and delete their documents. */
export async function verificationJobsPass(db: Database, now: Date = clock.now()): Promise<{ closed: number }> {
  const closed = await closeUndecidedRequests(db, now);
  if (closed > 0) log.info({ event: "verification.jobs-pass", closed }, "closed undecided verification requests");
  return { closed };
}

const globalForJobs = globalThis as unknown as { verificationJobs?: PeriodicJob<{ closed: number }> };

/** Called once per server process from instrumentation.ts; each row changes once, so several servers may run it. */
export function startVerificationJobs(): void {
  globalForJobs.verificationJobs ??= startPeriodicJob("verification-jobs", () => verificationJobsPass(getDb()), INTERVAL_MS);
}
