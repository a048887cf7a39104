import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import type { Database } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { ownDatabase } from "../../../test/db";
import { startSmtpServer, type TestSmtpOptions, type TestSmtpServer } from "../../../test/smtp";
import { MAX_ATTEMPTS, deliverDueEmails, expireStaleEmails, retryDelayMs } from "./deliver.service";
import { enqueueEmail } from "./outbox";
import { smtpTransport, type MailTransport } from "./transport";
import { closedPort } from "../../../test/ports";
import { fromNow } from "../../../test/time";

const FROM = "Vanguard Veterans Association <no-reply@vanguardveterans.org>";
const MINUTE = 60_000;

/**
 * A delivery pass works on every due row of the outbox, so each test delivers from an outbox of its
 * own (a database of its own) to a mail server of its own: the counts it asserts are its messages'.
 */
async function ownOutbox(options?: TestSmtpOptions): Promise<{ db: Database; smtp: TestSmtpServer; transport: MailTransport }> {
  const db = await ownDatabase();
  const smtp = await startSmtpServer(options);
  const transport = smtpTransport(smtp.url, FROM);
  onTestFinished(async () => {
    transport.close();
    await smtp.stop();
  });
  return { db, smtp, transport };
}

async function row(db: Database, id: number) {
  const [found] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

async function enqueue(db: Database, overrides: Partial<Parameters<typeof enqueueEmail>[1]> = {}): Promise<number> {
  const id = await enqueueEmail(db, {
    kind: "welcome",
    to: "member@example.com",
    subject: "Hello",
    text: "Plain text body",
    ...overrides,
  });
  if (id === null) throw new Error("the message was not queued");
  return id;
}

afterEach(() => vi.restoreAllMocks());

describe("deliverDueEmails over real SMTP", () => {
  it("sends a due message and marks it sent", async () => {
    const { db, smtp, transport } = await ownOutbox();
    const id = await enqueue(db, { to: "jane@example.com", subject: "Welcome aboard", text: "Glad you joined.", html: "<p>Glad you joined.</p>" });
    const now = fromNow(1000);

    expect(await deliverDueEmails(db, transport, { now })).toEqual({ sent: 1, retried: 0, failed: 0, expired: 0 });

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
    expect(await row(db, id)).toMatchObject({ status: "sent", sentAt: now, attempts: 1, lastError: null });

    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverDueEmails(db, transport, { now })).toEqual({ sent: 0, retried: 0, failed: 0, expired: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("sends the Reply-To address a message was queued with, and the association's (EMAIL_REPLY_TO) otherwise", async () => {
    const { db, smtp, transport } = await ownOutbox();
    await enqueue(db, { to: "sender@example.com", subject: "Re: Your question", replyTo: "desk@vanguardveterans.org" });
    await enqueue(db, { to: "other@example.com", subject: "No reply-to of its own" });
    await deliverDueEmails(db, transport, { now: fromNow(1000) });
    const raw = (subject: string) => smtp.received.find((mail) => mail.subject === subject)?.raw ?? "";
    expect(raw("Re: Your question")).toMatch(/^Reply-To: desk@vanguardveterans\.org\r?$/im);
    expect(raw("No reply-to of its own")).toMatch(/^Reply-To: info@vanguardveterans\.org\r?$/im);
  });

  it("a message queued with text only still goes out with an HTML part saying the same", async () => {
    const { db, smtp, transport } = await ownOutbox();
    await enqueue(db, { subject: "Text only", text: "Hello <friend>,\n\nSee https://example.org/a?b=1&c=2." });
    await deliverDueEmails(db, transport, { now: fromNow(1000) });
    const [mail] = smtp.received;
    expect(mail?.text.trim()).toBe("Hello <friend>,\n\nSee https://example.org/a?b=1&c=2.");
    expect(mail?.html).toContain("<p>Hello &lt;friend&gt;,</p>");
    expect(mail?.html).toContain('<p>See <a href="https://example.org/a?b=1&amp;c=2">https://example.org/a?b=1&amp;c=2</a>.</p>');
  });

  it("sends the header fields a message was queued with, and the sender its kind is given", async () => {
    const { db, smtp, transport } = await ownOutbox();
    const headers = { "List-Unsubscribe": "<https://site.test/newsletter/unsubscribe?token=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    await enqueue(db, { kind: "newsletter", to: "reader@example.com", subject: "June news", headers });
    await enqueue(db, { kind: "order-confirmation", to: "buyer@example.com", subject: "Your order" });
    await deliverDueEmails(db, transport, { now: fromNow(1000), senders: { newsletter: "News <news@vanguardveterans.org>" } });

    const head = (subject: string) => (smtp.received.find((mail) => mail.subject === subject)?.raw ?? "").split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
    expect(head("June news")).toMatch(/^List-Unsubscribe: <https:\/\/site\.test\/newsletter\/unsubscribe\?token=abc>\r?$/m);
    expect(head("June news")).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(head("June news")).toMatch(/^From: News <news@vanguardveterans\.org>\r?$/m);
    expect(head("Your order")).not.toMatch(/^List-Unsubscribe/im);
    expect(smtp.received.find((mail) => mail.subject === "Your order")).toMatchObject({ from: "no-reply@vanguardveterans.org", envelopeFrom: "no-reply@vanguardveterans.org" });
  });

  it("leaves messages that are not due yet alone", async () => {
    const { db, smtp, transport } = await ownOutbox();
    const id = await enqueue(db);
    await db.update(emailOutbox).set({ nextAttemptAt: fromNow(10 * MINUTE) }).where(eq(emailOutbox.id, id));

    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 0, retried: 0, failed: 0, expired: 0 });
    expect(smtp.received).toHaveLength(0);
    expect((await row(db, id)).status).toBe("pending");
  });

  it("delivers a text/calendar attachment intact", async () => {
    const { db, smtp, transport } = await ownOutbox();
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
    await enqueue(db, {
      kind: "event-registration",
      subject: "You're registered",
      attachments: [{ filename: "event.ics", contentType: "text/calendar; charset=utf-8", content: ics }],
    });

    await deliverDueEmails(db, transport, { now: fromNow(1000) });

    const attachments = smtp.received[0]?.attachments;
    expect(attachments).toHaveLength(1);
    expect(attachments?.[0]).toMatchObject({ filename: "event.ics", content: ics.replaceAll("\r\n", "\n") });
    // The parser normalises calendar line endings, so check the exact bytes (CRLF, UTF-8) on the wire too.
    expect(smtp.received[0]?.raw.replaceAll("\r\n", "")).toContain(Buffer.from(ics).toString("base64"));
    expect(attachments?.[0]?.contentType).toMatch(/^text\/calendar/);
  });

  it("two concurrent passes over 20 due messages send each exactly once", async () => {
    const { db, smtp, transport } = await ownOutbox();
    for (let i = 1; i <= 20; i++) await enqueue(db, { to: `member${i}@example.com`, subject: `Message ${i}` });
    // A little latency per send keeps both passes busy at the same time.
    const slow: MailTransport = {
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await transport.send(message);
      },
      close: () => {},
    };
    const now = fromNow(1000);

    const [a, b] = await Promise.all([
      deliverDueEmails(db, slow, { now, batchSize: 20 }),
      deliverDueEmails(db, slow, { now, batchSize: 20 }),
    ]);

    expect(a.sent + b.sent).toBe(20);
    // How the 20 split between the two passes is up to the race; that both took part is the point.
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(subjects).toHaveLength(20);
    expect(new Set(subjects).size).toBe(20);
    const statuses = await db.select({ status: emailOutbox.status }).from(emailOutbox);
    expect(statuses.every((r) => r.status === "sent")).toBe(true);
  });
});

describe("messages that expire while they wait", () => {
  it("mail turned on after a pile-up: the lapsed reset link is marked expired, the rest go out", async () => {
    const { db, smtp, transport } = await ownOutbox();
    const enqueuedAt = fromNow().getTime();
    const reset = await enqueue(db, { kind: "password-reset", subject: "Reset your password", expiresAt: new Date(enqueuedAt + 60 * MINUTE) });
    const offer = await enqueue(db, { kind: "event-seat-offer", subject: "A seat is yours", expiresAt: new Date(enqueuedAt + 24 * 60 * MINUTE) });
    const welcome = await enqueue(db, { subject: "Welcome aboard" });
    // SMTP comes on two hours later: the reset link lapsed an hour ago, the seat offer still stands.
    const now = new Date(enqueuedAt + 120 * MINUTE);

    expect(await deliverDueEmails(db, transport, { now })).toEqual({ sent: 2, retried: 0, failed: 0, expired: 1 });

    expect(smtp.received.map((m) => m.subject).sort()).toEqual(["A seat is yours", "Welcome aboard"]);
    expect(await row(db, reset)).toMatchObject({ status: "expired", sentAt: null, attempts: 0 });
    expect((await row(db, offer)).status).toBe("sent");
    expect((await row(db, welcome)).status).toBe("sent");
  });

  it("a message is still sent up to the moment it expires, and expired at that moment", async () => {
    const { db, smtp, transport } = await ownOutbox();
    const expiresAt = fromNow(10 * MINUTE);
    const early = await enqueue(db, { subject: "Just in time", expiresAt });
    expect(await deliverDueEmails(db, transport, { now: new Date(expiresAt.getTime() - 1) })).toMatchObject({ sent: 1, expired: 0 });
    expect((await row(db, early)).status).toBe("sent");

    const late = await enqueue(db, { subject: "Too late", expiresAt });
    expect(await deliverDueEmails(db, transport, { now: expiresAt })).toMatchObject({ sent: 0, expired: 1 });
    expect((await row(db, late)).status).toBe("expired");
    expect(smtp.received.map((m) => m.subject)).toEqual(["Just in time"]);
  });

  it("a message waiting for a retry expires instead of being retried; sent and failed rows are left alone", async () => {
    const { db, smtp, transport } = await ownOutbox();
    const expiresAt = fromNow(30 * MINUTE);
    const retrying = await enqueue(db, { subject: "Retry me", expiresAt });
    await db
      .update(emailOutbox)
      .set({ attempts: 3, lastError: "451 busy", nextAttemptAt: new Date(expiresAt.getTime() + 60 * MINUTE) })
      .where(eq(emailOutbox.id, retrying));
    const sent = await enqueue(db, { subject: "Already sent", expiresAt });
    await db.update(emailOutbox).set({ status: "sent", sentAt: fromNow() }).where(eq(emailOutbox.id, sent));
    const failed = await enqueue(db, { subject: "Gave up", expiresAt });
    await db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.id, failed));

    expect(await expireStaleEmails(db, new Date(expiresAt.getTime() + MINUTE))).toBe(1);

    expect(await row(db, retrying)).toMatchObject({ status: "expired", attempts: 3, lastError: "451 busy" });
    expect((await row(db, sent)).status).toBe("sent");
    expect((await row(db, failed)).status).toBe("failed");
    // An expired row is never picked up again, however late it gets.
    expect(await deliverDueEmails(db, transport, { now: new Date(expiresAt.getTime() + 365 * 24 * 60 * MINUTE) })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
      expired: 0,
    });
    expect(smtp.received).toHaveLength(0);
  });

  it("a message without expiresAt never expires", async () => {
    const db = await ownDatabase();
    const id = await enqueue(db);
    expect(await expireStaleEmails(db, fromNow(10 * 365 * 24 * 60 * MINUTE))).toBe(0);
    expect((await row(db, id)).status).toBe("pending");
  });
});

describe("deliverDueEmails when SMTP fails", () => {
  it("a server that rejects the message: the row stays pending and is scheduled again", async () => {
    const { db, smtp, transport } = await ownOutbox({ reject: { code: 451, message: "Mailbox busy, try later" } });
    const id = await enqueue(db);
    const now = fromNow(1000);

    expect(await deliverDueEmails(db, transport, { now })).toEqual({ sent: 0, retried: 1, failed: 0, expired: 0 });

    const after = await row(db, id);
    expect(after).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(after.lastError).toContain("451");
    expect(after.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    expect(after.nextAttemptAt.getTime()).toBeGreaterThan(fromNow().getTime());
    expect(smtp.received).toHaveLength(0);
  });

  it("a recipient refused for good (550 at RCPT TO) fails at its first attempt, with the server's reason; the others go out", async () => {
    const { db, smtp, transport } = await ownOutbox({ rejectRecipients: { addresses: ["gone@example.com"], code: 550, message: "5.1.1 No such user here" } });
    const gone = await enqueue(db, { to: "gone@example.com" });
    const fine = await enqueue(db, { to: "fine@example.com" });
    const now = fromNow(1000);

    expect(await deliverDueEmails(db, transport, { now })).toEqual({ sent: 1, retried: 0, failed: 1, expired: 0 });
    const after = await row(db, gone);
    expect(after).toMatchObject({ status: "failed", attempts: 1, sentAt: null });
    expect(after.lastError).toMatch(/^Refused for good: .*550 5\.1\.1 No such user here/);
    expect((await row(db, fine)).status).toBe("sent");
    expect(smtp.received.map((m) => m.to)).toEqual([["fine@example.com"]]);
    // Failed is final: no later pass tries it again.
    expect(await deliverDueEmails(db, transport, { now: new Date(now.getTime() + 365 * 24 * 60 * MINUTE) })).toEqual({ sent: 0, retried: 0, failed: 0, expired: 0 });
  });

  it("a message refused for good at the end of DATA (554) fails at once; a transient 4xx there is retried (above)", async () => {
    const { db, smtp, transport } = await ownOutbox({ reject: { code: 554, message: "5.7.1 Message rejected as spam" } });
    const id = await enqueue(db);

    expect(await deliverDueEmails(db, transport, { now: fromNow(1000) })).toEqual({ sent: 0, retried: 0, failed: 1, expired: 0 });
    const after = await row(db, id);
    expect(after).toMatchObject({ status: "failed", attempts: 1 });
    expect(after.lastError).toContain("554 5.7.1 Message rejected as spam");
    expect(smtp.received).toHaveLength(0);
  });

  it("a closed port: retried with growing delays, then failed after the last attempt", async () => {
    const db = await ownDatabase();
    const transport = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    const id = await enqueue(db);
    let now = fromNow(1000);
    const delays: number[] = [];

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueEmails(db, transport, { now })).toEqual({ sent: 0, retried: 1, failed: 0, expired: 0 });
      const after = await row(db, id);
      expect(after).toMatchObject({ status: "pending", attempts: attempt });
      expect(after.lastError).toMatch(/ECONNREFUSED/);
      delays.push((after.nextAttemptAt.getTime() - now.getTime()) / MINUTE);
      // Not due a moment before its time.
      expect(await deliverDueEmails(db, transport, { now: new Date(after.nextAttemptAt.getTime() - 1) })).toEqual({ sent: 0, retried: 0, failed: 0, expired: 0 });
      now = after.nextAttemptAt;
    }
    expect(delays).toEqual([1, 5, 30, 120, 360, 720, 1440]);

    expect(await deliverDueEmails(db, transport, { now })).toEqual({ sent: 0, retried: 0, failed: 1, expired: 0 });
    expect(await row(db, id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, sentAt: null });
    // A failed message is never picked up again.
    expect(await deliverDueEmails(db, transport, { now: new Date(now.getTime() + 365 * 24 * 60 * MINUTE) })).toEqual({ sent: 0, retried: 0, failed: 0, expired: 0 });
  });

  it("one failing message does not hold back the others in the batch", async () => {
    const { db, smtp, transport: real } = await ownOutbox();
    const picky: MailTransport = {
      send: (message) => (message.to === "bad@example.com" ? Promise.reject(new Error("550 no such user")) : real.send(message)),
      close: () => real.close(),
    };
    const bad = await enqueue(db, { to: "bad@example.com" });
    const good = await enqueue(db, { to: "good@example.com" });

    expect(await deliverDueEmails(db, picky, { now: fromNow(1000) })).toEqual({ sent: 1, retried: 1, failed: 0, expired: 0 });
    expect((await row(db, bad)).status).toBe("pending");
    expect((await row(db, good)).status).toBe("sent");
    expect(smtp.received.map((m) => m.to)).toEqual([["good@example.com"]]);
  });
});
