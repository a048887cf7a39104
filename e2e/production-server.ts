/**
 * The production server (scripts/serve.ts: our HTTP front before Next.js, on the e2e build that the
 * suite's web server has just made current) started by a spec on a database of its own choosing: one
 * that refuses connections, or one the spec freezes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { closedPort } from "../test/ports";

const root = process.cwd();
/** The project's Node 24 (the `node` devDependency), whichever Node runs Playwright. */
const projectNode = path.join(root, "node_modules", ".bin", "node");

export interface ProductionServer {
  origin: string;
  port: number;
  /** What it signs session cookies with: a spec can make a member's session straight in its database. */
  authSecret: string;
  /** SIGTERM, then wait for the process to end. */
  stop(): Promise<void>;
}

export async function startProductionServer(databaseUrl: string, timeoutMs = 60_000): Promise<ProductionServer> {
  const port = await closedPort();
  const authSecret = randomBytes(32).toString("base64");
  const origin = `http://127.0.0.1:${port}`;
  let output = "";
  const server: ChildProcess = spawn(existsSync(projectNode) ? projectNode : process.execPath, ["--import", "tsx", path.join(root, "scripts", "serve.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: ".next-e2e",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: origin,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: authSecret,
      SMTP_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => void (output += chunk.toString()));

  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  };

  // Any answer from the health endpoint (a 503 included) means the server listens.
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    try {
      await fetch(`${origin}/api/health`);
      return { origin, port, authSecret, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await stop();
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
}
