/**
 * `npm run structure`: the import graph of src/ in figures, from dependency-cruiser's own report (the
 * same resolution as `npm run lint`). Prints the circles, the imports that point the wrong way between
 * top-level folders, and the imports from one feature into another (with the pairs that import each
 * other both ways), then the code repeated between files as jscpd finds it (blocks of 6 lines or more,
 * tests and import lists left out) and the long repeats between staff desks. ADR 0024 records these figures before and
 * after the structure redesign.
 *
 *   npm run structure            figures
 *   npm run structure -- --list  figures, every feature-to-feature import and every repeated block
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repetitionFigures, structureFigures, type CloneReport, type CruiseReport } from "./lib/structure-figures";

function cruise(): CruiseReport {
  const bin = path.join(process.cwd(), "node_modules", ".bin", "depcruise");
  const json = execFileSync(bin, ["src", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(json) as CruiseReport;
}

function clones(): CloneReport {
  const output = mkdtempSync(path.join(tmpdir(), "jscpd-"));
  try {
    const bin = path.join(process.cwd(), "node_modules", ".bin", "jscpd");
    // Import lists are left out: two files importing the same pieces share no code.
    const args = ["src", "--min-lines", "6", "--ignore", "**/*.test.ts,**/*.test.tsx", "--ignore-pattern", "import [^;]+;?", "--reporters", "json", "--output", output, "--silent"];
    execFileSync(bin, args, { stdio: "ignore" });
    return JSON.parse(readFileSync(path.join(output, "jscpd-report.json"), "utf8")) as CloneReport;
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

function main(): void {
  const figures = structureFigures(cruise());
  console.log(`modules ${figures.modules}, imports inside src/ ${figures.imports}`);
  console.log(`circular imports: ${figures.circularImports}`);
  console.log(`imports into a higher floor (db, lib < server, components < features < app): ${figures.upward.length}`);
  for (const line of figures.upward) console.log(`  ${line}`);
  console.log(`imports from one feature into another: ${figures.crossFeature.length}`);
  console.log(`features importing each other both ways: ${figures.mutualPairs.length}${figures.mutualPairs.length ? ` (${figures.mutualPairs.join(", ")})` : ""}`);
  const list = process.argv.includes("--list");
  if (list) for (const line of figures.crossFeature) console.log(`  ${line}`);
  const repeated = repetitionFigures(clones());
  console.log(`blocks of 6+ lines repeated between two files (jscpd): ${repeated.betweenFiles.length}`);
  if (list) for (const line of repeated.betweenFiles) console.log(`  ${line}`);
  console.log(`of those, 10+ lines between staff desks: ${repeated.longBetweenDesks.length}`);
  for (const line of repeated.longBetweenDesks) console.log(`  ${line}`);
}

main();
