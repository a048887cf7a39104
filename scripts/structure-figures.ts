/**
 * `npm run structure`: the import graph of src/ in figures, from dependency-cruiser's own report (the
 * same resolution as `npm run lint`). Prints the circles, the imports that point the wrong way between
 * top-level folders, and the imports from one feature into another (with the pairs that import each
 * other both ways). ADR 0024 records these figures before and after the structure redesign.
 *
 *   npm run structure            figures
 *   npm run structure -- --list  figures and every feature-to-feature import
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { structureFigures, type CruiseReport } from "./lib/structure-figures";

function cruise(): CruiseReport {
  const bin = path.join(process.cwd(), "node_modules", ".bin", "depcruise");
  const json = execFileSync(bin, ["src", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(json) as CruiseReport;
}

function main(): void {
  const figures = structureFigures(cruise());
  console.log(`modules ${figures.modules}, imports inside src/ ${figures.imports}`);
  console.log(`circular imports: ${figures.circularImports}`);
  console.log(`imports into a higher floor (db, lib < server, components < features < app): ${figures.upward.length}`);
  for (const line of figures.upward) console.log(`  ${line}`);
  console.log(`imports from one feature into another: ${figures.crossFeature.length}`);
  console.log(`features importing each other both ways: ${figures.mutualPairs.length}${figures.mutualPairs.length ? ` (${figures.mutualPairs.join(", ")})` : ""}`);
  if (process.argv.includes("--list")) for (const line of figures.crossFeature) console.log(`  ${line}`);
}

main();
