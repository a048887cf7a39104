/**
 * The second clock: unit test files whose outcome follows the date run a second time with the whole
 * machine's clock (Node and PostgreSQL, through libfaketime) at SECOND_CLOCK, inside the June–July
 * sample season. Such a file says so with Vitest's module tag `// @module-tag second-clock`, and
 * test/clock-guard.ts fails any file that reads the real date without it (docs/decisions/0005).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const SECOND_CLOCK = "2027-06-20 15:00:00 UTC";

export const SECOND_CLOCK_TAG = "second-clock";

/** The same comment Vitest reads a module tag from. */
const TAG_COMMENT = new RegExp(String.raw`(//|\*)\s*@module-tag\s+${SECOND_CLOCK_TAG}\b`);

export function isSecondClockSource(source: string): boolean {
  return TAG_COMMENT.test(source);
}

/** The tagged test files under src/ and scripts/, relative to `root`. */
export function secondClockFiles(root: string): string[] {
  return ["src", "scripts"].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".test.ts"))
      .map((file) => path.posix.join(dir, file.split(path.sep).join("/")))
      .filter((file) => isSecondClockSource(readFileSync(path.join(root, file), "utf8"))),
  );
}
