import { getDb, type Database } from "@/db/client";
import { kickEmailDelivery } from "@/lib/email/worker";
import { recordHeartbeat } from "@/lib/heartbeats";
import { log } from "@/lib/log";
import { expireOffers } from "./registration.service";
import { sendDueReminders } from "./reminders.service";
import * as clock from "@/lib/clock";

export interface EventJobs {
  /** Runs one pass now (or waits for the one under way); never rejects. */
  runOnce(): Promise<{ offersExpired: number; remindersQueued: number }>;
  stop(): Promise<void>;
}

/**
 * Expires unclaimed waitlist offers and queues 24-hour reminders, once a minute. All state lives in
 * the database (offer_expires_at, reminder_sent_at), so a restarted process carries on where the last
 * one stopped, and several servers may run it at once: each step is claimed under a row lock.
 */
export function createEventJobs(db: Database, options: { intervalMs?: number; now?: () => Date } = {}): EventJobs {
  const now = options.now ?? clock.now;
  let running: Promise<{ offersExpired: number; remindersQueued: number }> | undefined;

  async function pass() {
    let offersExpired = 0;
    let remindersQueued = 0;
    let ok = true;
    try {
      offersExpired = await expireOffers(db, now());
      remindersQueued = await sendDueReminders(db, now());
    } catch (error) {
      ok = false;
      log.error({ event: "events.jobs-pass-failed", err: error }, "scheduled event jobs pass failed");
    }
    recordHeartbeat("event-jobs", ok);
    if (offersExpired + remindersQueued > 0) log.info({ event: "events.jobs-pass", offersExpired, remindersQueued }, "scheduled event jobs pass");
    if (offersExpired + remindersQueued > 0) void kickEmailDelivery();
    return { offersExpired, remindersQueued };
  }

  function runOnce() {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void runOnce(), options.intervalMs ?? 60_000);
  timer.unref();
  void runOnce();

  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

// On globalThis for the same reason as the email worker: one per server process, whatever the bundle.
const globalForJobs = globalThis as unknown as { eventJobs?: EventJobs };

/** Called once per server process from instrumentation.ts. */
export function startEventJobs(): void {
  if (globalForJobs.eventJobs) return;
  try {
    globalForJobs.eventJobs = createEventJobs(getDb());
  } catch (error) {
    log.error({ event: "events.jobs-not-started", err: error }, "scheduled event jobs not started");
  }
}
