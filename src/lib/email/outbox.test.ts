import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { testDb } from "../../../test/db";
import { log } from "@/lib/log";
import { enqueueEmail } from "./outbox";

delete process.env.SMTP_URL; // this file is about the no-SMTP behaviour

const reset = {
  kind: "password-reset" as const,
  to: "member@example.com",
  subject: "Reset your password",
  text: "Follow http://localhost:3000/reset-password?token=abc to choose a new password.",
  log: { link: "http://localhost:3000/reset-password?token=abc" },
};

describe("enqueueEmail", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes a pending row and returns its id", async () => {
    const id = await enqueueEmail(testDb(), reset);
    const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({
      kind: "password-reset",
      toAddress: "member@example.com",
      subject: "Reset your password",
      textBody: reset.text,
      replyTo: "info@vanguardveterans.org",
      attachments: [],
      status: "pending",
      attempts: 0,
      sentAt: null,
    });
    // No HTML given: the text's paragraphs, escaped, with the link made a link.
    expect(row!.htmlBody).toContain('<p>Follow <a href="http://localhost:3000/reset-password?token=abc">http://localhost:3000/reset-password?token=abc</a> to choose a new password.</p>');
  });

  it("keeps a Reply-To of the message's own", async () => {
    const id = await enqueueEmail(testDb(), { ...reset, replyTo: "Events desk <events@vanguardveterans.org>" });
    const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row!.replyTo).toBe("Events desk <events@vanguardveterans.org>");
  });

  it("without SMTP logs one structured line with the outbox id, kind, recipient, subject and link", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const id = await enqueueEmail(testDb(), reset);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      {
        event: "email.not-sent",
        outboxId: id,
        kind: "password-reset",
        to: "member@example.com",
        subject: "Reset your password",
        link: "http://localhost:3000/reset-password?token=abc",
      },
      expect.stringContaining("SMTP_URL is unset"),
    );
  });

  it("in production logs the line without the link: a log never holds a reset token", async () => {
    // The file's own pool first: getDb() parses and keeps the environment it sees, and must not keep
    // the production one stubbed below (the file's other tests read the same module).
    const db = testDb();
    vi.resetModules();
    vi.stubEnv("NODE_ENV", "production");
    try {
      const production = await import("./outbox"); // parses the environment afresh
      const { log: productionLog } = await import("@/lib/log"); // the logger that fresh module writes to
      const info = vi.spyOn(productionLog, "info").mockImplementation(() => {});
      const id = await production.enqueueEmail(db, reset);
      expect(info).toHaveBeenCalledTimes(1);
      const [fields, message] = info.mock.calls[0] as unknown as [Record<string, unknown>, string];
      expect(fields).toEqual({ event: "email.not-sent", outboxId: id, kind: "password-reset", to: "member@example.com", subject: "Reset your password" });
      expect(JSON.stringify([fields, message])).not.toContain("token=");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("EMAIL_REPLY_TO names the mailbox answers go to; anything but an address is refused at start", async () => {
    const db = testDb();
    vi.resetModules();
    try {
      vi.stubEnv("EMAIL_REPLY_TO", "Members desk <members@vanguardveterans.org>");
      const configured = await import("./outbox");
      const id = await configured.enqueueEmail(db, { ...reset, to: `reply-to-${randomUUID()}@example.com` });
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
      expect(row!.replyTo).toBe("Members desk <members@vanguardveterans.org>");

      for (const bad of ["not an address", "a@b", "x@y.org\r\nBcc: z@evil.test", "Desk\r\nBcc: z@evil.test <desk@vanguardveterans.org>"]) {
        vi.resetModules();
        vi.stubEnv("EMAIL_REPLY_TO", bad);
        const { getEnv } = await import("@/lib/env");
        expect(() => getEnv(), bad).toThrow(/EMAIL_REPLY_TO must be an email address/);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("commits and rolls back with the caller's transaction", async () => {
    const db = testDb();
    // Recipients of this test's own: the other tests in this file write to the same outbox.
    const [kept, dropped] = [`committed-${randomUUID()}@example.com`, `rolled-back-${randomUUID()}@example.com`];
    const committed = await db.transaction((tx) => enqueueEmail(tx, { ...reset, to: kept }));
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, { ...reset, to: dropped });
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");

    const rows = await db
      .select({ id: emailOutbox.id, to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, [kept, dropped]));
    expect(rows).toEqual([{ id: committed, to: kept }]);
  });

  it("queues nothing for an address on the reserved .invalid domain, which can never receive mail", async () => {
    const tag = randomUUID();
    const [deleted, named] = [`deleted-${tag}@deleted.invalid`, `Deleted account <deleted-${tag}@Deleted.INVALID>`];
    vi.spyOn(log, "info").mockImplementation(() => {});
    expect(await enqueueEmail(testDb(), { ...reset, to: deleted })).toBeNull();
    expect(await enqueueEmail(testDb(), { ...reset, to: named })).toBeNull();
    expect(await testDb().select().from(emailOutbox).where(inArray(emailOutbox.toAddress, [deleted, named]))).toEqual([]);
    // Only the top-level domain counts: a real domain containing "invalid" still gets its mail.
    expect(await enqueueEmail(testDb(), { ...reset, to: "someone@invalid.example.com" })).toEqual(expect.any(Number));
  });
});
