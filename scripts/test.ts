/**
 * `npm test` (and `npm run validate`): lint, typecheck, unit/integration tests, browser tests.
 *
 * Every stage runs even when an earlier one failed. Lint and typecheck count as one test each;
 * Vitest and Playwright counts come from their JSON reports. The last line is the summary CI reads:
 *   N passed, N failed[, N skipped]
 * and the exit code is non-zero when anything failed.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const resultsDir = path.join(root, "test-results");
const vitestJson = path.join(resultsDir, "vitest.json");
const vitestInWindowJson = path.join(resultsDir, "vitest-in-window.json");
const playwrightJson = path.join(resultsDir, "playwright.json");
const twoServersJson = path.join(resultsDir, "playwright-two-servers.json");

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Command {
  /** A JavaScript entry point run with this same Node (the project's Node 24, not the machine's). */
  script: string;
  args: string[];
  env?: Record<string, string>;
  /** A program that runs Node for us, e.g. ["faketime", "2027-06-20 15:00:00 UTC"]. */
  wrapper?: string[];
  /** Run only when this says so (default: always). */
  when?: () => boolean;
}

interface Stage {
  name: string;
  /** Run in order; the stage stops at the first that fails. */
  commands: Command[];
  /** Turns the exit code (and any report file) into test counts. */
  count: (exitCode: number) => Counts;
}

const bin = (...parts: string[]) => path.join(root, "node_modules", ...parts);

/** A stage that is one test: it passes when the command exits 0. */
const single = (exitCode: number): Counts => ({ passed: exitCode === 0 ? 1 : 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 });

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** A runner that exited non-zero without reporting a failed test (crash, setup error) still counts as one failure. */
function atLeastOneFailure(counts: Counts, exitCode: number): Counts {
  return exitCode !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
}

function vitestCounts(exitCode: number, file = vitestJson): Counts {
  const report = readJson(file) as
    | { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number }
    | undefined;
  const counts = {
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
  };
  return atLeastOneFailure(counts, exitCode);
}

function playwrightCounts(exitCode: number, file = playwrightJson): Counts {
  const report = readJson(file) as
    | { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } }
    | undefined;
  const stats = report?.stats ?? {};
  const counts = {
    // "flaky" tests failed, then passed on a retry: they count as passed (the report shows them).
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
  return atLeastOneFailure(counts, exitCode);
}

const stages: Stage[] = [
  {
    name: "lint",
    commands: [
      { script: bin("eslint", "bin", "eslint.js"), args: ["."] },
      // The layering (app → features → lib/db, no cycles): .dependency-cruiser.cjs.
      { script: bin("dependency-cruiser", "bin", "dependency-cruise.mjs"), args: ["src", "--config", ".dependency-cruiser.cjs"] },
    ],
    count: single,
  },
  {
    name: "typecheck",
    commands: [
      // A fresh clone has no next-env.d.ts (git-ignored; `next dev`/`next build` write it), and without it
      // TypeScript knows neither Next's image imports nor the typed routes. `next typegen` writes it, no build.
      { script: bin("next", "dist", "bin", "next"), args: ["typegen"], when: () => !existsSync(path.join(root, "next-env.d.ts")) },
      { script: bin("typescript", "bin", "tsc"), args: ["--noEmit"] },
    ],
    count: single,
  },
  {
    name: "unit",
    commands: [
      {
        script: bin("vitest", "vitest.mjs"),
        args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${path.relative(root, vitestJson)}`],
      },
    ],
    count: (code) => vitestCounts(code),
  },
  // The same tests with the whole machine's clock (Node and PostgreSQL) inside the June–July sample
  // season, where they used to fail: proof that no test reads the real date.
  {
    name: "unit-in-window",
    commands: [
      {
        wrapper: ["faketime", "2027-06-20 15:00:00 UTC"],
        script: bin("vitest", "vitest.mjs"),
        args: ["run", "--reporter=dot", "--reporter=json", `--outputFile.json=${path.relative(root, vitestInWindowJson)}`],
      },
    ],
    count: (code) => vitestCounts(code, vitestInWindowJson),
  },
  // Reporters (list + JSON to test-results/playwright.json) come from playwright.config.ts.
  { name: "e2e", commands: [{ script: bin("@playwright/test", "cli.js"), args: ["test"] }], count: (code) => playwrightCounts(code) },
  // The journeys that keep state between requests (sessions, carts, orders, seats, OAuth state, rate
  // limits; tagged @two-servers) again, through two app servers on one database behind a round-robin
  // proxy. Desktop only: what this stage proves is state shared between servers, which no viewport changes.
  {
    name: "two-servers",
    commands: [{ script: bin("@playwright/test", "cli.js"), args: ["test", "--project=desktop", "--grep", "@two-servers"], env: { E2E_TWO_SERVERS: "1", E2E_PORT: "3500" } }],
    count: (code) => playwrightCounts(code, twoServersJson),
  },
];

function spawnCommand(name: string, command: Command): Promise<number> {
  return new Promise((resolve) => {
    const [program, ...programArgs] = [...(command.wrapper ?? []), process.execPath, command.script, ...command.args];
    const child = spawn(program!, programArgs, {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        ...command.env,
        // Tools that spawn `node` or `npx` themselves (Playwright's webServer) get the project's Node too.
        PATH: `${bin(".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    });
    child.once("error", (error) => {
      console.error(`[test] could not run ${name}: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function run(stage: Stage): Promise<number> {
  for (const command of stage.commands) {
    if (command.when && !command.when()) continue;
    const exitCode = await spawnCommand(stage.name, command);
    if (exitCode !== 0) return exitCode;
  }
  return 0;
}

function format(counts: Counts): string {
  const text = `${counts.passed} passed, ${counts.failed} failed`;
  return counts.skipped > 0 ? `${text}, ${counts.skipped} skipped` : text;
}

async function main(): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  for (const file of [vitestJson, vitestInWindowJson, playwrightJson, twoServersJson]) rmSync(file, { force: true });

  const summaries: { name: string; counts: Counts; seconds: number; exitCode: number }[] = [];
  for (const stage of stages) {
    console.log(`\n[test] ── ${stage.name} ──`);
    const started = performance.now();
    const exitCode = await run(stage);
    const counts = stage.count(exitCode);
    const seconds = (performance.now() - started) / 1000;
    summaries.push({ name: stage.name, counts, seconds, exitCode });
    console.log(`[test] ${stage.name}: ${format(counts)} (exit code ${exitCode}, ${seconds.toFixed(1)} s)`);
  }

  console.log("\n[test] summary");
  for (const s of summaries) {
    console.log(`[test]   ${s.name.padEnd(10)} ${format(s.counts).padEnd(36)} ${s.seconds.toFixed(1).padStart(6)} s`);
  }
  const total = summaries.reduce<Counts>(
    (sum, s) => ({ passed: sum.passed + s.counts.passed, failed: sum.failed + s.counts.failed, skipped: sum.skipped + s.counts.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const anyStageFailed = summaries.some((s) => s.exitCode !== 0);
  console.log(format(total));
  process.exitCode = total.failed > 0 || anyStageFailed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
