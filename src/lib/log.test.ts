import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { emailOutbox } from "@/db/schema/email";
import { testDb } from "../../test/db";
import { errorWithoutValues } from "./log";

const body = "Follow http://localhost:3000/reset-password?token=secret-reset-token to choose a new password.";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
afterAll(() => pool.end());

describe("the logger's error serializer", () => {
  it("logs a failed Drizzle query with its SQL and reason, never its parameters", async () => {
    const error: unknown = await testDb()
      .insert(emailOutbox)
      .values({ kind: null as unknown as string, toAddress: "member@example.com", subject: "Reset", textBody: body })
      .then(() => undefined, (e: unknown) => e);
    expect(String((error as Error).message)).toContain("secret-reset-token"); // what Drizzle's own message holds

    const logged = JSON.stringify(errorWithoutValues(error));
    expect(logged).toContain("Failed query: insert into \\\"email_outbox\\\"");
    expect(logged).toContain("parameters not logged");
    expect(logged).toContain("not-null constraint"); // the reason, from the PostgreSQL error it wraps
    expect(logged).not.toContain("token=secret");
    expect(logged).not.toContain("member@example.com");
  });

  it("drops PostgreSQL's 'Failing row contains' detail", async () => {
    const error: unknown = await pool
      .query("insert into email_outbox (kind, to_address, subject, text_body) values (null, $1, $2, $3)", ["member@example.com", "Reset", body])
      .then(() => undefined, (e: unknown) => e);
    expect((error as { detail?: string }).detail).toContain("token=secret-reset"); // PostgreSQL cuts long values short

    const logged = JSON.stringify(errorWithoutValues(error));
    expect(logged).toContain("not-null constraint");
    expect(logged).not.toContain("token=secret");
  });

  it("leaves other errors and non-errors as they are", () => {
    expect(JSON.stringify(errorWithoutValues(new Error("connect ECONNREFUSED 127.0.0.1:5432")))).toContain("ECONNREFUSED");
    expect(errorWithoutValues("plain text")).toBe("plain text");
  });
});
