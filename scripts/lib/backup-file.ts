/** Where `npm run backup` writes its file. */
import path from "node:path";

/** backup-2026-11-30T03-15-00Z.jsonl.gz: the UTC time, with no colon (a file name many tools take badly). */
export function backupFileName(now: Date): string {
  return `backup-${now.toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-")}.jsonl.gz`;
}

/**
 * The file named by `npm run backup -- <argument>`, or one named for the time in the folder named (an
 * argument ending in a slash, or a folder that exists: the nightly backup's /var/backups/vva/), by
 * default in data/backups/ under the site.
 */
export function backupFilePath(argument: string | undefined, root: string, now: Date, isDirectory: (file: string) => boolean): string {
  if (argument === undefined || argument === "") return path.join(root, "data", "backups", backupFileName(now));
  const resolved = path.resolve(root, argument);
  if (argument.endsWith("/") || isDirectory(resolved)) return path.join(resolved, backupFileName(now));
  return resolved;
}
