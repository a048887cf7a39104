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

