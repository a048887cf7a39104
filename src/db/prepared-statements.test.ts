/**
 * The application's pool prepares each parameterized statement once per connection, under its text's
 * digest (prepared-statements.ts). Against this file's database: what the connection holds prepared, as
 * PostgreSQL lists it (pg_prepared_statements), inside one transaction so that every statement goes
 * down the same connection.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { events } from "@/db/schema/events";
import { createEvent } from "../../test/events";
import { MAX_PREPARED_PARAMETERS, statementName } from "./prepared-statements";

describe("the pool's prepared statements", () => {
  it("prepares a parameterized statement once on its connection, under its text's digest, and answers as before", async () => {
    const event = await createEvent({ startsAt: new Date("2030-05-01T15:00:00Z"), title: "Prepared" });
    await getDb().transaction(async (tx) => {
      const query = tx.select({ title: events.title }).from(events).where(eq(events.id, event.id));
      const text = query.toSQL().sql;
      expect(await query).toEqual([{ title: "Prepared" }]);
      expect(await tx.select({ title: events.title }).from(events).where(eq(events.id, event.id))).toEqual([{ title: "Prepared" }]);

      const prepared = await tx.execute<{ name: string; statement: string }>(sql`select name, statement from pg_prepared_statements`);
      expect(prepared.rows.filter((row) => row.statement === text)).toEqual([{ name: statementName(text), statement: text }]);
    });
  });

  it("sends a statement with more parameters than a query has (a bulk insert) unnamed", async () => {
    await getDb().transaction(async (tx) => {
      const many = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, index) => -1 - index);
      const query = tx.select({ id: events.id }).from(events).where(inArray(events.id, many));
      expect(await query).toEqual([]);
      const prepared = await tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`);
      expect(prepared.rows.map((row) => row.statement)).not.toContain(query.toSQL().sql);
    });
  });
});
