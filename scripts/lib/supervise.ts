/**
 * Runs the web server as a child: restarts it when it crashes, and stops it before the database on
 * SIGINT/SIGTERM, when it exits by itself with code 0, or when it keeps crashing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { RunningDatabase } from "./database";

export const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

/** `next <args>` (the dev server, a build), or our production server (scripts/serve.ts). */
export const nextCommand = (...args: string[]) => [nextBin, ...args];
// One process (tsx as a loader, not its CLI), so a SIGTERM reaches the server itself.
export const productionServer = () => ["--import", "tsx", path.join(process.cwd(), "scripts", "serve.ts")];

/** When to restart a crashed web server, and when to stop trying. */
export interface RestartPolicy {
  /** The wait before the first restart; it doubles with each further crash inside the window. */
  firstDelayMs: number;
  /** This many crashes inside the window is a real fault: stop the database and exit non-zero. */
  maxCrashes: number;
  crashWindowMs: number;
}

/** 1 s, 2 s, 4 s, 8 s between restarts; the fifth crash within a minute gives up (after ≈ 15 s of waits). */
export const defaultRestartPolicy: RestartPolicy = { firstDelayMs: 1_000, maxCrashes: 5, crashWindowMs: 60_000 };

/** The crashes still inside the window (the newest, at `now`, included), and what to do about them. */
export function afterCrash(earlierCrashes: number[], now: number, policy: RestartPolicy): { crashes: number[]; restartInMs?: number } {
  const crashes = [...earlierCrashes.filter((at) => now - at < policy.crashWindowMs), now];
  if (crashes.length >= policy.maxCrashes) return { crashes };
  return { crashes, restartInMs: policy.firstDelayMs * 2 ** (crashes.length - 1) };
}

/** What the supervisor logs through: pino's logger (npm start) or anything with the same methods. */
export interface SupervisorLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
  fatal(fields: object, message: string): void;
}

export interface SuperviseOptions {
  restartPolicy?: RestartPolicy;
  /** Ends this process once everything has stopped (tests pass their own). */
  exit?: (code: number) => void;
  /** Stop everything on this process's SIGINT/SIGTERM (tests call shutdown instead). */
  handleSignals?: boolean;
}

export function superviseNext(database: RunningDatabase, log: SupervisorLog, options: SuperviseOptions = {}) {
  const { restartPolicy = defaultRestartPolicy, exit = (code: number) => process.exit(code), handleSignals = true } = options;
  let web: ChildProcess | undefined;
  let pendingRestart: NodeJS.Timeout | undefined;
  let crashes: number[] = [];
  let stopping = false;

  const shutdown = async (exitCode: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    clearTimeout(pendingRestart);
    if (web && web.exitCode === null && web.signalCode === null) {
      log.info({}, "stopping the web server");
      const exited = new Promise<void>((resolve) => web!.once("exit", () => resolve()));
      web.kill("SIGTERM");
      await exited;
    }
    log.info({}, "stopping the database");
    await database.stop();
    exit(exitCode);
  };
  if (handleSignals) {
    process.on("SIGINT", () => void shutdown(0));
    process.on("SIGTERM", () => void shutdown(0));
  }

  const start = (command: string[], env: Record<string, string>): void => {
    web = spawn(process.execPath, command, {
      stdio: "inherit",
      env: { ...process.env, ...env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1" },
    });
    web.once("exit", (code, signal) => {
      if (stopping) return;
      // Exiting by itself with 0 is a deliberate stop (next dev and scripts/serve.ts do so on SIGINT/SIGTERM).
      if (code === 0) return void shutdown(0);
      const next = afterCrash(crashes, performance.now(), restartPolicy);
      crashes = next.crashes;
      const fields = { event: "web.crashed", code, signal, crashes: crashes.length, windowSeconds: restartPolicy.crashWindowMs / 1000 };
      if (next.restartInMs === undefined) {
        log.fatal({ ...fields, event: "web.gave-up" }, `the web server crashed ${crashes.length} times within ${fields.windowSeconds} s; giving up: stopping the database and exiting`);
        return void shutdown(1);
      }
      log.error({ ...fields, restartInMs: next.restartInMs }, `the web server crashed (exit code ${code}, signal ${signal}); restarting it in ${next.restartInMs} ms`);
      pendingRestart = setTimeout(() => {
        start(command, env);
        log.info({ event: "web.restarted", pid: web?.pid }, "the web server was restarted");
      }, next.restartInMs);
    });
  };

  return { shutdown, run: start };
}
