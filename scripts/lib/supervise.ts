/** Runs the web server as a child and stops it before the database on SIGINT/SIGTERM or when it exits. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { RunningDatabase } from "./database";

export const nextBin = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");

/** `next <args>` (the dev server, a build), or our production server (scripts/serve.ts). */
export const nextCommand = (...args: string[]) => [nextBin, ...args];
// One process (tsx as a loader, not its CLI), so a SIGTERM reaches the server itself.
export const productionServer = () => ["--import", "tsx", path.join(process.cwd(), "scripts", "serve.ts")];

export function superviseNext(database: RunningDatabase, say: (message: string) => void) {
  let web: ChildProcess | undefined;
  let stopping = false;

  const shutdown = async (exitCode: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    if (web && web.exitCode === null && web.signalCode === null) {
      say("stopping the web server");
      const exited = new Promise<void>((resolve) => web!.once("exit", () => resolve()));
      web.kill("SIGTERM");
      await exited;
    }
    say("stopping the database");
    await database.stop();
    process.exit(exitCode);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  return {
    shutdown,
    run(command: string[], env: Record<string, string>): void {
      web = spawn(process.execPath, command, {
        stdio: "inherit",
        env: { ...process.env, ...env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1" },
      });
      web.once("exit", (code) => void shutdown(stopping ? 0 : (code ?? 1)));
    },
  };
}
