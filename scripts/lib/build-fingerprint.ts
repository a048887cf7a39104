/** A content hash of everything the build reads, so `npm start` rebuilds only when sources changed. */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// The last two run after `next build` on its output (scripts/lib/build-site.ts).
const INPUTS = ["src", "public", "package-lock.json", "package.json", "next.config.ts", "postcss.config.mjs", "tsconfig.json", "scripts/lib/build-site.ts", "scripts/lib/compile-hints.ts"];

function* files(entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else if (!/\.test\.tsx?$/.test(entry)) {
    yield entry;
  }
}

export function sourceFingerprint(root: string): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex");
}

export const distDir = (root: string) => path.join(root, process.env.NEXT_DIST_DIR ?? ".next");

export const fingerprintFile = (root: string) => path.join(distDir(root), "source-fingerprint");

export function buildIsCurrent(root: string): boolean {
  const file = fingerprintFile(root);
  return existsSync(path.join(distDir(root), "BUILD_ID")) && existsSync(file) && readFileSync(file, "utf8") === sourceFingerprint(root);
}
