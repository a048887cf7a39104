import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const include = ["src/**/*.test.ts", "scripts/**/*.test.ts"];

/**
 * Test files under `dir` (relative to the root) that replace modules (vi.mock) or set the environment,
 * which modules read once (src/lib/env.ts): they need modules loaded for them alone.
 */
function filesThatNeedOwnModules(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/")))
    .filter((file) => /\bvi\.(mock|doMock|stubEnv)\(|process\.env\.\w+\s*=(?!=)|delete process\.env\./.test(readFileSync(path.join(root, file), "utf8")));
}

// Every other file shares its worker's modules with the files before it: loading them again for each of
// 90 files took 100 of the run's 280 s. Each file still gets its own database (test/setup-database.ts).
const ownModules = [...filesThatNeedOwnModules("src"), ...filesThatNeedOwnModules("scripts")];

const resolve = {
  alias: [
    { find: /^@\//, replacement: `${path.join(root, "src")}/` },
    // The real package throws when imported outside a React Server Component bundle.
    { find: /^server-only$/, replacement: path.join(root, "test", "stubs", "server-only.ts") },
  ],
};
const perProject = {
  environment: "node" as const,
  // Threads, not processes: 10–15 % faster on the 2-core CI machine, for the same tests.
  pool: "threads" as const,
  // clock-guard.ts fails a test that reads the real date outside a file tagged second-clock (scripts/lib/second-clock.ts).
  setupFiles: ["./test/setup-database.ts", "./test/clock-guard.ts"],
  testTimeout: 15_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  resolve,
  test: {
    // Here, not in the projects: one PostgreSQL for the whole run, whose address both projects inherit.
    globalSetup: ["./test/global-setup.ts"],
    // One file per core. Vitest's default leaves one core to itself, which on 2 cores is one file at a
    // time, while a file spends much of its time waiting on PostgreSQL.
    maxWorkers: availableParallelism(),
    tags: [{ name: "second-clock", description: "Follows the date: runs again with the machine's clock inside the sample season (npm test's second-clock stage)." }],
    projects: [
      { resolve, test: { ...perProject, name: "shared-modules", include, exclude: ownModules, isolate: false } },
      { resolve, test: { ...perProject, name: "own-modules", include: ownModules, isolate: true } },
    ],
  },
});
