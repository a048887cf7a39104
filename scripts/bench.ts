/**
 * `npm run bench`: a bounded load test on loopback with autocannon. Starts a fresh embedded PostgreSQL
 * with the sample content and the production site (`npm start`) on its own port, then, for each public
 * page, measures a plain Node http server answering that page's own bytes (the ceiling on this machine)
 * and the page itself, side by side in one run, and prints each page's requests/s as a share of its plain
 * server's: first as a visitor without a cookie gets it, then `/`, `/shop`, `/calendar`, an event and a
 * product as a signed-in member gets them (a member made in the database, signed in with the run's own
 * secret). Next's own prerendered page (/forgot-password) is measured the same way, for reference; Add to
 * Cart (the no-JavaScript POST) is measured without a ceiling. Fails when a budget is missed.
 *
 * `npm run bench -- --opening` runs the registration-opening benchmark instead (scripts/lib/opening-bench-run.ts).
 *
 * Each page is measured in rounds (BENCH_ROUNDS, default 3): its plain server, then the page, back to back;
 * the round with the median share counts, with the worst p99 of all (scripts/lib/bench-rounds.ts).
 *
 * BENCH_PORT / BENCH_DATA_DIR (a folder under ./data) override where the site runs; BENCH_SECONDS and
 * BENCH_CONNECTIONS the load (defaults 10 s and 10 connections per target and round); BENCH_SETTLE_MS how
 * long the site is left alone after it starts (default 10 s: its start-up jobs run first).
 */
import type { Options as AutocannonOptions } from "autocannon";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { medianRound } from "./lib/bench-rounds";
import { markdownTable, reportBudgets } from "./lib/bench-table";
import { npmPackage, requireTools } from "./lib/required-tools";
import { signedInMember, startBenchDatabase } from "./lib/bench-database";
import { startServerProcess } from "./lib/serve-for-benchmark";

// `npm run bench -- --opening`: the registration-opening benchmark instead (scripts/lib/opening-bench-run.ts).
if (process.argv.includes("--opening")) {
  requireTools("npm run bench -- --opening", [npmPackage("cheerio"), npmPackage("pg")]);
  const { runOpeningBenchmark } = await import("./lib/opening-bench-run");
  process.exit(await runOpeningBenchmark());
}

// Before anything starts: a missing package is named with the command that installs it.
requireTools("npm run bench", [npmPackage("autocannon")]);
const { default: autocannon } = await import("autocannon");

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** The site's start-up jobs (e-mail, reminders) run first, as they would long before real traffic. */
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 10_000);

interface Figures {
  target: string;
  rps: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
}

async function run(target: string, options: AutocannonOptions): Promise<Figures> {
  // A short warm-up so the first measurement is not a cold start.
  await autocannon({ ...options, duration: 2, connections: 2 });
  const result = await autocannon({ ...options, duration: seconds, connections });
  return {
    target,
    rps: result.requests.average,
    p99: result.latency.p99,
    ok: result["2xx"] + result["3xx"],
    other: result["4xx"] + result["5xx"],
    errors: result.errors + result.timeouts,
  };
}

/**
 * The ceiling: Node's own http server answering fixed bytes, no framework, no database. It runs in a
 * process of its own, as the site does: in this one it would share autocannon's event loop.
 */
async function startPlainServer(body: Buffer, contentType: string): Promise<{ url: string; close: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "bench-plain-"));
  const file = path.join(folder, "page");
  await writeFile(file, body);
  const server = `
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const server = require("node:http").createServer((_req, res) => {
      res.writeHead(200, { "content-type": ${JSON.stringify(contentType)}, "content-length": body.length });
      res.end(body);
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", server], { stdio: ["ignore", "pipe", "inherit"] });
  const [port] = (await once(child.stdout, "data")) as [Buffer];
  return {
    url: `http://127.0.0.1:${port.toString().trim()}`,
    close: async () => {
      child.kill();
      await once(child, "exit");
      await rm(folder, { recursive: true, force: true });
    },
  };
}

interface Page {
  path: string;
  /** A signed-in member's cookie: the page as that member gets it. */
  cookie?: string;
  /** Least requests/s as a share of the plain server's; undefined for the reference. */
  minShare?: number;
}

/** Issue 31's budgets: every page p99 under 100 ms at 10 connections, a cookieless page at least 80 % of a plain server, a member's 20 %. */
const MAX_P99_MS = 100;
const COOKIELESS_SHARE = 0.8;
const SIGNED_IN_SHARE = 0.2;

/** What a page's rounds add up to: the median round's requests/s and share, the worst p99, every answer counted. */
interface PageFigures {
  plainRps: number;
  site: Figures;
  share: number;
}

/** One page against a plain server answering the bytes the page answers a visitor without a cookie, in rounds. */
async function measurePage(origin: string, page: Page): Promise<{ page: Page } & PageFigures> {
  const headers: Record<string, string> = page.cookie ? { cookie: page.cookie } : {};
  const first = await fetch(`${origin}${page.path}`, { headers: { ...headers, "accept-encoding": "identity" } });
  if (!first.ok) throw new Error(`${page.path} answered ${first.status}`);
  const plainServer = await startPlainServer(Buffer.from(await first.arrayBuffer()), first.headers.get("content-type") ?? "text/html");
  try {
    const measured: { plain: Figures; site: Figures }[] = [];
    for (let round = 0; round < rounds; round++) {
      const plain = await run(`plain Node, ${page.path}'s bytes`, { url: plainServer.url });
      const site = await run(`GET ${page.path}${page.cookie ? ", signed in" : ""}`, { url: `${origin}${page.path}`, headers });
      measured.push({ plain, site });
    }
    const median = medianRound(measured.map(({ plain, site }) => ({ plainRps: plain.rps, siteRps: site.rps, siteP99: site.p99 })));
    const sum = (count: (figures: Figures) => number) => measured.reduce((total, { site }) => total + count(site), 0);
    const site: Figures = { target: measured[0]!.site.target, rps: median.siteRps, p99: median.p99, ok: sum((f) => f.ok), other: sum((f) => f.other), errors: sum((f) => f.errors) };
    return { page, plainRps: median.plainRps, site, share: median.share };
  } finally {
    await plainServer.close();
  }
}

/** An upcoming event's page, found on the calendar. */
async function eventPath(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/calendar`)).text();
  const path = /href="(\/calendar\/\d+[^"]*)"/.exec(html)?.[1];
  if (!path) throw new Error("No event on /calendar");
  return path;
}

/** The variant id of a one-size product in stock, read from its page's Add to Cart form. */
async function variantIdOf(origin: string, slug: string): Promise<string> {
  const html = await (await fetch(`${origin}/shop/${slug}`)).text();
  const id = /name="variantId" value="(\d+)"/.exec(html)?.[1];
  if (!id) throw new Error(`No Add to Cart form on /shop/${slug}`);
  return id;
}

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 3310);
  const root = process.cwd();
  const database = await startBenchDatabase(root, process.env.BENCH_DATA_DIR ?? "bench-postgres", (line) => console.log(`[bench] ${line}`));
  // The server's sessions are signed with this run's own secret, so a member can be signed in from here.
  const secret = randomBytes(32).toString("base64");
  const origin = `http://127.0.0.1:${port}`;
  const site = await startServerProcess(["--import", "tsx", "scripts/start.ts"], origin, {
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: origin,
    BETTER_AUTH_SECRET: secret,
    LOG_LEVEL: "error",
  }).catch(async (error: unknown) => {
    await database.stop();
    throw error;
  });
  const measured: Awaited<ReturnType<typeof measurePage>>[] = [];
  let addToCart: Figures;
  try {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const member = await signedInMember(database.url, secret, "Bench Member");
    const event = await eventPath(origin);
    const pages: Page[] = [
      { path: "/", minShare: COOKIELESS_SHARE },
      { path: "/about", minShare: COOKIELESS_SHARE },
      { path: "/training", minShare: COOKIELESS_SHARE },
      { path: "/calendar", minShare: COOKIELESS_SHARE },
      { path: "/shop", minShare: COOKIELESS_SHARE },
      { path: "/shop/tactical-backpack", minShare: COOKIELESS_SHARE },
      { path: event, minShare: COOKIELESS_SHARE },
      { path: "/forgot-password" },
      // Issue 31: a member's pages, the shared page plus their own parts (ADR 0025).
      ...["/", "/shop", "/calendar", event, "/shop/tactical-backpack"].map((path) => ({ path, cookie: member, minShare: SIGNED_IN_SHARE })),
    ];
    for (const page of pages) measured.push(await measurePage(origin, page));
    const variantId = await variantIdOf(origin, "insulated-water-bottle");
    addToCart = await run("POST /shop/cart/add", {
      url: origin,
      requests: [
        {
          method: "POST",
          path: "/shop/cart/add",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `variantId=${variantId}&quantity=1&returnTo=%2Fshop`,
          // Each connection is one visitor with its own cart cookie (the first add creates the cart).
          setupRequest: (request, context: { cookie?: string }) => {
            context.cookie ??= `vva_cart=${randomBytes(32).toString("base64url")}`;
            return { ...request, headers: { ...request.headers, cookie: context.cookie } };
          },
        },
      ],
    });
  } finally {
    await site.stop();
    await database.stop();
  }

  console.log(`\n${seconds} s per target and round, ${rounds} rounds (the median share counts, the worst p99), ${connections} connections, loopback, ${new Date().toISOString()}\n`);
  const missed: string[] = [];
  const rows: (string | number)[][] = [];
  for (const { page, plainRps, site: figures, share } of measured) {
    const budget = page.minShare === undefined ? "reference" : `≥ ${(page.minShare * 100).toFixed(0)} %`;
    rows.push([`${page.path}${page.cookie ? " (signed in)" : ""}`, Math.round(plainRps), Math.round(figures.rps), `${(share * 100).toFixed(1)} %`, budget, figures.p99, figures.ok, figures.other, figures.errors]);
    if (page.minShare !== undefined && share < page.minShare) missed.push(`${page.path}${page.cookie ? " (signed in)" : ""}: ${(share * 100).toFixed(1)} % of plain Node, budget ${budget}`);
    if (page.minShare !== undefined && figures.p99 >= MAX_P99_MS) missed.push(`${page.path}${page.cookie ? " (signed in)" : ""}: p99 ${figures.p99} ms, budget < ${MAX_P99_MS} ms`);
  }
  rows.push(["POST /shop/cart/add", "", Math.round(addToCart.rps), "", "", addToCart.p99, addToCart.ok, addToCart.other, addToCart.errors]);
  console.log(
    markdownTable(["page", "plain Node, same bytes (req/s)", "page (req/s)", "share", "budget", "p99 (ms)", "2xx/3xx", "4xx/5xx", "errors"], rows),
  );
  for (const figures of [...measured.map((m) => m.site), addToCart]) {
    if (figures.other > 0 || figures.errors > 0) missed.push(`${figures.target}: ${figures.other} answers 4xx/5xx, ${figures.errors} errors`);
  }
  reportBudgets(missed);
}

await main();
