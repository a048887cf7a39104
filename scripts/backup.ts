/**
 * `npm run backup [-- <file>]`: writes a logical backup of the site's database (DATABASE_URL, or the
 * embedded one under ./data) to <file>, by default data/backups/backup-<UTC time>.jsonl.gz.
 * Format and reasons: scripts/lib/backup.ts, docs/decisions/0014-backups.md.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { writeBackup } from "./lib/backup";
import { describeDatabase, openProjectDatabase } from "./lib/project-database";

const root = process.cwd();
const say = (message: string) => console.log(`[backup] ${message}`);

async function main(): Promise<void> {
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
  const file = path.resolve(process.argv[2] ?? path.join(root, "data", "backups", `backup-${stamp}.jsonl.gz`));
  mkdirSync(path.dirname(file), { recursive: true });
  const database = await openProjectDatabase(root, say);
  try {
    say(`backing up ${describeDatabase(database.url)} to ${path.relative(root, file) || file}`);
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
