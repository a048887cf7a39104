import { getDb } from "@/db/client";
import * as clock from "@/lib/clock";
import { kickEmailDelivery } from "@/lib/email/worker";
import { log } from "@/lib/log";
import { getStripe } from "@/lib/payments/stripe";
import { startPeriodicJob, type PeriodicJob } from "@/lib/periodic-job";
import { releaseAbandonedCardOrders } from "./abandoned-card-orders.service";

const INTERVAL_MS = 5 * 60_000;

// On globalThis like the email worker: one per server process, whatever the bundle.
const globalForJobs = globalThis as unknown as { orderJobs?: PeriodicJob<number> };

/** Called once per server process from instrumentation.ts. All state is in the database, so several servers may run it. */
export function startOrderJobs(): void {
  globalForJobs.orderJobs ??= startPeriodicJob(
    "order-jobs",
    async () => {
      const released = await releaseAbandonedCardOrders(getDb(), getStripe(), clock.now());
      if (released > 0) {
        log.info({ event: "orders.unpaid-card-orders-released", released }, "released the stock of unpaid card orders");
        void kickEmailDelivery();
      }
      return released;
    },
    INTERVAL_MS,
  );
}
