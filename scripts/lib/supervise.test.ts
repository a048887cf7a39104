import { afterEach, describe, expect, it } from "vitest";
import { closedPort } from "../../test/ports";
import { afterCrash, superviseNext, type RestartPolicy } from "./supervise";

/** A real web server: answers every request with its process id. */
const webServer = [
  "-e",
  `require("node:http").createServer((_req, res) => res.end(String(process.pid))).listen(Number(process.env.PORT), "127.0.0.1");`,
];
const crashAtOnce = ["-e", "process.exit(3)"];
const quickPolicy: RestartPolicy = { firstDelayMs: 20, maxCrashes: 3, crashWindowMs: 30_000 };

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A supervisor over a database that only records being stopped, and an exit that only records its code. */
function supervised(policy: RestartPolicy = quickPolicy) {
  const lines: { level: string; msg: string; [field: string]: unknown }[] = [];
  const record = (level: string) => (fields: object, msg: string) => void lines.push({ level, msg, ...fields });
  const database = { url: "postgres://127.0.0.1:1/unused", stopCalls: 0, stop: async () => void database.stopCalls++ };
  let exited: (code: number) => void = () => {};
  const exitCode = new Promise<number>((resolve) => (exited = resolve));
  const supervisor = superviseNext(database, { info: record("info"), error: record("error"), fatal: record("fatal") }, { restartPolicy: policy, exit: (code) => exited(code), handleSignals: false });
  return { supervisor, database, lines, exitCode, events: () => lines.map((line) => line.event).filter(Boolean) };
}

/** Waits until a web server other than `previous` answers on the port, and returns its process id. */
async function nextPidAnswering(port: number, previous = 0): Promise<number> {
  let pid = 0;
  const ask = async () => (pid = await fetch(`http://127.0.0.1:${port}/`).then(async (response) => Number(await response.text()), () => 0));
  await expect.poll(ask, { timeout: 10_000, interval: 50 }).not.toBeOneOf([0, previous]);
  return pid;
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe("superviseNext", () => {
  it("restarts a web server killed with kill -9 and leaves the database running; shutdown then stops web first", async () => {
    const port = await closedPort();
    const { supervisor, database, lines, exitCode, events } = supervised();
    cleanup = () => supervisor.shutdown(0);
    supervisor.run(webServer, { PORT: String(port) });

    const first = await nextPidAnswering(port);
    process.kill(first, "SIGKILL");
    const second = await nextPidAnswering(port, first);

    expect(database.stopCalls).toBe(0);
    expect(events()).toEqual(["web.crashed", "web.restarted"]);
    expect(lines.find((line) => line.event === "web.crashed")).toMatchObject({ level: "error", signal: "SIGKILL", code: null, restartInMs: 20 });

    let webAliveWhenDatabaseStopped: boolean | undefined;
    database.stop = async () => {
      webAliveWhenDatabaseStopped = isAlive(second);
      database.stopCalls++;
    };
    await supervisor.shutdown(0);
    expect(await exitCode).toBe(0);
    expect(webAliveWhenDatabaseStopped).toBe(false);
    expect(database.stopCalls).toBe(1);
  }, 30_000);

  it("gives up when the web server crashes maxCrashes times within the window: stops the database and exits 1", async () => {
    const { supervisor, database, lines, exitCode, events } = supervised();
    cleanup = () => supervisor.shutdown(0);
    supervisor.run(crashAtOnce, {});

    expect(await exitCode).toBe(1);
    expect(database.stopCalls).toBe(1);
    expect(events()).toEqual(["web.crashed", "web.restarted", "web.crashed", "web.restarted", "web.gave-up"]);
    expect(lines.filter((line) => line.event === "web.crashed").map((line) => [line.code, line.restartInMs])).toEqual([
      [3, 20],
      [3, 40],
    ]);
    expect(lines.find((line) => line.event === "web.gave-up")).toMatchObject({ level: "fatal", msg: expect.stringContaining("crashed 3 times within 30 s; giving up") });
  }, 30_000);

  it("treats a web server that exits by itself with code 0 as a stop, not a crash", async () => {
    const { supervisor, database, exitCode, events } = supervised();
    cleanup = () => supervisor.shutdown(0);
    supervisor.run(["-e", "process.exit(0)"], {});

    expect(await exitCode).toBe(0);
    expect(database.stopCalls).toBe(1);
    expect(events()).toEqual([]);
  }, 30_000);
});

describe("afterCrash", () => {
  const policy: RestartPolicy = { firstDelayMs: 1_000, maxCrashes: 5, crashWindowMs: 60_000 };

  it("doubles the wait with each crash inside the window and gives up at the fifth", () => {
    let crashes: number[] = [];
    const waits: (number | undefined)[] = [];
    for (const at of [0, 5_000, 10_000, 20_000, 30_000]) {
      const next = afterCrash(crashes, at, policy);
      crashes = next.crashes;
      waits.push(next.restartInMs);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, undefined]);
  });

  it("forgets crashes older than the window", () => {
    expect(afterCrash([0, 5_000, 10_000, 20_000], 70_000, policy)).toEqual({ crashes: [20_000, 70_000], restartInMs: 2_000 });
  });
});
