/**
 * Chrome's explicit compile hints: a script that begins with the magic comment `//# allFunctionsCalledOnLoad`
 * (Chrome 136 and later) has all its functions compiled on the background thread that downloads it. Without
 * it, V8 compiles each function on the page's main thread the first time it runs, and starting React and
 * the router runs most of them at once, in one long task. Other browsers read the line as a comment.
 *
 * Next cannot add the comment yet, so every build gets it afterwards, on the chunks that pages load at
 * start only: a chunk that is only ever imported on demand would be compiled whole for the few functions
 * it needs. The measurements are in docs/performance.md, the decision in docs/decisions/0023-explicit-compile-hints.md.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

function* clientReferenceManifests(folder: string): Generator<string> {
  if (!existsSync(folder)) return;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* clientReferenceManifests(file);
    else if (entry.name.endsWith("_client-reference-manifest.js")) yield file;
  }
}

/** The JavaScript files, relative to the build folder, that some page loads before it can hydrate. */
export function chunksLoadedAtStart(distDir: string): string[] {
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
    polyfillFiles: string[];
  };
  const chunks = new Set(buildManifest.rootMainFiles);
  for (const file of clientReferenceManifests(path.join(distDir, "server", "app"))) {
    // Each file is a script that assigns the page's manifest to globalThis.__RSC_MANIFEST[page].
    const context: { __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
    runInNewContext(readFileSync(file, "utf8"), context);
    for (const manifest of Object.values(context.__RSC_MANIFEST ?? {})) {
      for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of files) chunks.add(chunk);
    }
  }
  // Only browsers without modules load the polyfills, and no Chrome among them reads the hint.
  for (const polyfill of buildManifest.polyfillFiles) chunks.delete(polyfill);
  return [...chunks].filter((chunk) => chunk.endsWith(".js")).sort();
}

/** Puts the hint at the top of every chunk loaded at start; a chunk that has it already is left alone. */
export function addCompileHints(distDir: string): number {
  let added = 0;
  for (const chunk of chunksLoadedAtStart(distDir)) {
    const file = path.join(distDir, chunk);
    const code = readFileSync(file, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    // Whole or not at all: a server may be sending the file at this moment.
    writeFileSync(`${file}.hinted`, COMPILE_HINT + code);
    renameSync(`${file}.hinted`, file);
    added++;
  }
  return added;
}
