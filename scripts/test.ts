/**
 * `npm test` (and `npm run validate`): lint, typecheck, unit/integration tests, the date-dependent
 * unit tests again under a second clock, then one build and one set of test servers (e2e/servers.ts)
 * for the HTTP-level tests, the browser tests and the two-server journeys.
 *
 * Every stage runs even when an earlier one failed (a stage that needs the servers is failed when they
 * could not start). Lint and typecheck run side by side and count as one test each; Vitest and
 * Playwright counts come from their JSON reports. Each stage has a time budget on the 2-core CI machine
 * (docs/testing.md): a stage that takes longer fails, so whoever adds tests sees their cost here first;
 * so does a run over 30 minutes, or budgets that add up to more. The last line is the summary CI reads:
 *   N passed, N failed[, N skipped]
 * and the exit code is non-zero when anything failed. `npm test -- <stage> …` runs only those stages.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { testServers } from "../e2e/servers";
import { startTestServers, type RunningServers } from "./lib/test-servers";
import { SECOND_CLOCK, secondClockFiles } from "./lib/second-clock";

const root = process.cwd();
const resultsDir = path.join(root, "test-results");
const vitestJson = path.join(resultsDir, "vitest.json");
const secondClockJson = path.join(resultsDir, "vitest-second-clock.json");
const playwrightJson = (stage: string) => path.join(resultsDir, `${stage}.json`);

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
  /** Seconds the stage may take on the 2-core CI machine; longer fails it (docs/testing.md has the measured times). */
  budgetSeconds: number;
  /** Run in order; the stage stops at the first that fails. */
  commands: Command[];
  /** It talks to the test servers: they are started (once) before it runs. */
  needsServers?: boolean;
  /**
   * It runs at the same time as the stage after it (each on one core; its time is still its own). For
   * single-threaded tools that need nothing from each other: lint and typecheck.
   */
  alongsideNext?: boolean;
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

function vitestCounts(exitCode: number, file: string): Counts {
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

function playwrightCounts(exitCode: number, file: string): Counts {
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

const vitest = (args: string[], jsonFile: string): Command["args"] => [
  "run",
  ...args,
  "--reporter=dot",
  "--reporter=json",
  `--outputFile.json=${path.relative(root, jsonFile)}`,
];

/** A Playwright run of some projects against the servers this script started; its report is test-results/<stage>.json. */
function playwrightStage(name: string, budgetSeconds: number, projects: string[]): Stage {
  return {
    name,
    budgetSeconds,
    needsServers: true,
    commands: [
      {
        script: bin("@playwright/test", "cli.js"),
        args: ["test", ...projects.map((project) => `--project=${project}`)],
        env: { E2E_SERVERS: "running", E2E_STAGE: name },
      },
    ],
    count: (code) => playwrightCounts(code, playwrightJson(name)),
  };
}

const stages: Stage[] = [
  {
    name: "lint",
    budgetSeconds: 60,
    alongsideNext: true,
    commands: [
      { script: bin("eslint", "bin", "eslint.js"), args: ["."] },
      // The layering (app → features → lib/db, no cycles): .dependency-cruiser.cjs.
      { script: bin("dependency-cruiser", "bin", "dependency-cruise.mjs"), args: ["src", "--config", ".dependency-cruiser.cjs"] },
    ],
    count: single,
  },
  {
    name: "typecheck",
    budgetSeconds: 60,
    commands: [
      // A fresh clone has no next-env.d.ts (git-ignored; `next dev`/`next build` write it), and without it
      // TypeScript knows neither Next's image imports nor the typed routes. `next typegen` writes it, no build.
      { script: bin("next", "dist", "bin", "next"), args: ["typegen"], when: () => !existsSync(path.join(root, "next-env.d.ts")) },
      { script: bin("typescript", "bin", "tsc"), args: ["--noEmit"] },
    ],
    count: single,
  },
  {
    // Every unit and integration test, once, on the real date. test/clock-guard.ts fails a file that reads
    // the real date without the second-clock tag.
    name: "unit",
    budgetSeconds: 170,
    commands: [{ script: bin("vitest", "vitest.mjs"), args: vitest([], vitestJson) }],
    count: (code) => vitestCounts(code, vitestJson),
  },
  {
    // The files tagged second-clock again, with the whole machine's clock (Node and PostgreSQL) inside the
    // June–July sample season, where tests reading the real date used to fail.
    name: "second-clock",
    budgetSeconds: 75,
    commands: [{ wrapper: ["faketime", SECOND_CLOCK], script: bin("vitest", "vitest.mjs"), args: vitest(secondClockFiles(root), secondClockJson) }],
    count: (code) => vitestCounts(code, secondClockJson),
  },
  // What only needs the server's answer: status, headers, HTML, no-JavaScript form posts, downloads.
  playwrightStage("http", 210, ["http", "http-content"]),
  // What needs a browser: JavaScript behaviour, focus and keyboard, axe, layout on a phone, hydration.
  playwrightStage("browser", 800, ["desktop", "phone", "desktop-content"]),
  // The journeys tagged @two-servers, through two app servers behind a round-robin proxy.
  playwrightStage("two-servers", 75, ["two-servers"]),
];

/** Building the site and starting the servers: reported with the stages, under its own budget. */
const SERVERS_BUDGET_SECONDS = 110;

/** CI's target for the whole run on this 2-core machine (its hard limit is 90 minutes). */
const TOTAL_BUDGET_SECONDS = 30 * 60;

/** The time the stages may take together: side-by-side stages count once, by the larger budget. */
function budgetOfAll(): number {
  const batches = sideBySide(stages).map((batch) => Math.max(...batch.map((stage) => stage.budgetSeconds)));
  return SERVERS_BUDGET_SECONDS + batches.reduce((sum, seconds) => sum + seconds, 0);
}

/**
 * Whole-run failures: the stages' budgets must fit the total (raising one means finding the time
 * elsewhere), and the run itself must.
 */
function totalChecks(selected: Stage[], seconds: number): string[] {
  const problems: string[] = [];
  const budgets = budgetOfAll();
  if (budgets > TOTAL_BUDGET_SECONDS) problems.push(`the stages' budgets add up to ${budgets} s, more than the ${TOTAL_BUDGET_SECONDS} s the whole run may take`);
  if (selected.length === stages.length && seconds > TOTAL_BUDGET_SECONDS) problems.push(`the run took ${seconds.toFixed(0)} s, more than ${TOTAL_BUDGET_SECONDS} s`);
  return problems;
}

function spawnCommand(name: string, command: Command): Promise<number> {
  return new Promise((resolve) => {
    const [program, ...programArgs] = [...(command.wrapper ?? []), process.execPath, command.script, ...command.args];
    const child = spawn(program!, programArgs, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...command.env, ...projectNodeEnv() },
    });
    child.once("error", (error) => {
      console.error(`[test] could not run ${name}: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Tools that spawn `node` or `npx` themselves (the test servers, Playwright) get the project's Node too. */
function projectNodeEnv(): Record<string, string> {
  return { PATH: `${bin(".bin")}${path.delimiter}${process.env.PATH ?? ""}`, NEXT_TELEMETRY_DISABLED: "1" };
}

async function runCommands(stage: Stage): Promise<number> {
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

interface Summary {
  name: string;
  counts: Counts;
  seconds: number;
  budgetSeconds: number;
  exitCode: number;
}

/** A stage over its budget fails, with one failure of its own on top of whatever its tests reported. */
function withBudget(summary: Omit<Summary, "exitCode"> & { exitCode: number }): Summary {
  if (summary.seconds <= summary.budgetSeconds) return summary;
  console.log(`[test] ${summary.name} took ${summary.seconds.toFixed(0)} s, over its budget of ${summary.budgetSeconds} s (docs/testing.md)`);
  return { ...summary, counts: { ...summary.counts, failed: summary.counts.failed + 1 }, exitCode: summary.exitCode || 1 };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

/** `npm test -- unit http` runs only those stages (and the servers when one needs them); no names: all. */
function chosenStages(names: string[]): Stage[] {
  const unknown = names.filter((name) => !stages.some((stage) => stage.name === name));
  if (unknown.length > 0) throw new Error(`no stage ${unknown.join(", ")}; the stages are ${stages.map((stage) => stage.name).join(", ")}`);
  return names.length === 0 ? stages : stages.filter((stage) => names.includes(stage.name));
}

/** The stages in order, those marked alongsideNext grouped with the stage after them. */
function sideBySide(selected: Stage[]): Stage[][] {
  const batches: Stage[][] = [];
  let current: Stage[] = [];
  for (const stage of selected) {
    current.push(stage);
    if (!stage.alongsideNext) {
      batches.push(current);
      current = [];
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

async function runStage(stage: Stage, serversFailed: boolean): Promise<Summary> {
  if (stage.needsServers && serversFailed) {
    console.log(`[test] ${stage.name}: not run, the test servers did not start`);
    return { name: stage.name, counts: single(1), seconds: 0, budgetSeconds: stage.budgetSeconds, exitCode: 1 };
  }
  const [exitCode, seconds] = await timed(() => runCommands(stage));
  const summary = withBudget({ name: stage.name, counts: stage.count(exitCode), seconds, budgetSeconds: stage.budgetSeconds, exitCode });
  console.log(`[test] ${stage.name}: ${format(summary.counts)} (exit code ${exitCode}, ${seconds.toFixed(1)} s)`);
  return summary;
}

async function main(): Promise<void> {
  const selected = chosenStages(process.argv.slice(2));
  mkdirSync(resultsDir, { recursive: true });
  for (const file of [vitestJson, secondClockJson, ...stages.map((stage) => playwrightJson(stage.name))]) rmSync(file, { force: true });

  const started = performance.now();
  const summaries: Summary[] = [];
  let servers: RunningServers | undefined;
  let serversFailed = false;
  try {
    for (const batch of sideBySide(selected)) {
      if (batch.some((stage) => stage.needsServers) && !servers && !serversFailed) {
        console.log("\n[test] ── servers (build, then every test server once) ──");
        const [serversStarted, seconds] = await timed(() =>
          startTestServers(testServers, { ...projectNodeEnv(), CI: process.env.CI ?? "" }).catch((error: unknown) => {
            console.error(`[test] the test servers did not start: ${error instanceof Error ? error.message : String(error)}`);
            return undefined;
          }),
        );
        servers = serversStarted;
        serversFailed = !serversStarted;
        summaries.push(withBudget({ name: "servers", counts: single(serversStarted ? 0 : 1), seconds, budgetSeconds: SERVERS_BUDGET_SECONDS, exitCode: serversStarted ? 0 : 1 }));
      }
      console.log(`\n[test] ── ${batch.map((stage) => stage.name).join(" and ")} ──`);
      summaries.push(...(await Promise.all(batch.map((stage) => runStage(stage, serversFailed)))));
    }
  } finally {
    await servers?.stop();
  }

  console.log("\n[test] summary (stage, tests, seconds taken / budget)");
  for (const s of summaries) {
    console.log(`[test]   ${s.name.padEnd(13)} ${format(s.counts).padEnd(36)} ${s.seconds.toFixed(1).padStart(7)} / ${String(s.budgetSeconds).padStart(4)} s`);
  }
  const totalSeconds = (performance.now() - started) / 1000;
  console.log(`[test]   ${"total".padEnd(13)} ${"".padEnd(36)} ${totalSeconds.toFixed(1).padStart(7)} / ${String(TOTAL_BUDGET_SECONDS).padStart(4)} s`);
  const overall = totalChecks(selected, totalSeconds);
  const total = summaries.reduce<Counts>(
    (sum, s) => ({ passed: sum.passed + s.counts.passed, failed: sum.failed + s.counts.failed, skipped: sum.skipped + s.counts.skipped }),
    { passed: 0, failed: overall.length, skipped: 0 },
  );
  for (const problem of overall) console.log(`[test] ${problem}`);
  const anyStageFailed = summaries.some((s) => s.exitCode !== 0);
  console.log(format(total));
  process.exitCode = total.failed > 0 || anyStageFailed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  console.log("0 passed, 1 failed");
  process.exitCode = 1;
});
