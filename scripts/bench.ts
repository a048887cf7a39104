/**
 * `npm run bench`: a bounded load test on loopback with autocannon. Starts the production site with
 * `npm start` on its own port and data folder, then measures requests/s and p99 latency for the shop
 * page, a product page and Add to Cart (the no-JavaScript POST), and the same for a plain Node http
 * server answering a fixed page on this machine: the ceiling that the ratios compare against.
 *
 * BENCH_PORT / BENCH_DATA_DIR override where the site runs; BENCH_SECONDS and
 * BENCH_CONNECTIONS the load (defaults 10 s and 10 connections per target).
 */
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startBenchmarkServer } from "./lib/serve-for-benchmark";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Figures {
  target: string;
  rps: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
}

async function run(target: string, options: autocannon.Options): Promise<Figures> {
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

/** The reference: Node's own http server with a fixed HTML page, no framework, no database. */
async function startPlainServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const page = `<!doctype html><html lang="en"><head><title>Shop</title></head><body>${"<p>Plain Node reference.</p>".repeat(50)}</body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(page);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
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
  const site = await startBenchmarkServer(port, process.env.BENCH_DATA_DIR ?? "data/bench-postgres");
  const plain = await startPlainServer();
  const rows: Figures[] = [];
  try {
    const origin = `http://127.0.0.1:${port}`;
    const variantId = await variantIdOf(origin, "insulated-water-bottle");
    rows.push(await run("plain Node http (reference)", { url: plain.url }));
    rows.push(await run("GET /shop", { url: `${origin}/shop` }));
    rows.push(await run("GET /shop/tactical-backpack", { url: `${origin}/shop/tactical-backpack` }));
    rows.push(
      await run("POST /shop/cart/add", {
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
      }),
    );
  } finally {
    await plain.close();
    await site.stop();
  }

  const reference = rows[0]!.rps;
  console.log(`\n${seconds} s per target, ${connections} connections, loopback, ${new Date().toISOString()}\n`);
  console.log("| target | requests/s | p99 (ms) | share of plain Node | 2xx/3xx | 4xx/5xx | errors |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const share = r === rows[0] ? "1" : `1/${Math.round(reference / r.rps)} (${((r.rps / reference) * 100).toFixed(1)} %)`;
    console.log(`| ${r.target} | ${Math.round(r.rps)} | ${r.p99} | ${share} | ${r.ok} | ${r.other} | ${r.errors} |`);
  }
  const failed = rows.filter((r) => r.other > 0 || r.errors > 0);
  if (failed.length > 0) {
    console.error(`\nFailed requests under load: ${failed.map((r) => r.target).join(", ")}`);
    process.exitCode = 1;
  }
}

await main();
