/**
 * The e2e site as two app servers behind a round-robin proxy (the two-servers project of
 * playwright.config.ts): consecutive requests of one browser land on different processes, so any
 * state kept in one process's memory (a session, a cart, a rate-limit count, an OAuth state) shows up
 * as a failing journey.
 *
 * Each app server is a real `npm start` (scripts/start.ts) on the main e2e site's build and database
 * (e2e/servers.ts starts that site first); the proxy sets X-Forwarded-For to the client's address, and
 * the servers trust it through TRUSTED_PROXIES.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, request } from "node:http";
import path from "node:path";
import { e2eDatabaseUrl } from "./e2e-database";

const root = process.cwd();
const say = (message: string) => console.log(`[two-servers] ${message}`);
const port = Number(process.env.PORT ?? 3200);
const appPorts = [port + 10, port + 11];

const databaseUrl = e2eDatabaseUrl();

// One secret for both, as several production servers must share one.
const authSecret = process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64");
const servers: ChildProcess[] = appPorts.map((appPort) =>
  spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "start.ts")], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      TRUSTED_PROXIES: "127.0.0.1",
      BETTER_AUTH_SECRET: authSecret,
    },
  }),
);

let turn = 0;
const proxy = createServer((req, res) => {
  const target = appPorts[turn++ % appPorts.length]!;
  // An edge proxy: it sets X-Forwarded-For to the address it sees. (Appending would be as safe in
  // production, but here the browsers share the proxy's own trusted address, 127.0.0.1, so a forged
  // hop left of it would be believed.)
  const forwardedFor = req.socket.remoteAddress ?? "";
  const upstream = request(
    { host: "127.0.0.1", port: target, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": forwardedFor } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
    res.end("app server unavailable");
  });
  req.pipe(upstream);
});
proxy.listen(port, () => say(`proxy on ${port} → app servers on ${appPorts.join(" and ")}`));

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  proxy.close();
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => (server.exitCode !== null ? resolve() : (server.once("exit", () => resolve()), server.kill("SIGTERM"))))),
  );
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
for (const server of servers) server.once("exit", () => void stop());
