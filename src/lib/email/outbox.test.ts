import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { testDb } from "../../../test/db";
import { enqueueEmail } from "./outbox";

delete process.env.SMTP_URL; // this file is about the no-SMTP behaviour

const reset = {
  kind: "password-reset",
  to: "member@example.com",
  subject: "Reset your password",
  text: "Follow http://localhost:3000/reset-password?token=abc to choose a new password.",
  log: { link: "http://localhost:3000/reset-password?token=abc" },
};

describe("enqueueEmail", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes a pending row and returns its id", async () => {
    const id = await enqueueEmail(testDb(), reset);
    const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({
      kind: "password-reset",
      toAddress: "member@example.com",
      subject: "Reset your password",
      textBody: reset.text,
      htmlBody: null,
      attachments: [],
      status: "pending",
      attempts: 0,
      sentAt: null,
    });
  });

  it("without SMTP prints one line with the recipient, subject and link", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await enqueueEmail(testDb(), reset);
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(line).toMatch(/^\[email\] password-reset to member@example\.com /);
    expect(line).toContain('"Reset your password"');
    expect(line).toContain("http://localhost:3000/reset-password?token=abc");
  });

  it("in production prints the line without the link: a log never holds a reset token", async () => {
    // The file's own pool first: getDb() parses and keeps the environment it sees, and must not keep
    // the production one stubbed below (the file's other tests read the same module).
    const db = testDb();
    vi.resetModules();
    vi.stubEnv("NODE_ENV", "production");
    try {
      const production = await import("./outbox"); // parses the environment afresh
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      await production.enqueueEmail(db, reset);
      const line = String(log.mock.calls[0]?.[0]);
      expect(line).toMatch(/^\[email\] password-reset to member@example\.com "Reset your password" \(not sent/);
      expect(line).not.toContain("token=");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("commits and rolls back with the caller's transaction", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const db = testDb();
    // Kinds of this test's own: the other tests in this file write to the same outbox.
    const [kept, dropped] = [`committed-${randomUUID()}`, `rolled-back-${randomUUID()}`];
    const committed = await db.transaction((tx) => enqueueEmail(tx, { ...reset, kind: kept }));
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, { ...reset, kind: dropped });
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");

    const rows = await db
      .select({ id: emailOutbox.id, kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(inArray(emailOutbox.kind, [kept, dropped]));
    expect(rows).toEqual([{ id: committed, kind: kept }]);
  });
});
