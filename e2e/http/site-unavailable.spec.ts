/**
 * The production server (scripts/serve.ts: our HTTP front before Next.js, on the e2e build that the
 * suite's web server has just made current) started with a database that cannot be reached, read the
 * way a text browser reads it: plain HTTP GETs, no JavaScript. Every page must be the site's own
 * "We'll be right back" page, with a 503, Retry-After and the security headers; JSON stays JSON.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { site } from "../../src/lib/site";
import { siteUnavailable } from "../../src/lib/site-unavailable";
import { closedPort } from "../../test/ports";

test.describe.configure({ mode: "serial" });

const root = process.cwd();
/** The project's Node 24 (the `node` devDependency), whichever Node runs Playwright. */
const projectNode = path.join(root, "node_modules", ".bin", "node");

let server: ChildProcess | undefined;
let origin = "";
let output = "";

async function waitForServer(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`the server exited (${server?.exitCode}):\n${output}`);
    try {
      await fetch(`${origin}/api/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = await closedPort();
  const databasePort = await closedPort(); // nothing listens there: every connection is refused
  origin = `http://127.0.0.1:${port}`;
  server = spawn(existsSync(projectNode) ? projectNode : process.execPath, ["--import", "tsx", path.join(root, "scripts", "serve.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: ".next-e2e",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: origin,
      DATABASE_URL: `postgres://postgres:unused@127.0.0.1:${databasePort}/app`,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      SMTP_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  await waitForServer(60_000);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

/** The text of the page's first <h1>, as a text browser shows it. */
function heading(html: string): string | undefined {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return inner?.replace(/<[^>]+>/g, "").replaceAll("&#39;", "'").replaceAll("&amp;", "&").trim();
}

for (const pagePath of ["/", "/shop"]) {
  test(`${pagePath} without a database: the site's own page in the first HTML, 503 and Retry-After`, async () => {
    const answer = await fetch(`${origin}${pagePath}`, { redirect: "manual", headers: { accept: "text/html" } });
    const html = await answer.text();
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(heading(html)).toBe(siteUnavailable.title);
    expect(html).toContain(site.phone);
    expect(html).toContain(`href="${pagePath}"`); // retry
    expect(html).not.toContain("<script");
  });
}

test("the health endpoint still answers its own JSON", async () => {
  const answer = await fetch(`${origin}/api/health`);
  expect(answer.status).toBe(503);
  expect(answer.headers.get("content-type")).toContain("application/json");
  expect(await answer.json()).toMatchObject({ status: "down", database: { status: "unreachable" } });
});
