/**
 * `npm run restore -- <file> [--force]`: restores a backup made by `npm run backup` into the site's
 * database (DATABASE_URL, or the embedded one under ./data). It refuses a database that already holds
 * tables unless --force is given, which drops the schemas public and drizzle first.
 */
import path from "node:path";
import { DatabaseNotEmptyError, inspectDatabase, isEmpty, readBackupHeader, restoreBackup } from "./lib/restore";
import { describeDatabase, openProjectDatabase } from "./lib/project-database";

const root = process.cwd();
const say = (message: string) => console.log(`[restore] ${message}`);
const usage = "usage: npm run restore -- <backup file> [--force]";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("--")) throw new Error(usage);
  const file = path.resolve(files[0]!);
  const header = await readBackupHeader(file);
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);

  const database = await openProjectDatabase(root, say);
  try {
    const target = describeDatabase(database.url);
    const contents = await inspectDatabase(database.url);
    say(`backup: ${path.relative(root, file) || file}, taken ${header.createdAt} of database "${header.database}": ${header.tables.length} tables, ${rows} rows`);
    if (isEmpty(contents)) {
      say(`will restore it into ${target}, which is empty`);
    } else if (force) {
      say(`will DELETE everything in ${target} (${contents.relations.length} tables, views and sequences) and restore the backup in its place`);
    }
    const summary = await restoreBackup(database.url, file, { force, say });
    say(`done: ${summary.tables.length} tables, ${rows} rows, ${summary.sequences} sequences restored into ${target}`);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[restore] ${error instanceof DatabaseNotEmptyError ? "refused" : "failed"}: ${message}`);
  process.exitCode = 1;
});
