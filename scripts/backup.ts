/**
 * `npm run backup [-- <file or folder/>]`: writes a logical backup of the site's database (DATABASE_URL,
 * or the embedded one under ./data) to <file>, or to backup-<UTC time>.jsonl.gz in the folder named (a
 * trailing slash, or a folder that exists), by default in data/backups/.
 * Format and reasons: scripts/lib/backup.ts, docs/decisions/0014-backups.md.
 */
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { writeBackup } from "./lib/backup";
import { backupFilePath } from "./lib/backup-file";
import { describeDatabase, openProjectDatabase } from "./lib/project-database";

const root = process.cwd();
const say = (message: string) => console.log(`[backup] ${message}`);

async function main(): Promise<void> {
  const file = backupFilePath(process.argv[2], root, new Date(), (folder) => statSync(folder, { throwIfNoEntry: false })?.isDirectory() ?? false);
  mkdirSync(path.dirname(file), { recursive: true });
  const database = await openProjectDatabase(root, say);
  try {
    say(`backing up ${describeDatabase(database.url)} to ${file.startsWith(root + path.sep) ? path.relative(root, file) : file}`);
    const { header, sequences } = await writeBackup(database.url, file);
    const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
    say(`done: ${header.tables.length} tables, ${rows} rows, ${sequences.length} sequences, ${header.migrations.length} migrations`);
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`[backup] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
