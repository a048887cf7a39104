import { getDb, type Database } from "@/db/client";
import * as clock from "@/lib/clock";
import { log } from "@/lib/log";
import { startPeriodicJob, type PeriodicJob } from "@/lib/periodic-job";
import { NEWSLETTER_BATCH_SIZE, queueNewsletterBatch } from "./newsletter-desk.service";
import { deleteLapsedSignUps } from "./newsletter.service";

/** Once a minute: the pace at which a sent issue's messages enter the outbox (NEWSLETTER_BATCH_SIZE a pass). */
const INTERVAL_MS = 60_000;

/** One pass: forget sign-ups whose confirmation link lapsed, and queue the next batch of a sent issue. */
export async function newsletterJobsPass(db: Database, now: Date = clock.now()): Promise<{ lapsedSignUps: number; queued: number }> {
  const lapsedSignUps = await deleteLapsedSignUps(db, now);
  const queued = await queueNewsletterBatch(db, { batchSize: NEWSLETTER_BATCH_SIZE, now });
  if (lapsedSignUps + queued > 0) log.info({ event: "newsletter.jobs-pass", lapsedSignUps, queued }, "newsletter jobs pass");
  return { lapsedSignUps, queued };
}

// On globalThis like the email worker: one per server process, whatever the bundle.
const globalForJobs = globalThis as unknown as { newsletterJobs?: PeriodicJob<{ lapsedSignUps: number; queued: number }> };

/** Called once per server process from instrumentation.ts. Its state is in the database, so several servers may run it. */
export function startNewsletterJobs(): void {
  globalForJobs.newsletterJobs ??= startPeriodicJob("newsletter-jobs", () => newsletterJobsPass(getDb()), INTERVAL_MS);
}
