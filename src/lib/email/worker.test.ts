import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { testDb, truncate } from "../../../test/db";
import { startSmtpServer, type TestSmtpServer } from "../../../test/smtp";
import { log } from "@/lib/log";
import { enqueueEmail } from "./outbox";
import { sendEmail } from "./send";
import { smtpTransport } from "./transport";
import { createEmailWorker, kickEmailDelivery, startEmailWorker, stopEmailWorker } from "./worker";

const message = { kind: "test", to: "member@example.com", subject: "Hello", text: "Body" };

describe("email worker", () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Before anything reads the environment (getEnv parses it once per test file).
    process.env.SMTP_URL = smtp.url;
    delete process.env.EMAIL_FROM;
  });
  afterAll(async () => {
    await stopEmailWorker();
    await smtp.stop();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await truncate(emailOutbox);
  });
  afterEach(() => vi.restoreAllMocks());

  it("started from the environment, delivers promptly when kicked, with EMAIL_FROM as sender", async () => {
    startEmailWorker();
    const id = await enqueueEmail(testDb(), message);
    await kickEmailDelivery();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: ["member@example.com"], from: "no-reply@vanguardveterans.org", subject: "Hello" });
    const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe("sent");
  });

  it("sendEmail enqueues and delivers without waiting for the next poll", async () => {
    startEmailWorker(); // already running from the test above: a second call changes nothing
    const id = await sendEmail({ ...message, subject: "Verify your e-mail address" });
    await smtp.waitForMessages(1);
    expect(smtp.received[0]?.subject).toBe("Verify your e-mail address");
    await kickEmailDelivery(); // the pass that sent it has committed by the time this one ends
    const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe("sent");
  });

  it("a new worker picks up what was left pending (state lives in the table)", async () => {
    await testDb().insert(emailOutbox).values({ kind: "test", toAddress: "left@example.com", subject: "Left over", textBody: "x" });
    const worker = createEmailWorker(testDb(), smtpTransport(smtp.url, "test@example.com"), { intervalMs: 60_000 });
    try {
      await smtp.waitForMessages(1); // it runs a pass as soon as it starts
      expect(smtp.received[0]?.subject).toBe("Left over");
    } finally {
      await worker.stop();
    }
  });

  it("kicks during a pass coalesce into one more pass and deliver everything once", async () => {
    const worker = createEmailWorker(testDb(), smtpTransport(smtp.url, "test@example.com"), { intervalMs: 60_000, batchSize: 2 });
    try {
      await worker.kick();
      for (let i = 0; i < 5; i++) {
        await testDb().insert(emailOutbox).values({ kind: "test", toAddress: `m${i}@example.com`, subject: `M${i}`, textBody: "x" });
        void worker.kick();
      }
      await worker.kick();
      expect(smtp.received.map((m) => m.subject).sort()).toEqual(["M0", "M1", "M2", "M3", "M4"]);
    } finally {
      await worker.stop();
    }
  });

  it("SMTP errors are recorded and logged, never thrown", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    await testDb().insert(emailOutbox).values({ kind: "test", toAddress: "a@example.com", subject: "S", textBody: "x" });
    const broken = { send: () => Promise.reject(new Error("connect ECONNREFUSED")), close: () => {} };
    const worker = createEmailWorker(testDb(), broken, { intervalMs: 60_000 });
    try {
      await expect(worker.kick()).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith({ event: "email.delivery-failed", retried: 1, failed: 0 }, expect.any(String));
      const [row] = await testDb().select().from(emailOutbox);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "Error: connect ECONNREFUSED" });
    } finally {
      await worker.stop();
    }
  });
});
