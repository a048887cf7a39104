import { getDb } from "@/db/client";
import * as clock from "@/lib/clock";
import { kickEmailDelivery } from "@/lib/email/worker";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { startPeriodicJob, type PeriodicJob } from "@/lib/periodic-job";
import { sendDueMembershipReminders } from "./membership-reminders.service";

// On globalThis like the other jobs: one per server process, whatever the bundle.
const globalForJobs = globalThis as unknown as { membershipJobs?: PeriodicJob<number> };

/** Called once per server process from instrumentation.ts. Reminders are claimed in the database, so several servers may run it. */
export function startMembershipJobs(): void {
  globalForJobs.membershipJobs ??= startPeriodicJob(
    "membership-jobs",
    async () => {
      const queued = await sendDueMembershipReminders(getDb(), clock.now());
      if (queued > 0) {
        log.info({ event: "memberships.reminders-queued", queued }, "queued membership renewal reminders");
        void kickEmailDelivery();
      }
      return queued;
    },
    getEnv().MEMBERSHIP_REMINDER_INTERVAL_SECONDS * 1000,
  );
}
