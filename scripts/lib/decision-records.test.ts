import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { citedFiles, recordProblems } from "./decision-records";

const root = path.resolve(import.meta.dirname, "..", "..");
const decisions = path.join(root, "docs", "decisions");

function repositoryBasenames(): Set<string> {
  const names = new Set<string>();
  for (const top of ["src", "scripts", "e2e", "test", "docs", "drizzle", "public", ".ci"]) {
    const dir = path.join(root, top);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) names.add(path.basename(file));
  }
  for (const file of readdirSync(root)) names.add(file);
  return names;
}

describe("decision records", () => {
  it("each carries Status: and Date: under its title and cites only files that exist", () => {
    const basenames = repositoryBasenames();
    const exists = (relative: string) => existsSync(path.join(root, relative));
    const problems = readdirSync(decisions)
      .filter((file) => file.endsWith(".md"))
      .flatMap((file) => recordProblems(file, readFileSync(path.join(decisions, file), "utf8"), exists, basenames));
    expect(problems).toEqual([]);
  });

  it("finds a moved file, a missing status and a missing date", () => {
    const text = "# 9. A record\n\n## Decision\nThe wrapper is in `src/lib/gone.ts` and `features/x/y.ts`; see `kept.ts` and `<x>-desk.queries.ts`.";
    const exists = (relative: string) => relative === "src/features/x/y.ts";
    expect(citedFiles(text)).toEqual(["src/lib/gone.ts", "features/x/y.ts", "kept.ts"]);
    expect(recordProblems("0009.md", text, exists, new Set(["kept.ts"])).map((p) => p.problem)).toEqual([
      "no Status: line under the title",
      "no Date: YYYY-MM-DD line under the title",
      "cites src/lib/gone.ts, which does not exist",
    ]);
  });
});
