import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { ownDatabase, testDb } from "../../../test/db";
import { startSmtpServer, type TestSmtpServer } from "../../../test/smtp";
import { log } from "@/lib/log";
import { enqueueEmail } from "./outbox";
import { sendEmail } from "./send";
import { smtpTransport } from "./transport";
import { createEmailWorker, kickEmailDelivery, startEmailWorker, stopEmailWorker } from "./worker";

/** A recipient no other test writes to: the server's mailbag is shared by the tests of the process-wide worker. */
const recipient = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const message = (to: string) => ({ kind: "welcome" as const, to, subject: "Hello", text: "Body" });

/** A mail server of the test's own, stopped when it finishes. */
async function ownSmtp(): Promise<TestSmtpServer> {
  const smtp = await startSmtpServer();
  onTestFinished(() => smtp.stop());
  return smtp;
}

describe("email worker", () => {
  // The process-wide worker (startEmailWorker) reads SMTP_URL from the environment, once per file.
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
  afterEach(() => vi.restoreAllMocks());

  it("started from the environment, delivers promptly when kicked, with EMAIL_FROM as sender", async () => {
    startEmailWorker(); // whichever of these two tests runs first starts it; the other's call changes nothing
    const to = recipient("kicked");
    const id = await enqueueEmail(testDb(), message(to));
    await kickEmailDelivery();

    const mine = smtp.received.filter((m) => m.to.includes(to));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ to: [to], from: "no-reply@vanguardveterans.org", subject: "Hello" });
    const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row?.status).toBe("sent");
  });

  it("sendEmail enqueues and delivers without waiting for the next poll", async () => {
    startEmailWorker();
    const to = recipient("send");
    const id = await sendEmail({ ...message(to), subject: "Verify your email address" });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).map((m) => m.subject), { timeout: 5_000 }).toEqual([
      "Verify your email address",
    ]);
    await kickEmailDelivery(); // the pass that sent it has committed by the time this one ends
    const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row?.status).toBe("sent");
  });

  // The workers below run their passes over a database of their own: a pass sends every due row.
  it("a new worker picks up what was left pending (state lives in the table)", async () => {
    const db = await ownDatabase();
    const mail = await ownSmtp();
    await db.insert(emailOutbox).values({ kind: "test", toAddress: "left@example.com", subject: "Left over", textBody: "x" });
    const worker = createEmailWorker(db, smtpTransport(mail.url, "test@example.com"), { intervalMs: 60_000 });
    try {
      await mail.waitForMessages(1); // it runs a pass as soon as it starts
      expect(mail.received.map((m) => m.subject)).toEqual(["Left over"]);
    } finally {
      await worker.stop();
    }
  });

  it("kicks during a pass coalesce into one more pass and deliver everything once", async () => {
    const db = await ownDatabase();
    const mail = await ownSmtp();
    const worker = createEmailWorker(db, smtpTransport(mail.url, "test@example.com"), { intervalMs: 60_000, batchSize: 2 });
    try {
      await worker.kick();
      for (let i = 0; i < 5; i++) {
        await db.insert(emailOutbox).values({ kind: "test", toAddress: `m${i}@example.com`, subject: `M${i}`, textBody: "x" });
        void worker.kick();
      }
      await worker.kick();
      expect(mail.received.map((m) => m.subject).sort()).toEqual(["M0", "M1", "M2", "M3", "M4"]);
    } finally {
      await worker.stop();
    }
  });

  it("SMTP errors are recorded and logged, never thrown", async () => {
    const db = await ownDatabase();
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const [inserted] = await db
      .insert(emailOutbox)
      .values({ kind: "test", toAddress: "a@example.com", subject: "S", textBody: "x" })
      .returning({ id: emailOutbox.id });
    const broken = { send: () => Promise.reject(new Error("connect ECONNREFUSED")), close: () => {} };
    const worker = createEmailWorker(db, broken, { intervalMs: 60_000 });
    try {
      await expect(worker.kick()).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith({ event: "email.delivery-failed", retried: 1, failed: 0 }, expect.any(String));
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, inserted!.id));
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "Error: connect ECONNREFUSED" });
    } finally {
      await worker.stop();
    }
  });
});
