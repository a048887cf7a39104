import { getDb, type Database } from "@/db/client";
import { getEnv } from "@/lib/env";
import { recordHeartbeat } from "@/lib/heartbeats";
import { log } from "@/lib/log";
import { deliverDueEmails } from "./deliver.service";
import type { EmailKind } from "./kinds";
import { smtpTransport, type MailTransport } from "./transport";

export interface EmailWorker {
  /** Runs a delivery pass now, or once more after the pass under way; resolves when done. Never rejects. */
  kick(): Promise<void>;
  /** Stops polling, waits for the pass under way, closes the transport. */
  stop(): Promise<void>;
}

export interface EmailWorkerOptions {
  intervalMs?: number;
  batchSize?: number;
  /** Senders other than the transport's own, by message kind (see DeliveryOptions.senders). */
  senders?: Readonly<Partial<Record<EmailKind, string>>>;
}

/**
 * Polls the outbox and delivers due messages. All state is in the table, so a restarted process simply
 * picks up where the last one stopped; SMTP and database errors are logged, never thrown.
 */
export function createEmailWorker(db: Database, transport: MailTransport, options: EmailWorkerOptions = {}): EmailWorker {
  const batchSize = options.batchSize ?? 20;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function drain(): Promise<void> {
    do {
      again = false;
      try {
        const result = await deliverDueEmails(db, transport, { batchSize, senders: options.senders });
        if (result.expired > 0) log.info({ event: "email.expired", expired: result.expired }, "messages expired before they could be sent (not sent)");
        if (result.sent > 0) log.info({ event: "email.sent", sent: result.sent }, "messages sent");
        if (result.retried + result.failed > 0) {
          log.warn(
            { event: "email.delivery-failed", retried: result.retried, failed: result.failed },
            "messages not delivered: retried later, or failed for good (see email_outbox.last_error)",
          );
        }
        // A full batch means more may be due right now.
        if (result.sent + result.retried + result.failed === batchSize) again = true;
        recordHeartbeat("email-delivery", true);
      } catch (error) {
        log.error({ event: "email.delivery-pass-failed", err: error }, "email delivery pass failed");
        recordHeartbeat("email-delivery", false);
      }
    } while (again && !stopped);
  }

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true; // a message committed after the current pass looked may have been missed
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void kick(), options.intervalMs ?? 5_000);
  timer.unref(); // the poller alone must not keep the process alive
  void kick(); // whatever a previous process left due

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}

// On globalThis: instrumentation.ts and the route handlers are separate bundles with their own module
// instances, and kickEmailDelivery() from a route must reach the worker that register() started.
const globalForEmail = globalThis as unknown as { emailWorker?: EmailWorker };

/** Called once per server process from instrumentation.ts: starts the worker when SMTP_URL is set. */
export function startEmailWorker(): void {
  if (globalForEmail.emailWorker) return;
  try {
    const env = getEnv();
    if (!env.SMTP_URL) {
      log.info({ event: "email.smtp-unset" }, "SMTP_URL is not set: messages stay in the outbox (their links are logged outside production)");
      return;
    }
    // Newsletters go from their own sender, so receipts and account mail keep their reputation apart.
    globalForEmail.emailWorker = createEmailWorker(getDb(), smtpTransport(env.SMTP_URL, env.EMAIL_FROM), { senders: { newsletter: env.NEWSLETTER_FROM } });
    log.info({ event: "email.smtp", host: new URL(env.SMTP_URL).host }, "delivering email over SMTP");
  } catch (error) {
    log.error({ event: "email.worker-not-started", err: error }, "email outbox worker not started");
  }
}

/**
 * Asks for prompt delivery; call it after the transaction that enqueued a message has committed.
 * Without a worker (no SMTP_URL) it does nothing. Never rejects; awaiting it is optional.
 */
export function kickEmailDelivery(): Promise<void> {
  return globalForEmail.emailWorker?.kick() ?? Promise.resolve();
}

export async function stopEmailWorker(): Promise<void> {
  const worker = globalForEmail.emailWorker;
  globalForEmail.emailWorker = undefined;
  await worker?.stop();
}
