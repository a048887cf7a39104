import { describe, expect, it } from "vitest";
import { backupFileName, backupFilePath } from "./backup-file";

const at = new Date("2026-11-30T03:15:07.123Z");
const noFolders = () => false;

describe("backupFilePath", () => {
  it("names a file for the UTC time, without colons, in data/backups by default", () => {
    expect(backupFileName(at)).toBe("backup-2026-11-30T03-15-07Z.jsonl.gz");
    expect(backupFilePath(undefined, "/srv/vva/app", at, noFolders)).toBe("/srv/vva/app/data/backups/backup-2026-11-30T03-15-07Z.jsonl.gz");
  });

  it("writes the file named, relative to the site's folder", () => {
    expect(backupFilePath("/srv/backups/site.jsonl.gz", "/srv/vva/app", at, noFolders)).toBe("/srv/backups/site.jsonl.gz");
    expect(backupFilePath("site.jsonl.gz", "/srv/vva/app", at, noFolders)).toBe("/srv/vva/app/site.jsonl.gz");
  });

  it("puts a file named for the time in a folder: one named with a trailing slash, or one that exists", () => {
    expect(backupFilePath("/var/backups/vva/", "/srv/vva/app", at, noFolders)).toBe("/var/backups/vva/backup-2026-11-30T03-15-07Z.jsonl.gz");
    expect(backupFilePath("/var/backups/vva", "/srv/vva/app", at, (file) => file === "/var/backups/vva")).toBe("/var/backups/vva/backup-2026-11-30T03-15-07Z.jsonl.gz");
  });
});
