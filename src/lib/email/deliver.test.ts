import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { testDb, truncate } from "../../../test/db";
import { startSmtpServer, type TestSmtpServer } from "../../../test/smtp";
import { MAX_ATTEMPTS, deliverDueEmails, retryDelayMs } from "./deliver";
import { enqueueEmail } from "./outbox";
import { smtpTransport, type MailTransport } from "./transport";

const FROM = "Vanguard Veterans Association <no-reply@vanguardveterans.org>";
const MINUTE = 60_000;

/** A loopback port with nothing listening: connecting fails at once with ECONNREFUSED. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function row(id: number) {
  const [found] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

function enqueue(overrides: Partial<Parameters<typeof enqueueEmail>[1]> = {}) {
  return enqueueEmail(testDb(), {
    kind: "test",
    to: "member@example.com",
    subject: "Hello",
    text: "Plain text body",
    ...overrides,
  });
}

describe("deliverDueEmails over real SMTP", () => {
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    transport = smtpTransport(smtp.url, FROM);
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    vi.spyOn(console, "log").mockImplementation(() => {}); // enqueueing without SMTP_URL logs links
    smtp.received.length = 0;
    await truncate(emailOutbox);
  });
  afterEach(() => vi.restoreAllMocks());

  it("sends a due message and marks it sent", async () => {
    const id = await enqueue({ to: "jane@example.com", subject: "Welcome aboard", text: "Glad you joined.", html: "<p>Glad you joined.</p>" });
    const now = new Date(Date.now() + 1000);

    expect(await deliverDueEmails(testDb(), transport, { now })).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({
      to: ["jane@example.com"],
      envelopeFrom: "no-reply@vanguardveterans.org",
      from: "no-reply@vanguardveterans.org",
      subject: "Welcome aboard",
    });
    expect(mail?.text.trim()).toBe("Glad you joined.");
    expect(mail?.html?.trim()).toBe("<p>Glad you joined.</p>");
    expect(await row(id)).toMatchObject({ status: "sent", sentAt: now, attempts: 1, lastError: null });

    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverDueEmails(testDb(), transport, { now })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("leaves messages that are not due yet alone", async () => {
    const id = await enqueue();
    await testDb().update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() + 10 * MINUTE) }).where(eq(emailOutbox.id, id));

    expect(await deliverDueEmails(testDb(), transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect((await row(id)).status).toBe("pending");
  });

  it("delivers a text/calendar attachment intact", async () => {
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Vanguard Veterans Association//Events//EN",
      "BEGIN:VEVENT",
      "UID:event-7@vanguardveterans.org",
      "DTSTART;TZID=America/Chicago:20270704T090000",
      "SUMMARY:Independence Day 5K — Ruck & Run",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    await enqueue({
      kind: "event-registration",
      subject: "You're registered",
      attachments: [{ filename: "event.ics", contentType: "text/calendar; charset=utf-8", content: ics }],
    });

    await deliverDueEmails(testDb(), transport, { now: new Date(Date.now() + 1000) });

    const attachments = smtp.received[0]?.attachments;
    expect(attachments).toHaveLength(1);
    expect(attachments?.[0]).toMatchObject({ filename: "event.ics", content: ics.replaceAll("\r\n", "\n") });
    // The parser normalises calendar line endings, so check the exact bytes (CRLF, UTF-8) on the wire too.
    expect(smtp.received[0]?.raw.replaceAll("\r\n", "")).toContain(Buffer.from(ics).toString("base64"));
    expect(attachments?.[0]?.contentType).toMatch(/^text\/calendar/);
  });

  it("two concurrent passes over 20 due messages send each exactly once", async () => {
    for (let i = 1; i <= 20; i++) await enqueue({ to: `member${i}@example.com`, subject: `Message ${i}` });
    // A little latency per send keeps both passes busy at the same time.
    const slow: MailTransport = {
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await transport.send(message);
      },
      close: () => {},
    };
    const now = new Date(Date.now() + 1000);

    const [a, b] = await Promise.all([
      deliverDueEmails(testDb(), slow, { now, batchSize: 20 }),
      deliverDueEmails(testDb(), slow, { now, batchSize: 20 }),
    ]);

    expect(a.sent + b.sent).toBe(20);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(subjects).toHaveLength(20);
    expect(new Set(subjects).size).toBe(20);
    const statuses = await testDb().select({ status: emailOutbox.status }).from(emailOutbox);
    expect(statuses.every((r) => r.status === "sent")).toBe(true);
  });
});

describe("deliverDueEmails when SMTP fails", () => {
  beforeEach(async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await truncate(emailOutbox);
  });
  afterEach(() => vi.restoreAllMocks());

  it("a server that rejects the message: the row stays pending and is scheduled again", async () => {
    const smtp = await startSmtpServer({ reject: { code: 451, message: "Mailbox busy, try later" } });
    const transport = smtpTransport(smtp.url, FROM);
    try {
      const id = await enqueue();
      const now = new Date(Date.now() + 1000);

      expect(await deliverDueEmails(testDb(), transport, { now })).toEqual({ sent: 0, retried: 1, failed: 0 });

      const after = await row(id);
      expect(after).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
      expect(after.lastError).toContain("451");
      expect(after.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
      expect(after.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(smtp.received).toHaveLength(0);
    } finally {
      transport.close();
      await smtp.stop();
    }
  });

  it("a closed port: retried with growing delays, then failed after the last attempt", async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    const id = await enqueue();
    let now = new Date(Date.now() + 1000);
    const delays: number[] = [];

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueEmails(testDb(), transport, { now })).toEqual({ sent: 0, retried: 1, failed: 0 });
      const after = await row(id);
      expect(after).toMatchObject({ status: "pending", attempts: attempt });
      expect(after.lastError).toMatch(/ECONNREFUSED/);
      delays.push((after.nextAttemptAt.getTime() - now.getTime()) / MINUTE);
      // Not due a moment before its time.
      expect(await deliverDueEmails(testDb(), transport, { now: new Date(after.nextAttemptAt.getTime() - 1) })).toEqual({ sent: 0, retried: 0, failed: 0 });
      now = after.nextAttemptAt;
    }
    expect(delays).toEqual([1, 5, 30, 120, 360, 720, 1440]);

    expect(await deliverDueEmails(testDb(), transport, { now })).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, sentAt: null });
    // A failed message is never picked up again.
    expect(await deliverDueEmails(testDb(), transport, { now: new Date(now.getTime() + 365 * 24 * 60 * MINUTE) })).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("one failing message does not hold back the others in the batch", async () => {
    const smtp = await startSmtpServer();
    const real = smtpTransport(smtp.url, FROM);
    const picky: MailTransport = {
      send: (message) => (message.to === "bad@example.com" ? Promise.reject(new Error("550 no such user")) : real.send(message)),
      close: () => real.close(),
    };
    try {
      const bad = await enqueue({ to: "bad@example.com" });
      const good = await enqueue({ to: "good@example.com" });

      expect(await deliverDueEmails(testDb(), picky, { now: new Date(Date.now() + 1000) })).toEqual({ sent: 1, retried: 1, failed: 0 });
      expect((await row(bad)).status).toBe("pending");
      expect((await row(good)).status).toBe("sent");
      expect(smtp.received.map((m) => m.to)).toEqual([["good@example.com"]]);
    } finally {
      picky.close();
      await smtp.stop();
    }
  });
});
