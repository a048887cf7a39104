/**
 * Runs a systemd service's commands as systemd would, for `npm run deploy:check` on a machine whose
 * init is not systemd: ExecStartPre= in order, then ExecStart=, then ExecStartPost=, each as the unit's
 * User= and Group=, in its WorkingDirectory=, with only the environment systemd would give it
 * (serviceEnvironment: PATH, the user's HOME…, Environment=, EnvironmentFile=). Paths of the real host
 * (/srv/vva/app, /etc/vva/vva.env…) are mapped to the check's. Each process's output goes to a log file,
 * as it would to the journal. Stopping sends SIGTERM and, after TimeoutStopSec= (15 s), SIGKILL.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { parseEnvironmentFile, serviceEnvironment, type ExecCommand, type ServiceSpec } from "./systemd-unit";

/** [path on the real host, path in the check]: a word equal to the first, or under it, is rewritten. */
export type PathMap = readonly (readonly [string, string])[];

export function mapPath(value: string, paths: PathMap): string {
  for (const [from, to] of paths) {
    if (value === from) return to;
    if (value.startsWith(`${from}/`)) return to + value.slice(from.length);
  }
  return value;
}

export interface Account {
  user: string;
  uid: number;
  gid: number;
  home: string;
  shell: string;
}

/** A user as the system knows it (getent passwd), or undefined. */
export function lookUpAccount(user: string): Account | undefined {
  const found = spawnSync("getent", ["passwd", user], { encoding: "utf8" });
  if (found.status !== 0) return undefined;
  const [name, , uid, gid, , home, shell] = found.stdout.trim().split(":");
  return { user: name!, uid: Number(uid), gid: Number(gid), home: home!, shell: shell! };
}

function lookUpGroup(group: string): number {
  const found = spawnSync("getent", ["group", group], { encoding: "utf8" });
  if (found.status !== 0) throw new Error(`the group ${group} does not exist`);
  return Number(found.stdout.split(":")[2]);
}

/** How the check runs a service: where its host paths are, where its output goes. */
export interface RunContext {
  paths: PathMap;
  logFile: string;
  /** Variables added to the service's own (Caddy's storage folders): said in the check's output. */
  extraEnvironment?: Record<string, string>;
}

export interface Prepared {
  spec: ServiceSpec;
  cwd: string;
  env: Record<string, string>;
  uid?: number;
  gid?: number;
}

/** Everything but the commands: the account, the working directory and the environment, mapped. */
export function prepare(spec: ServiceSpec, context: RunContext): Prepared {
  const account = spec.user ? lookUpAccount(spec.user) : undefined;
  if (spec.user && !account) throw new Error(`${spec.name}: the user ${spec.user} does not exist`);
  const files = spec.environmentFiles.flatMap(({ path, optional }) => {
    const mapped = mapPath(path, context.paths);
    if (!existsSync(mapped)) {
      if (optional) return [];
      throw new Error(`${spec.name}: its EnvironmentFile ${path} (${mapped}) does not exist`);
    }
    return [parseEnvironmentFile(readFileSync(mapped, "utf8"))];
  });
  const env = { ...serviceEnvironment(spec, files, account), ...context.extraEnvironment };
  const cwd = mapPath(spec.workingDirectory ?? account?.home ?? "/", context.paths);
  return { spec, cwd, env, uid: account?.uid, gid: spec.group ? lookUpGroup(spec.group) : account?.gid };
}

/** One command of the unit as a process, its output appended to the log file. */
function spawnCommand(prepared: Prepared, command: ExecCommand, context: RunContext): ChildProcess {
  const [program, ...args] = command.argv.map((word) => mapPath(word, context.paths));
  const log = openSync(context.logFile, "a");
  try {
    return spawn(program!, args, { cwd: prepared.cwd, env: prepared.env as NodeJS.ProcessEnv, uid: prepared.uid, gid: prepared.gid, stdio: ["ignore", log, log] });
  } finally {
    closeSync(log);
  }
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

/** Runs commands one after another, as systemd runs ExecStartPre= (or a oneshot's ExecStart=); a failure stops the service. */
async function runInTurn(prepared: Prepared, commands: readonly ExecCommand[], context: RunContext, what: string): Promise<void> {
  for (const command of commands) {
    const { code, signal } = await exitOf(spawnCommand(prepared, command, context));
    if (code !== 0 && !command.ignoreFailure) {
      throw new Error(`${prepared.spec.name}: ${what} ${command.argv.join(" ")} failed (${signal ?? `exit code ${code}`}); its output: ${context.logFile}`);
    }
  }
}

/** A running service (Type=simple): its main process. */
export interface RunningService {
  name: string;
  pid: number | undefined;
  /** Whether the main process has ended (a crash, say). */
  exited(): boolean;
  /** As `systemctl stop`: SIGTERM, then SIGKILL after the stop timeout. */
  stop(): Promise<void>;
}

/** `systemctl start` of a long-running service: its ExecStartPre= in turn, then ExecStart= left running, then ExecStartPost=. */
export async function startService(spec: ServiceSpec, context: RunContext, stopTimeoutMs = 15_000): Promise<RunningService> {
  if (spec.type === "oneshot") throw new Error(`${spec.name} is a oneshot service: run it with runOneshot`);
  const prepared = prepare(spec, context);
  await runInTurn(prepared, spec.execStartPre, context, "ExecStartPre");
  const main = spawnCommand(prepared, spec.execStart[0]!, context);
  const ended = exitOf(main);
  await runInTurn(prepared, spec.execStartPost, context, "ExecStartPost");
  return {
    name: spec.name,
    pid: main.pid,
    exited: () => main.exitCode !== null || main.signalCode !== null,
    async stop() {
      if (main.exitCode !== null || main.signalCode !== null) return;
      main.kill("SIGTERM");
      const timer = setTimeout(() => main.kill("SIGKILL"), stopTimeoutMs);
      await ended.catch(() => undefined);
      clearTimeout(timer);
    },
  };
}

/** `systemctl start` of a oneshot service (the backup): every ExecStart= in turn, then ExecStartPost=; resolves when done. */
export async function runOneshot(spec: ServiceSpec, context: RunContext): Promise<void> {
  if (spec.type !== "oneshot") throw new Error(`${spec.name} is not a oneshot service`);
  const prepared = prepare(spec, context);
  await runInTurn(prepared, spec.execStartPre, context, "ExecStartPre");
  await runInTurn(prepared, spec.execStart, context, "ExecStart");
  await runInTurn(prepared, spec.execStartPost, context, "ExecStartPost");
}
