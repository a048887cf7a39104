import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addCompileHints, chunksLoadedAtStart, COMPILE_HINT } from "./compile-hints";

let dist: string;
const chunk = (name: string) => path.join(dist, "static", "chunks", name);
const read = (name: string) => readFileSync(chunk(name), "utf8");

/** A build folder shaped like `next build`'s: its manifests and, for each chunk, a line of code naming it. */
function writeBuild(pages: Record<string, Record<string, string[]>>): void {
  mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
  writeFileSync(
    path.join(dist, "build-manifest.json"),
    JSON.stringify({ rootMainFiles: ["static/chunks/main.js", "static/chunks/turbopack-runtime.js"], polyfillFiles: ["static/chunks/polyfills.js"] }),
  );
  for (const [page, entryJSFiles] of Object.entries(pages)) {
    const folder = path.join(dist, "server", "app", page);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      path.join(folder, "page_client-reference-manifest.js"),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(`/${page}/page`)}] = ${JSON.stringify({ clientModules: {}, entryCSSFiles: {}, entryJSFiles })};\n`,
    );
  }
  for (const name of ["main.js", "turbopack-runtime.js", "polyfills.js", "layout.js", "privacy.js", "shop.js", "map-on-demand.js"]) {
    writeFileSync(chunk(name), `/* ${name} */ (globalThis.TURBOPACK ||= []).push(["${name}"]);\n`);
  }
  writeFileSync(chunk("site.css"), "body{margin:0}");
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), "compile-hints-test-"));
  writeBuild({
    "(site)/privacy": { "[project]/src/app/layout": ["static/chunks/layout.js"], "[project]/src/app/(site)/privacy/page": ["static/chunks/layout.js", "static/chunks/privacy.js"] },
    "(site)/shop": { "[project]/src/app/(site)/shop/page": ["static/chunks/shop.js", "static/chunks/site.css"] },
  });
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe("compile hints", () => {
  it("finds the framework's chunks and every page's entry chunks, and no polyfill, stylesheet or on-demand chunk", () => {
    expect(chunksLoadedAtStart(dist)).toEqual([
      "static/chunks/layout.js",
      "static/chunks/main.js",
      "static/chunks/privacy.js",
      "static/chunks/shop.js",
      "static/chunks/turbopack-runtime.js",
    ]);
  });

  it("puts the hint on the first line of each chunk loaded at start and leaves the code after it as it was", () => {
    const before = read("privacy.js");
    expect(addCompileHints(dist)).toBe(5);
    expect(read("privacy.js")).toBe(COMPILE_HINT + before);
    expect(read("main.js").startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
    expect(read("polyfills.js")).toBe('/* polyfills.js */ (globalThis.TURBOPACK ||= []).push(["polyfills.js"]);\n');
    expect(read("map-on-demand.js").startsWith(COMPILE_HINT)).toBe(false);
    expect(readFileSync(chunk("site.css"), "utf8")).toBe("body{margin:0}");
  });

  it("adds nothing the second time, so a build that has its hints keeps exactly one each", () => {
    addCompileHints(dist);
    const once = read("shop.js");
    expect(addCompileHints(dist)).toBe(0);
    expect(read("shop.js")).toBe(once);
    expect(once.split(COMPILE_HINT)).toHaveLength(2);
  });
});
