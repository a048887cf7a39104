/**
 * What every decision record (docs/decisions/*.md) must carry: a `Status:` and a `Date:` line under its
 * title, and only file names that exist. A record that cites a moved file sends the next reader nowhere.
 */
export interface RecordProblem {
  record: string;
  problem: string;
}

const SOURCE_ROOTS = /^(src|scripts|e2e|test|docs|drizzle|deploy|public)\//;
const SRC_FOLDERS = /^(features|lib|components|app|server|db)\//;
const SOURCE_FILE = /^[\w.-]+\.(ts|tsx|cjs|mjs|md|txt|sh)$/;

/** The file names a record cites in backticks: paths from the repository's root or src/, and bare source file names. */
export function citedFiles(text: string): string[] {
  const cited = new Set<string>();
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    const path = token!.replace(/[:#].*$/, "").replace(/\/$/, "");
    if (/[<>*{}$]/.test(path)) continue; // a pattern (`<x>-desk.queries.ts`), not a file
    if (SOURCE_ROOTS.test(path) || SRC_FOLDERS.test(path) || SOURCE_FILE.test(path)) cited.add(path);
  }
  return [...cited];
}

/**
 * The problems of one record. `exists(path)` answers for a path from the repository's root;
 * `basenames` holds the names of every file in the repository, for bare names.
 */
export function recordProblems(record: string, text: string, exists: (path: string) => boolean, basenames: ReadonlySet<string>): RecordProblem[] {
  const problems: RecordProblem[] = [];
  const head = text.split("\n").slice(0, 6);
  if (!head.some((line) => /^Status: \S/.test(line))) problems.push({ record, problem: "no Status: line under the title" });
  if (!head.some((line) => /^Date: \d{4}-\d{2}-\d{2}$/.test(line))) problems.push({ record, problem: "no Date: YYYY-MM-DD line under the title" });
  for (const path of citedFiles(text)) {
    const found = path.includes("/") ? exists(path) || exists(`src/${path}`) : basenames.has(path);
    if (!found) problems.push({ record, problem: `cites ${path}, which does not exist` });
  }
  return problems;
}
