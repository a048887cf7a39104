import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { listAudit } from "@/lib/audit.service";
import { EMAIL_KIND_NAMES, EMAIL_KINDS } from "@/lib/email/kinds";
import { FormError } from "@/lib/form-state";
import { testDb } from "../../../test/db";
import { getOutboxMessage, listOutbox } from "./email-log-desk.queries";
import { EMAIL_NOT_FOUND, parseOutboxFilter } from "./email-log-desk.schema";
import { ALREADY_SENT, ALREADY_WAITING, LINK_LAPSED, PRIVATE_LINK_KEEPS_ADDRESS, retryEmail } from "./email-log-desk.service";
import { HIDDEN_QUERY, redactLinks } from "./redact";
import { fromNow } from "../../../test/time";

const actor = { id: null, email: "staff@example.com" };
const NOW = fromNow();
const HOUR = 3_600_000;

async function outboxRow(values: Partial<typeof emailOutbox.$inferInsert> = {}): Promise<number> {
  const [row] = await testDb()
    .insert(emailOutbox)
    .values({ kind: "order-confirmation", toAddress: `to-${randomUUID()}@example.com`, subject: "Your order", textBody: "Thanks", status: "failed", attempts: 8, lastError: "Error: 550 mailbox unavailable", ...values })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormError);
  return (error as FormError).message;
}

async function rowOf(id: number) {
  const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

describe("retrying a message", () => {
  it("puts a failed message back in the queue exactly once, even when submitted twice at once", async () => {
    const id = await outboxRow();
    const results = await Promise.allSettled([retryEmail(testDb(), actor, String(id), undefined, NOW), retryEmail(testDb(), actor, String(id), undefined, NOW)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as FormError).message).toBe(ALREADY_WAITING);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: NOW, lastError: "Error: 550 mailbox unavailable" });
    const entries = await listAudit(testDb(), { recordType: "email", recordId: String(id) });
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: "email.retry", before: { status: "failed", attempts: 8, lastError: "Error: 550 mailbox unavailable" }, after: { status: "pending", attempts: 0 } },
    ]);
  });

  it("does not resend a message whose link has lapsed, nor one pending or sent, nor an unknown one", async () => {
    const lapsed = await outboxRow({ kind: "password-reset", status: "expired", attempts: 0, expiresAt: new Date(NOW.getTime() - HOUR) });
    expect(await refusal(retryEmail(testDb(), actor, String(lapsed), undefined, NOW))).toBe(LINK_LAPSED);
    const failedReset = await outboxRow({ kind: "password-reset", expiresAt: new Date(NOW.getTime() - 1) });
    expect(await refusal(retryEmail(testDb(), actor, String(failedReset), undefined, NOW))).toBe(LINK_LAPSED);
    expect(await rowOf(failedReset)).toMatchObject({ status: "failed", attempts: 8 });
    expect(await refusal(retryEmail(testDb(), actor, String(await outboxRow({ status: "pending" })), undefined, NOW))).toBe(ALREADY_WAITING);
    expect(await refusal(retryEmail(testDb(), actor, String(await outboxRow({ status: "sent" })), undefined, NOW))).toBe(ALREADY_SENT);
    for (const id of ["2147483647", "0", "-1", "abc", "1.5", "99999999999", "", "1 or 1=1"]) {
      expect(await refusal(retryEmail(testDb(), actor, id, undefined, NOW)), id).toBe(EMAIL_NOT_FOUND);
    }
    expect(await listAudit(testDb(), { recordType: "email", recordId: String(lapsed) })).toEqual([]);
  });

  it("a message waiting for its next attempt after a failed one is sent now; one not tried yet is already waiting", async () => {
    const later = new Date(NOW.getTime() + 2 * HOUR);
    const id = await outboxRow({ status: "pending", attempts: 3, nextAttemptAt: later, lastError: "Error: 451 try again later" });
    await retryEmail(testDb(), actor, String(id), undefined, NOW);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: NOW });
    expect(await refusal(retryEmail(testDb(), actor, String(id), undefined, NOW))).toBe(ALREADY_WAITING);
    const entries = await listAudit(testDb(), { recordType: "email", recordId: String(id) });
    expect(entries.map(({ action, before }) => ({ action, before }))).toEqual([{ action: "email.retry", before: { status: "pending", attempts: 3, lastError: "Error: 451 try again later" } }]);
  });

  it("sends a refused message to a corrected address, audited with both addresses", async () => {
    const typo = `jordan-${randomUUID()}@gmial.com`;
    const id = await outboxRow({ toAddress: typo });
    const fixed = typo.replace("gmial", "gmail");
    expect(await retryEmail(testDb(), actor, String(id), fixed, NOW)).toEqual({ id, to: fixed });
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, toAddress: fixed });
    const [entry] = await listAudit(testDb(), { recordType: "email", recordId: String(id) });
    expect(entry).toMatchObject({ action: "email.retry", before: { status: "failed", to: typo }, after: { status: "pending", to: fixed } });
  });

  it("never sends a message with a private link to another address, and changes nothing when asked to", async () => {
    for (const kind of ["password-reset", "confirm-email", "claim-orders"] as const) {
      const original = `owner-${randomUUID()}@example.com`;
      const id = await outboxRow({ kind, toAddress: original, expiresAt: new Date(NOW.getTime() + HOUR) });
      expect(await refusal(retryEmail(testDb(), actor, String(id), `someone-else-${randomUUID()}@example.com`, NOW)), kind).toBe(PRIVATE_LINK_KEEPS_ADDRESS);
      expect(await rowOf(id), kind).toMatchObject({ status: "failed", toAddress: original });
      expect(await listAudit(testDb(), { recordType: "email", recordId: String(id) })).toEqual([]);
      // The same address, in any case, is no correction: the retry goes ahead.
      await retryEmail(testDb(), actor, String(id), original.toUpperCase().toLowerCase(), NOW);
      expect((await rowOf(id)).status).toBe("pending");
    }
  });

  it("a failed reset whose link is still valid can be retried", async () => {
    const id = await outboxRow({ kind: "password-reset", expiresAt: new Date(NOW.getTime() + HOUR) });
    await retryEmail(testDb(), actor, String(id), undefined, NOW);
    expect((await rowOf(id)).status).toBe("pending");
  });
});

describe("reading the log", () => {
  it("never shows the text of a message carrying a secret link", async () => {
    const token = `reset-${randomUUID()}`;
    const id = await outboxRow({ kind: "password-reset", textBody: `Reset here: https://site.test/reset-password?token=${token}`, htmlBody: `<a href="https://site.test/reset-password?token=${token}">x</a>` });
    const message = await getOutboxMessage(testDb(), id);
    expect(message?.body).toBeNull();
    expect(JSON.stringify(message)).not.toContain(token);
  });

  it("withholds the text of exactly the kinds src/lib/email/kinds.ts marks secret", async () => {
    const shown: Record<string, boolean> = {};
    for (const kind of EMAIL_KIND_NAMES) {
      const id = await outboxRow({ kind, textBody: "Open https://site.test/x?token=s3cret" });
      shown[kind] = (await getOutboxMessage(testDb(), id))?.body !== null;
    }
    expect(shown).toEqual(Object.fromEntries(EMAIL_KIND_NAMES.map((kind) => [kind, !EMAIL_KINDS[kind].secret])));
  });

  it("shows other messages with their links' query strings removed", async () => {
    const id = await outboxRow({ kind: "event-reminder", textBody: "See https://site.test/events/4?key=abc123#x and https://site.test/shop/orders/9." });
    expect((await getOutboxMessage(testDb(), id))?.body).toBe(`See https://site.test/events/4?${HIDDEN_QUERY} and https://site.test/shop/orders/9.`);
    expect(redactLinks("http://a.test/x?token=s3cret")).not.toContain("s3cret");
  });

  it("filters by status and searches recipients literally", async () => {
    const tag = randomUUID().slice(0, 8);
    const failed = await outboxRow({ toAddress: `dana_${tag}@example.com` });
    const sent = await outboxRow({ toAddress: `dana-${tag}@example.com`, status: "sent" });
    expect((await listOutbox(testDb(), { q: `dana_${tag}`, page: 1 })).messages.map((m) => m.id)).toEqual([failed]);
    expect((await listOutbox(testDb(), { q: tag, status: "sent", page: 1 })).messages.map((m) => m.id)).toEqual([sent]);
    expect((await listOutbox(testDb(), { q: `%${tag}`, page: 1 })).total).toBe(0);
    expect(parseOutboxFilter({ q: "a\u0000" }).searchError).toMatch(/characters/);
    expect(parseOutboxFilter({ status: "bogus", page: "-3" }).filter).toEqual({ status: undefined, page: 1 });
  });
});
