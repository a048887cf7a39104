/**
 * Restores a file written by writeBackup (scripts/lib/backup.ts):
 *   1. rebuilds the schema by replaying the committed migrations the backup was taken at,
 *   2. loads every table in foreign-key order and puts each sequence back where it was
 *      (one transaction: either all rows are in or none),
 *   3. applies any migrations committed since, so an older backup comes up on the current schema.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { BACKUP_FORMAT, BACKUP_VERSION, SEQUENCES_MARKER, TABLE_MARKER, type BackupHeader } from "./backup";
import { APP_SCHEMA, insertableColumns, qualified, quoteIdent, type SequenceState } from "./database-catalog";

const ROWS_PER_INSERT = 500;

export class DatabaseNotEmptyError extends Error {}

export interface DatabaseContents {
  /** Tables, views and sequences outside PostgreSQL's own schemas, as schema.name. */
  relations: string[];
  /** Whether drizzle's migration log exists (a migrated database, even with no tables left). */
  migrated: boolean;
}

export async function inspectDatabase(databaseUrl: string): Promise<DatabaseContents> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%' order by 1`,
    );
    return { relations: rows.map((r) => r.name), migrated: rows.some((r) => r.name === "drizzle.__drizzle_migrations") };
  } finally {
    await client.end();
  }
}

export function isEmpty(contents: DatabaseContents): boolean {
  return contents.relations.length === 0;
}

/** Reads only the first line of a backup file. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of backupLines(file)) return parseHeader(line);
  throw new Error(`${file} is empty`);
}

export interface RestoreOptions {
  /** Drop what the database holds (schemas public and drizzle) instead of refusing. */
  force?: boolean;
  /** The committed migrations; default ./drizzle. */
  migrationsFolder?: string;
  say?: (message: string) => void;
}

export interface RestoreSummary {
  tables: { name: string; rows: number }[];
  sequences: number;
  /** Migrations committed after the backup was taken, applied on top of the restored data. */
  newerMigrationsApplied: number;
}

export async function restoreBackup(databaseUrl: string, file: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const say = options.say ?? (() => {});
  const migrationsFolder = options.migrationsFolder ?? path.resolve("drizzle");
  const header = await readBackupHeader(file);
  const committed = await committedMigrations(migrationsFolder);
  const level = migrationLevel(header, committed);

  const contents = await inspectDatabase(databaseUrl);
  if (!isEmpty(contents)) {
    if (!options.force) {
      throw new DatabaseNotEmptyError(
        `The database is not empty (${contents.relations.length} tables, views or sequences, e.g. ${contents.relations.slice(0, 3).join(", ")}). ` +
          "Restoring would replace them; run again with --force to drop its schemas public and drizzle first.",
      );
    }
    say("dropping schemas public and drizzle (--force)");
    await clearApplicationSchemas(databaseUrl);
  }

  try {
    say(`rebuilding the schema from the ${level} migrations the backup was taken at`);
    await migrateTo(databaseUrl, migrationsFolder, level);
    say("loading rows and sequences");
    const loaded = await loadData(databaseUrl, file, header.tables);
    const newer = committed.length - level;
    if (newer > 0) {
      say(`applying ${newer} migration(s) committed since the backup`);
      await runMigrations(databaseUrl, migrationsFolder);
    }
    return { tables: header.tables, sequences: loaded.sequences, newerMigrationsApplied: newer };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\nThe database is now partly restored; fix the cause and run the restore again with --force.`, { cause: error });
  }
}

async function* backupLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  // pipeline() owns the streams' errors (a truncated or foreign file); they surface once the lines run out.
  const decompressed = pipeline(createReadStream(file), gunzip);
  decompressed.catch(() => {}); // awaited below; this only keeps an early return from leaving it unhandled
  const lines = createInterface({ input: gunzip, crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line) yield line;
    await decompressed;
  } catch (error) {
    throw new Error(`${file} could not be read as a backup (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  } finally {
    lines.close();
    gunzip.destroy();
  }
}

function parseHeader(line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw new Error("Not a backup file written by npm run backup (its first line is not JSON).");
  }
  if (header.format !== BACKUP_FORMAT) throw new Error("Not a backup file written by npm run backup.");
  if (header.version !== BACKUP_VERSION) throw new Error(`Backup format version ${header.version} is not supported (this code reads ${BACKUP_VERSION}).`);
  return header as BackupHeader;
}

interface CommittedMigration {
  tag: string;
  hash: string;
}

/** The journal's migrations with the hash drizzle records for each (sha256 of the SQL file). */
async function committedMigrations(folder: string): Promise<CommittedMigration[]> {
  const journal = JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  return Promise.all(
    journal.entries.map(async ({ tag }) => ({
      tag,
      hash: createHash("sha256").update(await readFile(path.join(folder, `${tag}.sql`), "utf8")).digest("hex"),
    })),
  );
}

/** How many committed migrations the backup's schema consists of; refuses a backup from other code. */
function migrationLevel(header: BackupHeader, committed: CommittedMigration[]): number {
  header.migrations.forEach((applied, i) => {
    const ours = committed[i];
    if (!ours) {
      throw new Error(
        `The backup was taken after ${header.migrations.length} migrations; this checkout has only ${committed.length}. Restore it with the newer version of the site.`,
      );
    }
    if (ours.hash !== applied.hash) {
      throw new Error(`Migration ${i + 1} of the backup differs from this checkout's ${ours.tag}: the backup comes from another history of the code.`);
    }
  });
  return header.migrations.length;
}

async function clearApplicationSchemas(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `begin; drop schema if exists drizzle cascade; drop schema if exists ${quoteIdent(APP_SCHEMA)} cascade; create schema ${quoteIdent(APP_SCHEMA)}; commit;`,
    );
  } finally {
    await client.end();
  }
}

async function runMigrations(databaseUrl: string, migrationsFolder: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder });
  } finally {
    await pool.end();
  }
}

/** Applies the first `count` committed migrations only, through a copy of the folder with a shortened journal. */
async function migrateTo(databaseUrl: string, migrationsFolder: string, count: number): Promise<void> {
  const partial = await mkdtemp(path.join(tmpdir(), "restore-migrations-"));
  try {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(0, count);
    await mkdir(path.join(partial, "meta"));
    await writeFile(path.join(partial, "meta", "_journal.json"), JSON.stringify(journal));
    for (const { tag } of journal.entries) await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(partial, `${tag}.sql`));
    await runMigrations(databaseUrl, partial);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/** Loads every row and sets every sequence in one transaction, committed only when each table holds the rows the header announced. */
async function loadData(databaseUrl: string, file: string, expected: BackupHeader["tables"]): Promise<{ sequences: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = new Map<string, number>();
  let sequences = 0;
  try {
    await client.query("begin");
    let table: { name: string; columns: string[]; batch: string[] } | undefined;
    const flush = async () => {
      if (!table || table.batch.length === 0) return;
      await insertRows(client, table.name, table.columns, table.batch);
      rows.set(table.name, (rows.get(table.name) ?? 0) + table.batch.length);
      table.batch = [];
    };
    let first = true;
    for await (const line of backupLines(file)) {
      if (first) {
        first = false; // the header
        continue;
      }
      if (line.startsWith(TABLE_MARKER)) {
        await flush();
        const marker = JSON.parse(line.slice(TABLE_MARKER.length)) as { name: string };
        table = { name: marker.name, columns: await insertableColumns(client, marker.name), batch: [] };
        rows.set(marker.name, 0);
        continue;
      }
      if (line.startsWith(SEQUENCES_MARKER)) {
        await flush();
        table = undefined;
        const states = JSON.parse(line.slice(SEQUENCES_MARKER.length)) as SequenceState[];
        for (const s of states) {
          await client.query("select setval($1::regclass, $2::bigint, $3)", [qualified(s.name), s.lastValue, s.isCalled]);
        }
        sequences = states.length;
        continue;
      }
      if (!table) throw new Error("The backup file has a row outside any table; it is damaged.");
      table.batch.push(line);
      if (table.batch.length >= ROWS_PER_INSERT) await flush();
    }
    await flush();
    for (const table of expected) {
      const got = rows.get(table.name) ?? 0;
      if (got !== table.rows) throw new Error(`Table ${table.name}: the backup announces ${table.rows} rows but holds ${got}; the file is damaged.`);
    }
    await client.query("commit");
    return { sequences };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Each row is the JSON to_jsonb() made of it; jsonb_populate_recordset turns it back into the table's
 * own column types through their text input functions, so timestamps, numerics, enums and jsonb come
 * back exactly. OVERRIDING SYSTEM VALUE keeps the ids of identity columns.
 */
async function insertRows(client: pg.ClientBase, table: string, columns: string[], rows: string[]): Promise<void> {
  const list = columns.map(quoteIdent).join(", ");
  await client.query(
    `insert into ${qualified(table)} (${list}) overriding system value
     select ${list} from jsonb_populate_recordset(null::${qualified(table)}, $1::jsonb)`,
    [`[${rows.join(",")}]`],
  );
}
