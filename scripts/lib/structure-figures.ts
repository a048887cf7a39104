/** The import graph of src/ in figures, from dependency-cruiser's report (scripts/structure-figures.ts prints them). */

export interface CruiseReport {
  modules: { source: string; dependencies: { resolved: string; circular: boolean; coreModule: boolean; couldNotResolve: boolean }[] }[];
}

/** The floors of src/'s folders: an import should only ever point to a lower floor or its own. */
const FLOORS: Record<string, number> = { db: 0, lib: 0, server: 1, components: 1, features: 2, app: 3 };

/** `src/<layer>/…` → the layer; `src/features/<name>/…` → the feature's name too. */
function placeOf(file: string): { layer: string; feature?: string } | undefined {
  const [root, layer, feature] = file.split("/");
  if (root !== "src" || !layer) return undefined;
  return { layer: layer.includes(".") ? "app" : layer, feature: layer === "features" && feature && !feature.includes(".") ? feature : undefined };
}

export interface StructureFigures {
  modules: number;
  imports: number;
  circularImports: number;
  /** Imports from a lower floor of src/ into a higher one (e.g. components → features). */
  upward: string[];
  /** Imports from one feature into another, as "from → to". */
  crossFeature: string[];
  /** Features that import each other both ways. */
  mutualPairs: string[];
}

export function structureFigures(report: CruiseReport): StructureFigures {
  const figures: StructureFigures = { modules: report.modules.length, imports: 0, circularImports: 0, upward: [], crossFeature: [], mutualPairs: [] };
  const featurePairs = new Set<string>();
  for (const cruised of report.modules) {
    const from = placeOf(cruised.source);
    for (const dependency of cruised.dependencies) {
      if (dependency.coreModule || dependency.couldNotResolve || !dependency.resolved.startsWith("src/")) continue;
      figures.imports++;
      if (dependency.circular) figures.circularImports++;
      const to = placeOf(dependency.resolved);
      if (!from || !to) continue;
      const fromFloor = FLOORS[from.layer];
      const toFloor = FLOORS[to.layer];
      if (fromFloor !== undefined && toFloor !== undefined && toFloor > fromFloor) figures.upward.push(`${cruised.source} → ${dependency.resolved}`);
      if (from.feature && to.feature && from.feature !== to.feature) {
        figures.crossFeature.push(`${cruised.source} → ${dependency.resolved}`);
        featurePairs.add(`${from.feature}→${to.feature}`);
      }
    }
  }
  for (const pair of featurePairs) {
    const [a, b] = pair.split("→") as [string, string];
    if (a < b && featurePairs.has(`${b}→${a}`)) figures.mutualPairs.push(`${a} ⇄ ${b}`);
  }
  return figures;
}


/** The part of jscpd's JSON report the repetition figures read. */
export interface CloneReport {
  duplicates: { lines: number; firstFile: { name: string; start: number }; secondFile: { name: string; start: number } }[];
}

/** A staff desk's file: its pages, its staff components and actions, its desk queries, services and schemas. */
export function isDeskFile(file: string): boolean {
  return file.startsWith("src/app/(staff)/") || file.startsWith("src/components/staff/") || /\/staff\/|-desk\.(queries|service|schema)\.ts$/.test(file);
}

export interface RepetitionFigures {
  /** Blocks repeated in two different files, as "lines: a:line ↔ b:line". */
  betweenFiles: string[];
  /** Of those, the ones of 10 lines or more between two staff desks' files. */
  longBetweenDesks: string[];
}

export function repetitionFigures(report: CloneReport): RepetitionFigures {
  const figures: RepetitionFigures = { betweenFiles: [], longBetweenDesks: [] };
  for (const clone of report.duplicates) {
    const { firstFile: a, secondFile: b } = clone;
    if (a.name === b.name) continue;
    const line = `${clone.lines} lines: ${a.name}:${a.start} ↔ ${b.name}:${b.start}`;
    figures.betweenFiles.push(line);
    if (clone.lines >= 10 && isDeskFile(a.name) && isDeskFile(b.name)) figures.longBetweenDesks.push(line);
  }
  return figures;
}
