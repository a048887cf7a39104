/**
 * What `npm run perf` and `npm run bench` need besides the site: a browser binary or an npm package.
 * Checked before any server starts, so a missing tool is one clear sentence naming it and the command
 * that installs it, instead of `spawn /usr/bin/chromium ENOENT` minutes into a run.
 */
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export type RequiredTool =
  /** A program at a fixed path (Chromium). `setting` is the environment variable that points elsewhere. */
  | { kind: "executable"; name: string; path: string; install: string; setting?: string }
  /** An npm package the script imports. */
  | { kind: "module"; name: string; install: string };

/** Debian's full Chromium, which Lighthouse drives (`npm run perf`). */
export function chromiumTool(executable: string): RequiredTool {
  return { kind: "executable", name: "Chromium", path: executable, install: "sudo apt-get install chromium", setting: "CHROMIUM_PATH" };
}

export function npmPackage(name: string): RequiredTool {
  return { kind: "module", name, install: "npm install" };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether `name` resolves from the project at `root` as the scripts import it. */
function resolves(name: string, root: string): boolean {
  try {
    createRequire(path.join(root, "package.json")).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** One line per missing tool: what is missing and the command that installs it. Empty when all are there. */
export function missingTools(tools: RequiredTool[], root = process.cwd()): string[] {
  return tools.flatMap((tool) => {
    if (tool.kind === "executable") {
      if (isExecutable(tool.path)) return [];
      const elsewhere = tool.setting ? ` (or set ${tool.setting} to where it is installed)` : "";
      return [`${tool.name} is missing: no program at ${tool.path}. Install it with \`${tool.install}\`${elsewhere}.`];
    }
    return resolves(tool.name, root) ? [] : [`The npm package ${tool.name} is missing. Install it with \`${tool.install}\`.`];
  });
}

/** Prints what is missing and exits 1, before the caller starts anything; returns when every tool is there. */
export function requireTools(script: string, tools: RequiredTool[], root = process.cwd()): void {
  const missing = missingTools(tools, root);
  if (missing.length === 0) return;
  console.error(`${script} cannot run:\n${missing.map((line) => `- ${line}`).join("\n")}`);
  process.exit(1);
}
