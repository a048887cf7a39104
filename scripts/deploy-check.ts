/**
 * `npm run deploy:check` (as root, on Debian): proves the production recipe in deploy/ on this machine.
 *
 *  1. installs Debian's caddy and postgresql packages when they are missing (apt-get);
 *  2. builds the site when its sources changed (npm run build, as the README's step does);
 *  3. checks the unit files with `systemd-analyze verify` and the timer's schedule with
 *     `systemd-analyze calendar`, and that deploy/Caddyfile is valid (`caddy validate`);
 *  4. stands the recipe up on loopback, in a folder of its own under /tmp: a PostgreSQL cluster made with
 *     Debian's binaries and the README's role and database; the environment file filled in from
 *     deploy/vva.env.example; two app servers run exactly as deploy/vva@.service says (its
 *     ExecStartPre= and ExecStart=, as its User=, in its WorkingDirectory=, with only the environment
 *     systemd would give: scripts/lib/deploy-services.ts); Caddy run as Debian's caddy.service runs it,
 *     on the Caddyfile scripts/lib/caddyfile.ts writes, with `tls internal`; an SMTP server as the relay
 *     and a Stripe stand-in (test/smtp.ts, test/stripe-stand-in.ts);
 *  5. runs the journeys of scripts/lib/deploy-journeys.ts through Caddy over HTTPS, trusting Caddy's root
 *     certificate (TLS is verified), printing PASS or FAIL for each;
 *  6. tears everything down (also on failure, Ctrl-C or SIGTERM) and exits 1 if anything failed.
 *
 * What it cannot prove here: PID 1 is not systemd on every machine this runs on, so the units are not
 * started by systemd (their hardening settings, Restart=, the timer firing and journald are not
 * exercised), Caddy gets no Let's Encrypt certificate (it needs a public name), and the mail and card
 * payments go to local stand-ins. Ports: DEPLOY_CHECK_PORT (default 4600) and the 99 after it.
 * DEPLOY_CHECK_KEEP=1 leaves the folder (logs, database) in place.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import tls from "node:tls";
import { startStripeStandIn, type StripeStandIn } from "../test/stripe-stand-in";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp";
import { buildIfSourcesChanged } from "./lib/build-site";
import { renderCaddyfile } from "./lib/caddyfile";
import { fillEnvironmentFile, placeholderSettings } from "./lib/deploy-env";
import { deployJourneys, runJourneys, type DeployedSite } from "./lib/deploy-journeys";
import { startThrowawayCluster, type Cluster } from "./lib/deploy-postgres";
import { lookUpAccount, runOneshot, startService, type PathMap, type RunningService } from "./lib/deploy-services";
import { parseEnvironmentFile, parseUnitFile, serviceSpec } from "./lib/systemd-unit";

const root = process.cwd();
const deployDir = path.join(root, "deploy");
const started = performance.now();
const say = (line: string) => console.log(line);
const step = (title: string) => say(`\n== ${title}`);

const BASE = Number(process.env.DEPLOY_CHECK_PORT ?? 4600);
const PORTS = { apps: [BASE + 1, BASE + 2], stripe: BASE + 12, smtp: BASE + 25, postgres: BASE + 32, https: BASE + 43, http: BASE + 80 };
/** Where the recipe puts things on a real host (README, Deploy), mapped to the check's folder. */
const HOST_PATHS = { app: "/srv/vva/app", env: "/etc/vva/vva.env", backups: "/var/backups/vva", caddyfile: "/etc/caddy/Caddyfile" };
const APP_USER = "vva";

/** What teardown undoes, last first. */
const cleanups: { what: string; run: () => Promise<void> | void }[] = [];
let tornDown = false;

async function teardown(): Promise<void> {
  if (tornDown) return;
  tornDown = true;
  step("Tearing down");
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup.run();
      say(`  ${cleanup.what}`);
    } catch (error) {
      say(`  ${cleanup.what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function run(program: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): { status: number; output: string } {
  const result = spawnSync(program, args, { encoding: "utf8", env: options.env ?? process.env, stdio: options.quiet ? "pipe" : ["ignore", "inherit", "inherit"] });
  if (result.error) throw result.error;
  return { status: result.status ?? 1, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

function requireRootOnDebian(): void {
  if (process.getuid?.() !== 0) throw new Error("npm run deploy:check installs packages and runs services as their users: run it as root (sudo npm run deploy:check)");
  if (!existsSync("/usr/bin/apt-get") || !existsSync("/usr/bin/dpkg-query")) throw new Error("npm run deploy:check needs Debian (apt-get, dpkg-query)");
}

function installedPackage(name: string): boolean {
  return spawnSync("dpkg-query", ["-W", "-f=${Status}", name], { encoding: "utf8" }).stdout === "install ok installed";
}

function ensurePackages(names: string[]): void {
  const missing = names.filter((name) => !installedPackage(name));
  if (missing.length === 0) return say(`  installed already: ${names.join(", ")}`);
  say(`  installing ${missing.join(", ")} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["update", "-q"], { env }).status !== 0) throw new Error("apt-get update failed");
  if (run("apt-get", ["install", "-y", "-q", "--no-install-recommends", ...missing], { env }).status !== 0) throw new Error(`apt-get install ${missing.join(" ")} failed`);
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** `systemd-analyze verify` on the units with the app's folder where this checkout is; the timer's OnCalendar= with `systemd-analyze calendar`. */
function verifyUnits(folder: string): void {
  if (!existsSync("/usr/bin/systemd-analyze")) {
    say("  NOT CHECKED: systemd-analyze is missing (Debian's systemd package has it)");
    return;
  }
  mkdirSync(folder, { recursive: true });
  const units = ["vva@.service", "vva-backup.service", "vva-backup.timer"];
  for (const unit of units) writeFileSync(path.join(folder, unit), readFileSync(path.join(deployDir, unit), "utf8").replaceAll(HOST_PATHS.app, root));
  const verified = run("systemd-analyze", ["verify", ...["vva@4601.service", "vva-backup.service", "vva-backup.timer"].map((unit) => path.join(folder, unit))], { quiet: true });
  if (verified.status !== 0 || verified.output.trim() !== "") throw new Error(`systemd-analyze verify:\n${verified.output}`);
  say(`  systemd-analyze verify: ${units.join(", ")} (with ${HOST_PATHS.app} read as ${root})`);
  const schedule = parseUnitFile(readFileSync(path.join(deployDir, "vva-backup.timer"), "utf8")).Timer?.OnCalendar?.at(-1);
  if (!schedule) throw new Error("vva-backup.timer has no OnCalendar=");
  const calendar = run("systemd-analyze", ["calendar", schedule], { quiet: true });
  if (calendar.status !== 0) throw new Error(`systemd-analyze calendar ${schedule}:\n${calendar.output}`);
  say(`  systemd-analyze calendar: the backup runs at "${schedule}", next ${/Next elapse: (.*)/.exec(calendar.output)?.[1]?.trim()}`);
}

/** The system user the units run as, made as the README makes it when this machine has none (and removed afterwards). */
function ensureAppUser(): void {
  if (lookUpAccount(APP_USER)) return say(`  the user ${APP_USER} exists already`);
  if (run("useradd", ["--system", "--user-group", "--home-dir", "/srv/vva", "--no-create-home", "--shell", "/usr/sbin/nologin", APP_USER]).status !== 0) throw new Error(`useradd ${APP_USER} failed`);
  say(`  made the system user ${APP_USER} (removed again at the end)`);
  const { uid } = lookUpAccount(APP_USER)!;
  cleanups.push({
    what: `removed the user ${APP_USER}`,
    run: () => {
      run("userdel", [APP_USER]);
      // What tsx cached for deploy/vva's commands (they run with the user's own /tmp, as on a real host).
      rmSync(`/tmp/tsx-${uid}`, { recursive: true, force: true });
    },
  });
}

function ownedFolder(folder: string, user: string, mode: number): string {
  const account = lookUpAccount(user);
  if (!account) throw new Error(`the user ${user} does not exist`);
  mkdirSync(folder, { recursive: true });
  chownSync(folder, account.uid, account.gid);
  chmodSync(folder, mode);
  return folder;
}

async function waitForOk(url: string, what: string, alive: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`${what} exited before it answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} with 200 within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function findDebianCaddyUnit(): string {
  const unit = ["/lib/systemd/system/caddy.service", "/usr/lib/systemd/system/caddy.service"].find((file) => existsSync(file));
  if (!unit) throw new Error("Debian's caddy.service is missing (apt-get install caddy)");
  return unit;
}

interface Outcome {
  /** What failed: a journey, or the step that stopped the check. */
  failures: string[];
  notRun: number;
}

/** The services' logs, kept when something fails (the check's folder is removed). */
let logsFolder: string | undefined;

function keepLogs(): string | undefined {
  if (!logsFolder || !existsSync(logsFolder) || process.env.DEPLOY_CHECK_KEEP === "1") return undefined;
  const kept = `/tmp/vva-deploy-check-logs-${new Date().toISOString().replaceAll(":", "-")}`;
  cpSync(logsFolder, kept, { recursive: true });
  return kept;
}

async function main(): Promise<Outcome> {
  say("deploy:check: the production recipe in deploy/, stood up on this machine and walked through over HTTPS (README, Deploy)");
  requireRootOnDebian();
  const busy = [];
  for (const port of [...PORTS.apps, PORTS.stripe, PORTS.smtp, PORTS.postgres, PORTS.https, PORTS.http]) if (!(await portIsFree(port))) busy.push(port);
  if (busy.length > 0) throw new Error(`ports in use: ${busy.join(", ")} (DEPLOY_CHECK_PORT moves the check's ports)`);

  step("Debian packages");
  ensurePackages(["caddy", "postgresql"]);

  step("The production build (npm run build)");
  buildIfSourcesChanged(root, (message) => say(`  ${message}`));
  say("  the build in .next is current");

  const folder = mkdtempSync("/tmp/vva-deploy-check-");
  chmodSync(folder, 0o755);
  const logs = path.join(folder, "logs");
  mkdirSync(logs);
  logsFolder = logs;
  cleanups.push({
    what: process.env.DEPLOY_CHECK_KEEP === "1" ? `kept ${folder} (DEPLOY_CHECK_KEEP=1)` : `removed ${folder}`,
    run: () => void (process.env.DEPLOY_CHECK_KEEP === "1" || rmSync(folder, { recursive: true, force: true })),
  });
  say(`  the check's folder: ${folder}`);

  step("Unit files and Caddyfile");
  verifyUnits(path.join(folder, "units"));
  const caddyHome = path.join(folder, "caddy");
  mkdirSync(caddyHome);
  const validated = run("caddy", ["validate", "--config", path.join(deployDir, "Caddyfile"), "--adapter", "caddyfile"], {
    quiet: true,
    env: { ...process.env, XDG_DATA_HOME: path.join(caddyHome, "validate"), XDG_CONFIG_HOME: path.join(caddyHome, "validate") },
  });
  if (validated.status !== 0) throw new Error(`caddy validate deploy/Caddyfile:\n${validated.output}`);
  say("  caddy validate: deploy/Caddyfile is valid");

  step(`The user ${APP_USER}`);
  ensureAppUser();

  step("PostgreSQL (Debian's binaries, a cluster of the check's own)");
  const cluster: Cluster = await startThrowawayCluster(path.join(folder, "postgresql"), PORTS.postgres);
  cleanups.push({ what: "stopped PostgreSQL", run: () => cluster.stop() });
  const databasePassword = randomBytes(24).toString("hex");
  // The README's commands (sudo -u postgres psql …, sudo -u postgres createdb …), against this cluster.
  cluster.asPostgres("psql", ["--quiet", "--command", `CREATE ROLE ${APP_USER} LOGIN PASSWORD '${databasePassword}'`]);
  cluster.asPostgres("createdb", [`--owner=${APP_USER}`, APP_USER]);
  say(`  PostgreSQL ${cluster.major} on 127.0.0.1:${PORTS.postgres}, with the role and database ${APP_USER}`);

  step("The SMTP relay and Stripe (stand-ins)");
  const origin = `https://localhost:${PORTS.https}`;
  const mail: TestSmtpServer = await startSmtpServer({ port: PORTS.smtp });
  cleanups.push({ what: "stopped the SMTP relay", run: () => mail.stop() });
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const stripe: StripeStandIn = await startStripeStandIn({ port: PORTS.stripe, webhook: { url: `${origin}/api/stripe/webhook`, secret: webhookSecret } });
  cleanups.push({ what: "stopped the Stripe stand-in", run: () => stripe.close() });
  say(`  SMTP on ${mail.url}; Stripe's API and Checkout at ${stripe.url}, its webhooks to ${origin}/api/stripe/webhook`);

  step("The environment file (deploy/vva.env.example, filled in)");
  const envFile = path.join(folder, "etc", "vva.env");
  mkdirSync(path.dirname(envFile), { mode: 0o755 });
  const example = readFileSync(path.join(deployDir, "vva.env.example"), "utf8");
  const filled = fillEnvironmentFile(
    example,
    {
      SITE_URL: origin,
      DATABASE_URL: `postgres://${APP_USER}:${databasePassword}@127.0.0.1:${PORTS.postgres}/${APP_USER}`,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      SMTP_URL: mail.url,
      ORGANIZATION_LEGAL_NAME: "Deploy Check Veterans Association, Inc.",
      ORGANIZATION_EIN: "12-3456789",
      STRIPE_SECRET_KEY: "sk_test_deploy_check",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    {
      values: { STRIPE_API_BASE: stripe.url, STRIPE_CHECKOUT_ORIGIN: stripe.url },
      note: "npm run deploy:check only: Stripe is a local stand-in (README, Configuration).",
    },
  );
  const unedited = placeholderSettings(parseEnvironmentFile(filled));
  if (unedited.length > 0) throw new Error(`the filled environment file still has placeholders: ${unedited.join(", ")}`);
  if ("PORT" in parseEnvironmentFile(filled)) throw new Error("the environment file sets PORT, which would override each app server's own");
  writeFileSync(envFile, filled, { mode: 0o640 });
  chownSync(envFile, 0, lookUpAccount(APP_USER)!.gid);
  say(`  ${envFile} (root:${APP_USER}, mode 640), standing for ${HOST_PATHS.env}`);

  const backups = ownedFolder(path.join(folder, "backups"), APP_USER, 0o700);
  const privateTmp = ownedFolder(path.join(folder, "tmp-vva"), APP_USER, 0o700);
  const paths: PathMap = [
    [HOST_PATHS.app, root],
    [HOST_PATHS.env, envFile],
    [HOST_PATHS.backups, backups],
  ];
  say(`  paths: ${paths.map(([from, to]) => `${from} → ${to}`).join(", ")}`);

  step(`App servers (deploy/vva@.service, as ${APP_USER}), ports ${PORTS.apps.join(" and ")}`);
  const appUnit = readFileSync(path.join(deployDir, "vva@.service"), "utf8");
  const running = new Map<number, RunningService>();
  const appLog = (port: number) => path.join(logs, `vva@${port}.log`);
  // PrivateTmp=yes gives each service a /tmp of its own; here, TMPDIR in the check's folder.
  const appContext = (port: number) => ({ paths, logFile: appLog(port), extraEnvironment: { TMPDIR: privateTmp } });
  const startAppServer = async (port: number) => {
    const service = await startService(serviceSpec(appUnit, { file: "vva@.service", instance: String(port) }), appContext(port));
    running.set(port, service);
    await waitForOk(`http://127.0.0.1:${port}/api/health`, `vva@${port}`, () => !service.exited(), 180_000);
  };
  const stopAppServer = async (port: number) => {
    await running.get(port)?.stop();
    running.delete(port);
  };
  cleanups.push({ what: "stopped the app servers", run: async () => void (await Promise.all([...running.keys()].map(stopAppServer))) });
  // Started together, as `systemctl start vva@4601 vva@4602` would: both migrate the new database at once.
  await Promise.all(PORTS.apps.map(startAppServer));
  say(`  both answer /api/health; their output (the journal's stand-in): ${PORTS.apps.map(appLog).join(", ")}`);
  say(`  (PrivateTmp=yes: TMPDIR=${privateTmp})`);

  step("Caddy (Debian's caddy.service, as its user), tls internal");
  const caddyUnitFile = findDebianCaddyUnit();
  const caddyfile = path.join(ownedFolder(path.join(caddyHome, "etc"), "caddy", 0o755), "Caddyfile");
  const storage = ownedFolder(path.join(caddyHome, "storage"), "caddy", 0o700);
  writeFileSync(
    caddyfile,
    renderCaddyfile({
      address: origin,
      upstreams: PORTS.apps.map((port) => `127.0.0.1:${port}`),
      internalTls: true,
      sandbox: { httpPort: PORTS.http, httpsPort: PORTS.https, storageRoot: storage },
    }),
  );
  const caddySpec = serviceSpec(readFileSync(caddyUnitFile, "utf8"), { file: "caddy.service" });
  const caddyData = ownedFolder(path.join(caddyHome, "xdg"), "caddy", 0o700);
  const caddy = await startService(caddySpec, {
    paths: [[HOST_PATHS.caddyfile, caddyfile]],
    logFile: path.join(logs, "caddy.log"),
    // Caddy's certificates, its saved config and its CA's trust-store work (~/.step) in the check's folder, not the caddy user's home.
    extraEnvironment: { HOME: caddyData, XDG_DATA_HOME: caddyData, XDG_CONFIG_HOME: caddyData },
  });
  cleanups.push({ what: "stopped Caddy", run: () => caddy.stop() });
  const rootCertificate = path.join(storage, "pki", "authorities", "local", "root.crt");
  const deadline = Date.now() + 30_000;
  while (!existsSync(rootCertificate)) {
    if (caddy.exited()) throw new Error(`Caddy exited; its log: ${path.join(logs, "caddy.log")}`);
    if (Date.now() > deadline) throw new Error("Caddy made no root certificate within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The journeys' HTTPS client trusts Caddy's root as a browser told to would; nothing skips verification.
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), readFileSync(rootCertificate, "utf8")]);
  await waitForOk(`${origin}/api/health`, "Caddy", () => !caddy.exited(), 60_000);
  say(`  ${caddySpec.execStart[0]!.argv.join(" ")} (${HOST_PATHS.caddyfile} → ${caddyfile}), on ${origin} and http://localhost:${PORTS.http}`);
  say(`  trusting Caddy's root certificate: ${rootCertificate}`);
  say(`  (HOME, XDG_DATA_HOME and XDG_CONFIG_HOME in the check's folder: nothing is written to the caddy user's home)`);

  step("Journeys over HTTPS");
  const backupUnit = readFileSync(path.join(deployDir, "vva-backup.service"), "utf8");
  const site: DeployedSite = {
    origin,
    httpOrigin: `http://localhost:${PORTS.http}`,
    mail,
    stripe,
    appServers: PORTS.apps.map((port) => ({ port, logFile: appLog(port) })),
    stopAppServer,
    startAppServer,
    async vva(args) {
      const log = path.join(logs, "deploy-vva.log");
      writeFileSync(log, `$ deploy/vva ${args.join(" ")}\n`, { flag: "a" });
      const child = spawn(path.join(deployDir, "vva"), args, { cwd: "/", env: { ...process.env, VVA_ENV_FILE: envFile, VVA_USER: APP_USER }, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => void (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => void (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      writeFileSync(log, output, { flag: "a" });
      if (code !== 0) throw new Error(`deploy/vva ${args.join(" ")} exited ${code}:\n${output.trim().split("\n").slice(-15).join("\n")}`);
    },
    async runBackupService() {
      const before = new Set(readdirSync(backups));
      await runOneshot(serviceSpec(backupUnit, { file: "vva-backup.service" }), { paths, logFile: path.join(logs, "vva-backup.log"), extraEnvironment: { TMPDIR: privateTmp } });
      const made = readdirSync(backups).filter((name) => !before.has(name));
      if (made.length !== 1) throw new Error(`vva-backup.service made ${made.length} files in ${backups}`);
      return path.join(backups, made[0]!);
    },
  };
  const { journeys, close } = deployJourneys(site);
  cleanups.push({ what: "closed the journeys' HTTP clients", run: close });
  const results = await runJourneys(journeys, say);
  return { failures: results.filter((r) => !r.ok && r.ran).map((r) => r.name), notRun: results.filter((r) => !r.ran).length };
}

const stopOnSignal = (signal: NodeJS.Signals) => {
  say(`\n${signal}: stopping`);
  void teardown().finally(() => process.exit(130));
};
process.once("SIGINT", stopOnSignal);
process.once("SIGTERM", stopOnSignal);

let outcome: Outcome;
try {
  outcome = await main();
} catch (error) {
  outcome = { failures: [error instanceof Error ? error.message : String(error)], notRun: 0 };
  say(`\nFAILED: ${outcome.failures[0]}`);
}
const keptLogs = outcome.failures.length > 0 ? keepLogs() : undefined;
await teardown();
const seconds = Math.round((performance.now() - started) / 1000);
say("");
if (outcome.failures.length === 0) {
  say(`deploy:check passed in ${seconds} s`);
} else {
  const notRun = outcome.notRun > 0 ? `, ${outcome.notRun} journey(s) not run after it` : "";
  say(`deploy:check FAILED in ${seconds} s: ${outcome.failures.length} failed${notRun}${keptLogs ? `; the services' logs are kept in ${keptLogs}` : ""}`);
}
say("Not proven here: the units under systemd itself (their hardening, Restart=, the timer firing, journald), a Let's Encrypt certificate, real mail and card payments (README, Deploy).");
process.exit(outcome.failures.length === 0 ? 0 : 1);
