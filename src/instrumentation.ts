/** Next.js calls register() once when a server process starts. */
export async function register(): Promise<void> {
  // The edge runtime has no sockets or PostgreSQL; the imports stay dynamic so its bundle never sees them.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerAccountHooks } = await import("./account-hooks");
    registerAccountHooks();
    const { startEmailWorker } = await import("./lib/email/worker");
    startEmailWorker();
    const { startEventJobs } = await import("./features/events/event-jobs");
    startEventJobs();
    const { startOrderJobs } = await import("./features/orders/order-jobs");
    startOrderJobs();
    const { startNewsletterJobs } = await import("./features/newsletter/newsletter-jobs");
    startNewsletterJobs();
    const { startMembershipJobs } = await import("./features/renewals/membership-jobs");
    startMembershipJobs();
    const { startVerificationJobs } = await import("./features/verification/verification-jobs");
    startVerificationJobs();
  }
}
