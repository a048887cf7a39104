/** `next build` as every script that serves the site runs it: the build, its compile hints, and its fingerprint. */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { buildIsCurrent, distDir, fingerprintFile, sourceFingerprint } from "./build-fingerprint";
import { addCompileHints } from "./compile-hints";
import { nextBin } from "./supervise";

export function buildSite(root: string): void {
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error("next build failed");
  addCompileHints(distDir(root));
  writeFileSync(fingerprintFile(root), sourceFingerprint(root));
}

/** Builds only when the sources changed since the last build, and says so first. */
export function buildIfSourcesChanged(root: string, say: (message: string) => void): void {
  if (buildIsCurrent(root)) return;
  say("building the site (sources changed since the last build)");
  buildSite(root);
}
