/**
 * A throwaway PostgreSQL cluster from Debian's own packages (postgresql-NN: the binaries under
 * /usr/lib/postgresql/NN/bin), for `npm run deploy:check`: initdb into the check's folder as the
 * postgres user, the server on a loopback port of the check's and a socket in that folder, then the
 * role and database the README's Deploy section makes, with the same commands. Debian's own cluster
 * (pg_lsclusters) is never touched.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync } from "node:fs";
import path from "node:path";
import { lookUpAccount } from "./deploy-services";

/** The newest PostgreSQL Debian installed: /usr/lib/postgresql/<major>/bin. */
export function debianPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, "bin", "initdb")))
    .map(Number)
    .sort((a, b) => b - a);
  return majors.length > 0 ? path.join(root, String(majors[0]), "bin") : undefined;
}

export interface Cluster {
  /** The superuser's way in: the socket folder and port (as `sudo -u postgres psql` uses on a real host). */
  socketDir: string;
  port: number;
  major: string;
  /** Runs a client program of Debian's (psql, createdb…) as the postgres user, against this cluster. */
  asPostgres(program: string, args: string[]): void;
  stop(): Promise<void>;
}

function runAs(user: { uid: number; gid: number }, program: string, args: string[], options: { cwd?: string } = {}): void {
  const result = spawnSync(program, args, { uid: user.uid, gid: user.gid, encoding: "utf8", cwd: options.cwd ?? "/" });
  if (result.status !== 0) throw new Error(`${path.basename(program)} ${args.join(" ")} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
}

/** pg_isready until the server accepts connections (peer and password checks aside). */
async function waitUntilAccepting(bin: string, socketDir: string, port: number, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited (code ${server.exitCode}); its log: ${logFile}`);
    if (spawnSync(path.join(bin, "pg_isready"), ["--quiet", "--host", socketDir, "--port", String(port)]).status === 0) return;
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within 30 s; its log: ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** initdb into `folder` and start the server on 127.0.0.1:`port`; `stop()` shuts it down (fast). */
export async function startThrowawayCluster(folder: string, port: number): Promise<Cluster> {
  const bin = debianPostgresBin();
  if (!bin) throw new Error("Debian's PostgreSQL is not installed (apt-get install postgresql)");
  const postgres = lookUpAccount("postgres");
  if (!postgres) throw new Error("the postgres user does not exist (apt-get install postgresql makes it)");
  const dataDir = path.join(folder, "data");
  const socketDir = path.join(folder, "socket");
  const logFile = path.join(folder, "postgresql.log");
  for (const dir of [folder, socketDir]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chownSync(dir, postgres.uid, postgres.gid);
  }
  // Debian's cluster defaults (pg_createcluster): peer for local connections, scram-sha-256 over TCP.
  runAs(postgres, path.join(bin, "initdb"), ["--pgdata", dataDir, "--username", "postgres", "--auth-local", "peer", "--auth-host", "scram-sha-256", "--encoding", "UTF8", "--locale", "C.UTF-8"]);
  const log = openSync(logFile, "a");
  const server = spawn(path.join(bin, "postgres"), ["-D", dataDir, "-p", String(port), "-k", socketDir, "-c", "listen_addresses=127.0.0.1"], {
    uid: postgres.uid,
    gid: postgres.gid,
    cwd: "/",
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill("SIGINT"); // fast shutdown: roll back open transactions, disconnect, stop
    await exited;
  };
  try {
    await waitUntilAccepting(bin, socketDir, port, server, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    socketDir,
    port,
    major: path.basename(path.dirname(bin)),
    asPostgres: (program, args) => runAs(postgres, path.join(bin, program), ["--host", socketDir, "--port", String(port), ...args]),
    stop,
  };
}
