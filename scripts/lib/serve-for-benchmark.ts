/** Starts `npm start` on its own port and data folder for a benchmark, and stops it afterwards. */
import { spawn } from "node:child_process";

export interface BenchmarkServer {
  origin: string;
  /** The process started (`npm start`'s, which starts the server itself). */
  pid?: number;
  stop: () => Promise<void>;
}

export function startBenchmarkServer(port: number, dataDir: string): Promise<BenchmarkServer> {
  const origin = `http://localhost:${port}`;
  return startServerProcess(["--import", "tsx", "scripts/start.ts"], origin, { PORT: String(port), DATA_DIR: dataDir, EMBEDDED_DB_PORT: "0", SITE_URL: origin });
}

/** Runs `node <args>` until `origin` answers 200, and stops it afterwards. */
export async function startServerProcess(args: string[], origin: string, env: Record<string, string> = {}): Promise<BenchmarkServer> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the site exited before it was ready");
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("the site did not start within 4 minutes");
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    origin,
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
