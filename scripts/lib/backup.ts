/**
 * A logical backup of the application's database, written by Node (no pg_dump: see
 * docs/decisions/0014-backups.md). The file is gzip-compressed JSON lines:
 *
 *   {"format":"vanguard-backup","version":1, ...}   the header: when, server, migrations, tables
 *   @table {"name":"user","rows":2}                then one line per row: to_jsonb(row), always "{…"
 *   ...                                             tables in foreign-key order
 *   @sequences [{"name":…,"lastValue":…,"isCalled":…}]
 *
 * Marker lines start with "@", which no JSON object does, so no column name can be mistaken for one.
 *
 * The schema is not in the file: it is the committed migrations the header lists, which restore
 * replays. Everything is read in one REPEATABLE READ snapshot, so the tables agree with each other
 * even while the site keeps writing.
 */
import { once } from "node:events";
import { createWriteStream, rmSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import { PassThrough } from "node:stream";
import { createGzip } from "node:zlib";
import pg from "pg";
import { appliedMigrations, qualified, readSequences, tablesInDependencyOrder, type SequenceState } from "./database-catalog";

export const BACKUP_FORMAT = "vanguard-backup";
export const BACKUP_VERSION = 1;
export const TABLE_MARKER = "@table ";
export const SEQUENCES_MARKER = "@sequences ";
const ROWS_PER_READ = 1_000;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** e.g. "PostgreSQL 18.1 …": for the reader; restore does not depend on it. */
  server: string;
  database: string;
  /** The drizzle migrations applied to the source, oldest first: restore rebuilds the schema from exactly these. */
  migrations: { hash: string; createdAt: number }[];
  tables: { name: string; rows: number }[];
}

export interface BackupSummary {
  header: BackupHeader;
  sequences: SequenceState[];
}

export async function writeBackup(databaseUrl: string, file: string): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const lines = new PassThrough();
  const written = pipeline(lines, createGzip(), createWriteStream(file, { mode: 0o600 }));
  const write = async (value: unknown) => {
    if (!lines.write(`${typeof value === "string" ? value : JSON.stringify(value)}\n`)) await once(lines, "drain");
  };
  try {
    await client.query("begin isolation level repeatable read read only");
    const migrations = await appliedMigrations(client);
    if (migrations.length === 0) throw new Error("This database has no applied migrations: nothing the restore could rebuild.");
    const tables = await tablesInDependencyOrder(client);
    const counts = [];
    for (const name of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from ${qualified(name)}`);
      counts.push({ name, rows: Number(rows[0]!.n) });
    }
    const { rows: about } = await client.query<{ server: string; database: string }>(
      "select version() as server, current_database() as database",
    );
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      server: about[0]!.server,
      database: about[0]!.database,
      migrations,
      tables: counts,
    };
    await write(header);
    for (const table of counts) {
      await write(`${TABLE_MARKER}${JSON.stringify(table)}`);
      await copyRows(client, table.name, write);
    }
    const sequences = await readSequences(client);
    await write(`${SEQUENCES_MARKER}${JSON.stringify(sequences)}`);
    await client.query("commit");
    lines.end();
    await written;
    return { header, sequences };
  } catch (error) {
    lines.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => {});
    rmSync(file, { force: true }); // a half-written backup must not be mistaken for one
    throw error;
  } finally {
    await client.end();
  }
}

/** Reads a table in physical order, a thousand rows at a time, by ctid (stable inside the snapshot). */
async function copyRows(client: pg.Client, table: string, write: (line: string) => Promise<void>): Promise<void> {
  let after = "(0,0)";
  for (;;) {
    const { rows } = await client.query<{ position: string; row: string }>(
      `select t.ctid::text as position, to_jsonb(t)::text as row from ${qualified(table)} t
       where t.ctid > $1::tid order by t.ctid limit ${ROWS_PER_READ}`,
      [after],
    );
    for (const { row } of rows) await write(row);
    if (rows.length < ROWS_PER_READ) return;
    after = rows[rows.length - 1]!.position;
  }
}
