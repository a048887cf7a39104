import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import type { Database } from "@/db/client";
import { emailOutbox } from "@/db/schema/email";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "@/db/schema/newsletter";
import { auditLog } from "@/db/schema/staff";
import { deliverDueEmails } from "@/lib/email/deliver.service";
import { smtpTransport } from "@/lib/email/transport";
import { hashOpaqueToken } from "@/lib/opaque-token";
import { ownDatabase, testDb } from "../../../test/db";
import { startSmtpServer } from "../../../test/smtp";
import { listIssues } from "./newsletter-desk.queries";
import { unsubscribeAddress, unsubscribeLinkState } from "./newsletter.service";
import { ISSUE_SENT, NEWSLETTER_KIND, NO_SUBSCRIBERS, createIssue, queueNewsletterBatch, sendIssue, sendTestIssue, updateIssue } from "./newsletter-desk.service";
import { oneClickUnsubscribe } from "./one-click-unsubscribe";
import { fromNow } from "../../../test/time";

const NOW = new Date("2027-06-20T15:00:00Z");
const staff = { id: null, email: "editor@vanguardveterans.org" };
const issue = { subject: "June news", body: "Hello **all**.\n\n- Ruck march on [Saturday](https://example.org/ruck)\n- Range day" };
const EMAIL_FROM = "Vanguard Veterans Association <no-reply@vanguardveterans.org>";
const NEWSLETTER_FROM = "Vanguard Veterans News <news@vanguardveterans.org>";

async function addSubscribers(db: Database, emails: string[], confirmed = true): Promise<void> {
  await db.insert(newsletterSubscribers).values(
    emails.map((email) => ({ email, confirmedAt: confirmed ? NOW : null, confirmExpiresAt: confirmed ? null : new Date(NOW.getTime() + 86_400_000) })),
  );
}

const addresses = (label: string, n: number) => Array.from({ length: n }, (_, i) => `${label}-${i}-${randomUUID().slice(0, 6)}@example.com`);

async function newsletterMail(db: Database) {
  return db
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody, headers: emailOutbox.headers })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, NEWSLETTER_KIND));
}

/** The token in a message's List-Unsubscribe header. */
function headerToken(headers: Record<string, string>): string {
  const match = /^<https?:\/\/[^>]+\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})>$/.exec(headers["List-Unsubscribe"] ?? "");
  if (!match) throw new Error(`no unsubscribe link in ${JSON.stringify(headers)}`);
  return match[1]!;
}

/** Queues every waiting recipient, a batch at a time, as the job would. */
async function queueAll(db: Database, batchSize = 100): Promise<void> {
  while ((await queueNewsletterBatch(db, { batchSize, now: NOW })) > 0);
}

describe("drafts", () => {
  it("are created and edited with an audit record each; a sent issue can no longer change", async () => {
    const db = await ownDatabase();
    const { id } = await createIssue(db, staff, issue, NOW);
    await updateIssue(db, staff, { id, subject: "June news (updated)", body: issue.body }, new Date(NOW.getTime() + 60_000));
    const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
    expect(row).toMatchObject({ subject: "June news (updated)", createdByEmail: staff.email, sentAt: null, updatedAt: new Date(NOW.getTime() + 60_000) });
    const audit = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.recordId, String(id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["newsletter.create", "newsletter.update"]);

    await addSubscribers(db, addresses("reader", 1));
    await sendIssue(db, staff, id, NOW);
    await expect(updateIssue(db, staff, { id, subject: "Too late", body: "x" })).rejects.toThrow(ISSUE_SENT);
  });
});

describe("test send", () => {
  it("goes to the staff member alone, marked [Test], with the same parts and headers, and an unsubscribe link that unsubscribes nobody", async () => {
    const db = await ownDatabase();
    await addSubscribers(db, ["reader@example.com"]);
    const { id } = await createIssue(db, staff, issue, NOW);
    await sendTestIssue(db, staff, id);

    const mail = await newsletterMail(db);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: staff.email, subject: "[Test] June news" });
    expect(mail[0]?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await unsubscribeLinkState(db, headerToken(mail[0]!.headers))).toEqual({ status: "unknown" });
    expect(await db.select().from(newsletterDeliveries)).toEqual([]);
  });
});

describe("sending an issue", () => {
  it("addresses every confirmed subscriber once (never a sign-up still waiting), and only once however often Send is pressed", async () => {
    const db = await ownDatabase();
    const confirmed = addresses("confirmed", 3);
    await addSubscribers(db, confirmed);
    await addSubscribers(db, addresses("waiting", 2), false);
    const { id } = await createIssue(db, staff, issue, NOW);

    const [first, second] = await Promise.allSettled([sendIssue(db, staff, id, NOW), sendIssue(db, staff, id, NOW)]);
    const results = [first, second];
    expect(results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<{ recipients: number }>).value)).toEqual([{ recipients: 3 }]);
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([`Error: ${ISSUE_SENT}`]);

    const deliveries = await db.select({ email: newsletterDeliveries.email, status: newsletterDeliveries.status }).from(newsletterDeliveries);
    expect(deliveries.map((d) => d.email).sort()).toEqual([...confirmed].sort());
    expect(deliveries.every((d) => d.status === "pending")).toBe(true);
    const [sent] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
    expect(sent).toMatchObject({ sentAt: NOW, sentByEmail: staff.email, recipientCount: 3, queuedAt: null });
  });

  it("is refused when nobody has confirmed yet", async () => {
    const db = await ownDatabase();
    await addSubscribers(db, addresses("waiting", 1), false);
    const { id } = await createIssue(db, staff, issue, NOW);
    await expect(sendIssue(db, staff, id, NOW)).rejects.toThrow(NO_SUBSCRIBERS);
    expect((await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)))[0]?.sentAt).toBeNull();
  });

  it("each message carries the reader's own one-click unsubscribe link in List-Unsubscribe, in the footer too", async () => {
    const db = await ownDatabase();
    const readers = addresses("reader", 2);
    await addSubscribers(db, readers);
    const { id } = await createIssue(db, staff, issue, NOW);
    await sendIssue(db, staff, id, NOW);
    await queueAll(db);

    const mail = await newsletterMail(db);
    expect(mail.map((m) => m.to).sort()).toEqual([...readers].sort());
    const tokens = new Set<string>();
    for (const message of mail) {
      expect(message.subject).toBe("June news");
      expect(message.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      const token = headerToken(message.headers);
      tokens.add(token);
      expect(message.headers["List-Unsubscribe"]).toBe(`<${process.env.SITE_URL ?? "http://localhost:3000"}/newsletter/unsubscribe?token=${token}>`);
      expect(message.text).toContain(`Unsubscribe in one click:\n\n${process.env.SITE_URL ?? "http://localhost:3000"}/newsletter/unsubscribe?token=${token}\n`);
      expect(message.text).toContain("Hello all.\n\n- Ruck march on Saturday (https://example.org/ruck)\n- Range day");
      expect(message.html).toContain('Hello <strong>all</strong>.');
      expect(message.html).toContain("1776 Patriot Way");
      // Only the hash is kept, on the reader's delivery row.
      expect(await unsubscribeLinkState(db, token)).toEqual({ status: "subscribed", email: message.to });
      const [delivery] = await db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.email, message.to));
      expect(delivery?.unsubscribeTokenHash).toBe(hashOpaqueToken(token));
    }
    expect(tokens.size).toBe(2);
    const [done] = await db.select({ queuedAt: newsletterIssues.queuedAt }).from(newsletterIssues).where(eq(newsletterIssues.id, id));
    expect(done?.queuedAt).toEqual(NOW);
  });

  it("two servers queueing at once, and a pass that crashes before committing, still give each reader exactly one message", async () => {
    const db = await ownDatabase();
    const readers = addresses("many", 23);
    await addSubscribers(db, readers);
    const { id } = await createIssue(db, staff, issue, NOW);
    await sendIssue(db, staff, id, NOW);

    // A process that dies after writing its batch but before the commit: nothing of it remains.
    const crashing = Object.create(db) as Database;
    crashing.transaction = ((work: Parameters<Database["transaction"]>[0]) =>
      db.transaction(async (tx) => {
        await work(tx);
        throw new Error("process killed");
      })) as Database["transaction"];
    await expect(queueNewsletterBatch(crashing, { batchSize: 5, now: NOW })).rejects.toThrow("process killed");
    expect(await newsletterMail(db)).toEqual([]);

    // Two servers' jobs, small batches, at the same time, until nothing is left.
    await Promise.all([queueAll(db, 3), queueAll(db, 4)]);

    const mail = await newsletterMail(db);
    expect(mail.map((m) => m.to).sort()).toEqual([...readers].sort());
    const statuses = await db.select({ status: newsletterDeliveries.status }).from(newsletterDeliveries);
    expect(statuses.every((s) => s.status === "queued")).toBe(true);
    // After a restart there is nothing left to queue.
    expect(await queueNewsletterBatch(db, { now: NOW })).toBe(0);
  });

  it("skips a reader who unsubscribed before their turn came", async () => {
    const db = await ownDatabase();
    const [stays, leaves] = addresses("turn", 2) as [string, string];
    await addSubscribers(db, [stays, leaves]);
    const { id } = await createIssue(db, staff, issue, NOW);
    await sendIssue(db, staff, id, NOW);
    await unsubscribeAddress(db, leaves);
    await queueAll(db);

    expect((await newsletterMail(db)).map((m) => m.to)).toEqual([stays]);
    const [summary] = await listIssues(db);
    expect(summary?.stats).toEqual({ sent: 0, failed: 0, waiting: 1, skipped: 1 });
  });
});

describe("delivery", () => {
  it("goes out over SMTP from NEWSLETTER_FROM with both List-Unsubscribe headers; other mail keeps EMAIL_FROM; the counts follow", async () => {
    const db = await ownDatabase();
    const smtp = await startSmtpServer();
    const transport = smtpTransport(smtp.url, EMAIL_FROM);
    onTestFinished(async () => {
      transport.close();
      await smtp.stop();
    });
    const [reader, bounced] = addresses("smtp", 2) as [string, string];
    await addSubscribers(db, [reader, bounced]);
    const { id } = await createIssue(db, staff, issue, NOW);
    await sendIssue(db, staff, id, NOW);
    await queueAll(db);
    await db.insert(emailOutbox).values({ kind: "order-confirmation", toAddress: reader, subject: "Your order", textBody: "Thanks" });

    const picky = { send: (m: Parameters<typeof transport.send>[0]) => (m.to === bounced ? Promise.reject(new Error("550 no such user")) : transport.send(m)), close: () => {} };
    await deliverDueEmails(db, picky, { now: fromNow(1000), senders: { newsletter: NEWSLETTER_FROM } });
    await db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.toAddress, bounced)); // as after its last attempt

    const newsletter = smtp.received.find((m) => m.subject === "June news");
    expect(newsletter).toMatchObject({ to: [reader], from: "news@vanguardveterans.org", envelopeFrom: "news@vanguardveterans.org" });
    // Header fields as a mail client reads them: a long one may be folded onto a second line (RFC 5322).
    const head = (newsletter?.raw ?? "").split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const token = /^List-Unsubscribe: <[^>]+\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})>\r?$/m.exec(head)?.[1];
    expect(token).toBeDefined();
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(newsletter?.html).toContain("<strong>all</strong>");
    expect(smtp.received.find((m) => m.subject === "Your order")).toMatchObject({ from: "no-reply@vanguardveterans.org" });

    const [summary] = await listIssues(db);
    expect(summary?.stats).toEqual({ sent: 1, failed: 1, waiting: 0, skipped: 0 });

    // The reader's mail client presses Unsubscribe: a POST with no cookie, answered 200.
    const response = await oneClickUnsubscribe(
      db,
      new Request(`http://site.test/newsletter/unsubscribe/one-click?token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    );
    expect(response.status).toBe(200);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, reader))).toEqual([]);
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  async function readerWithToken(): Promise<{ email: string; token: string }> {
    const db = testDb();
    const [email] = addresses("oneclick", 1) as [string];
    await addSubscribers(db, [email]);
    const [row] = await db.insert(newsletterIssues).values({ subject: "x", body: "x", createdByEmail: staff.email, createdAt: NOW, updatedAt: NOW, sentAt: NOW }).returning();
    const token = randomUUID().replaceAll("-", "").padEnd(43, "x");
    await db.insert(newsletterDeliveries).values({ issueId: row!.id, email, status: "queued", unsubscribeTokenHash: hashOpaqueToken(token) });
    return { email, token };
  }
  const post = (token: string, init: RequestInit) => oneClickUnsubscribe(testDb(), new Request(`http://site.test/newsletter/unsubscribe/one-click?token=${token}`, { method: "POST", ...init }));
  const stillSubscribed = async (email: string) => (await testDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).length === 1;

  it("takes the multipart form RFC 8058 recommends, and answers a second press 200 as well", async () => {
    const { email, token } = await readerWithToken();
    const body = new FormData();
    body.set("List-Unsubscribe", "One-Click");
    const first = await post(token, { body });
    expect(first.status).toBe(200);
    expect(first.headers.get("location")).toBeNull();
    expect(await first.text()).toContain("You are unsubscribed");
    expect(await stillSubscribed(email)).toBe(false);
    expect((await post(token, { body })).status).toBe(200);
  });

  it("refuses a request without the one-click body or with a malformed token, and changes nothing", async () => {
    const { email, token } = await readerWithToken();
    const form = { headers: { "content-type": "application/x-www-form-urlencoded" } };
    expect((await post(token, { ...form, body: "List-Unsubscribe=Maybe" })).status).toBe(400);
    expect((await post(token, { headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(400);
    expect((await post("not-a-token", { ...form, body: "List-Unsubscribe=One-Click" })).status).toBe(400);
    expect(await stillSubscribed(email)).toBe(true);
    // A token of the right shape we never issued (a staff test send's): 200, nothing to do.
    expect((await post("B".repeat(43), { ...form, body: "List-Unsubscribe=One-Click" })).status).toBe(200);
    expect(await stillSubscribed(email)).toBe(true);
  });
});
