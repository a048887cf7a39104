// @module-tag second-clock: member pricing at checkout follows the date (src/features/cart/priced-cart.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { cp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { user } from "@/db/schema/auth";
import { emailOutbox } from "@/db/schema/email";
import { placeOrder } from "@/features/orders/orders.service";
import { enqueueEmail } from "@/lib/email/outbox";
import { checkoutInput, fillCart, newVisitor } from "../../test/checkout";
import { quoteIdent as quoteDatabase } from "../../test/clone-database";
import { variantId } from "../../test/shop";
import { writeBackup } from "./backup";
import { appliedMigrations, qualified, readSequences, tablesInDependencyOrder } from "./database-catalog";
import { DatabaseNotEmptyError, inspectDatabase, restoreBackup } from "./restore";

const { adminUrl } = inject("testDatabase");
const folder = mkdtempSync(path.join(tmpdir(), "backup-test-"));
const file = path.join(folder, "backup.jsonl.gz");

/** A fresh, empty database on the test server, named for this worker so parallel files never collide. */
async function emptyDatabase(suffix: string): Promise<string> {
  const name = `restore_${suffix}_${process.env.VITEST_POOL_ID ?? "1"}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${quoteDatabase(name)} with (force)`);
    await admin.query(`create database ${quoteDatabase(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Everything a restore must bring back: every table's rows (as text, in a stable order), the sequences and the migration log. */
async function snapshot(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables: Record<string, string[]> = {};
    for (const table of await tablesInDependencyOrder(client)) {
      const { rows } = await client.query<{ row: string }>(`select to_jsonb(t)::text as row from ${qualified(table)} t order by 1`);
      tables[table] = rows.map((r) => r.row);
    }
    return { tables, sequences: await readSequences(client), migrations: await appliedMigrations(client) };
  } finally {
    await client.end();
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe("npm run backup / npm run restore, round trip on the real PostgreSQL", () => {
  let source: string;

  // The fixture every test reads: rows beyond the seed in this file's database, and one backup of it
  // (tests that restore it each restore into a database of their own).
  beforeAll(async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    source = process.env.DATABASE_URL!;
    // Rows beyond the seed in several tables: accounts, a shop order (cart, order, lines, confirmation mail), the outbox.
    await getDb()
      .insert(user)
      .values([
        { id: "backup-user-1", name: `O'Brien "Rusty" — 🇺🇸\nline two`, email: "rusty@example.com", emailVerified: true },
        { id: "backup-user-2", name: "Tab\there, back\\slash", email: "tab@example.com", emailVerified: false },
      ]);
    const { owner } = newVisitor();
    await fillCart(owner, [[await variantId("tactical-cap"), 2]]);
    await placeOrder(getDb(), owner, await checkoutInput(owner, { email: "buyer@example.com" }), "pay_later");
    await enqueueEmail(getDb(), {
      kind: "password-reset",
      to: "rusty@example.com",
      subject: "Reset",
      text: "Follow https://example.test/reset?token=x",
      attachments: [{ filename: "a.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
      expiresAt: new Date("2027-01-02T03:04:05.678Z"),
    });
    // Deleted rows leave gaps: the restored sequences must continue after the old high-water mark, not after max(id).
    const [extra] = await getDb().insert(emailOutbox).values({ kind: "test", toAddress: "x@example.com", subject: "gone", textBody: "x" }).returning();
    await query(source, `delete from email_outbox where id = ${extra!.id}`);
    await writeBackup(source, file);
  });

  afterAll(() => {
    vi.restoreAllMocks();
    rmSync(folder, { recursive: true, force: true });
  });

  it("restores every row, sequence and migration into an empty database", async () => {
    const before = await snapshot(source);
    // The seed holds no accounts, orders or mail: these are exactly the fixture's rows.
    expect(before.tables.user).toHaveLength(2);
    expect(before.tables.orders).toHaveLength(1);
    expect(before.tables.order_lines).toHaveLength(1);
    expect(before.tables.email_outbox).toHaveLength(2); // the order confirmation and the reset mail

    const own = path.join(folder, "round-trip.jsonl.gz");
    const { header } = await writeBackup(source, own);
    expect(header.tables.find((t) => t.name === "user")?.rows).toBe(2);

    const target = await emptyDatabase("target");
    const summary = await restoreBackup(target, own);

    expect(summary.newerMigrationsApplied).toBe(0);
    expect(await snapshot(target)).toEqual(before);
    // The application can write again: the next outbox id comes after the deleted one, as in the source.
    const [next] = await query<{ id: number }>(target, `insert into email_outbox (kind, to_address, subject, text_body) values ('t', 'a@b.c', 's', 't') returning id`);
    const [sourceNext] = await query<{ id: number }>(source, `select nextval('email_outbox_id_seq')::int as id`);
    expect(next!.id).toBe(sourceNext!.id);
  });

  it("refuses a database that is not empty, and replaces it with --force", async () => {
    const target = await emptyDatabase("forced");
    await restoreBackup(target, file);
    await query(target, `update "user" set name = 'changed after the restore'`);

    await expect(restoreBackup(target, file)).rejects.toThrow(DatabaseNotEmptyError);
    expect((await query<{ name: string }>(target, `select name from "user" where id = 'backup-user-2'`))[0]?.name).toBe("changed after the restore");

    await restoreBackup(target, file, { force: true });
    const restored = await snapshot(target);
    const [row] = await query<{ name: string }>(target, `select name from "user" where id = 'backup-user-1'`);
    expect(row?.name).toBe(`O'Brien "Rusty" — 🇺🇸\nline two`);
    // Compare with the backup's own content (the source may have moved on: the round trip takes a nextval).
    const fresh = await emptyDatabase("fresh");
    await restoreBackup(fresh, file);
    expect(restored).toEqual(await snapshot(fresh));
  });

  it("a damaged file loads no rows at all, and says the database is partly restored", async () => {
    const whole = await readFile(file);
    const damaged = path.join(folder, "damaged.jsonl.gz");
    await writeFile(damaged, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const half = await emptyDatabase("half");

    await expect(restoreBackup(half, damaged)).rejects.toThrow(/partly restored.*--force/s);
    expect(await query(half, `select count(*)::int as n from "user"`)).toEqual([{ n: 0 }]);
    expect(await query(half, `select count(*)::int as n from orders`)).toEqual([{ n: 0 }]);
  });

  it("a backup from a checkout with more migrations than this one is refused before anything changes", async () => {
    const older = path.join(folder, "older-migrations");
    await cp(path.resolve("drizzle"), older, { recursive: true });
    const journalFile = path.join(older, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, -1);
    await writeFile(journalFile, JSON.stringify(journal));
    const untouched = await emptyDatabase("untouched");

    await expect(restoreBackup(untouched, file, { migrationsFolder: older })).rejects.toThrow(/newer version of the site/);
    expect((await inspectDatabase(untouched)).relations).toEqual([]);
  });

  it("a backup taken at an older migration comes up on the current schema", async () => {
    // A site one migration behind this checkout: its database, a row in it, its backup.
    const older = path.join(folder, "one-less");
    await cp(path.resolve("drizzle"), older, { recursive: true });
    const journalFile = path.join(older, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, -1);
    await writeFile(journalFile, JSON.stringify(journal));
    const oldFile = path.join(folder, "old.jsonl.gz");
    const atOlderLevel = await emptyDatabase("older_level");
    const pool = new pg.Pool({ connectionString: atOlderLevel, max: 1 });
    await migrate(drizzle(pool), { migrationsFolder: older });
    await pool.end();
    await query(atOlderLevel, `insert into "user" (id, name, email, email_verified) values ('old-1', 'Old Timer', 'old@example.com', true)`);
    await writeBackup(atOlderLevel, oldFile);

    const upgraded = await emptyDatabase("upgraded");
    const summary = await restoreBackup(upgraded, oldFile);

    expect(summary.newerMigrationsApplied).toBe(1);
    expect((await snapshot(upgraded)).migrations).toEqual((await snapshot(source)).migrations);
    expect(await query(upgraded, `select name from "user"`)).toEqual([{ name: "Old Timer" }]);
  });
});
