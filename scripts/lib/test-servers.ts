/**
 * Starts the test servers of e2e/servers.ts in order, each once its predecessor answers, the way
 * Playwright's webServer does, so several test stages can share one set (scripts/test.ts) and a
 * developer can keep one running (`npm run test:servers`). Each server runs in its own process group,
 * stopped with SIGTERM (scripts/start.ts then stops Next before PostgreSQL).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import type { TestServer } from "../../e2e/servers";

export interface RunningServers {
  stop(): Promise<void>;
}

/** Ready as Playwright judges it: any answer but a 404 or a 5xx (redirects are not followed). */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status < 404;
  } catch {
    return false;
  }
}

function prefixLines(name: string, write: (line: string) => void) {
  let rest = "";
  return (chunk: Buffer) => {
    const lines = (rest + chunk.toString("utf8")).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) write(`[${name}] ${line}`);
  };
}

function stopGroup(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const pid = child.pid;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return Promise.resolve(); // already gone
  }
  return Promise.race([
    exited,
    sleep(timeoutMs).then(() => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }),
  ]);
}

export async function startTestServers(servers: TestServer[], env: Record<string, string | undefined>): Promise<RunningServers> {
  const running: ChildProcess[] = [];
  const stop = async () => {
    // The sites first (they use the stand-ins and the database the main site runs), newest first.
    for (const child of [...running].reverse()) await stopGroup(child, 20_000);
  };
  try {
    for (const server of servers) {
      // Something already answering there (servers left by an interrupted run, `npm run test:servers`)
      // would pass for this server and hide what this run started.
      if (await answers(server.url)) throw new Error(`something already answers at ${server.url}: stop it (or set E2E_PORT) and run again`);
      const started = performance.now();
      const child = spawn(server.command, {
        shell: true,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, ...env, ...server.env },
      });
      running.push(child);
      child.stdout.on("data", prefixLines(server.name, (line) => console.log(line)));
      child.stderr.on("data", prefixLines(server.name, (line) => console.error(line)));
      const deadline = started + server.timeout;
      while (!(await answers(server.url))) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${server.name} exited (${child.exitCode ?? child.signalCode}) before it answered at ${server.url}`);
        if (performance.now() > deadline) throw new Error(`${server.name} did not answer at ${server.url} within ${server.timeout / 1000} s`);
        await sleep(250);
      }
      console.log(`[servers] ${server.name} answers at ${new URL(server.url).origin} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
