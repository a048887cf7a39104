/**
 * `npm run perf`: Lighthouse (mobile preset) against the production build served by `npm start`,
 * on every public page. Prints performance and accessibility scores and first-load JS (gzip) per
 * page, judges each page against the budgets, and exits non-zero when one is missed.
 *
 * Each page is measured PERF_RUNS times (default 5) and the median run (by performance score) is
 * reported, as Lighthouse CI does: single runs move by several points with the machine's load.
 * PERF_PAGES=/,/shop measures only those pages. PERF_REPORT_DIR=folder keeps every run's Lighthouse
 * report (JSON) there, to see what a score is made of (long tasks, LCP phases, requests).
 *
 * The budgets (issue 31, scripts/lib/perf-budgets.ts) are relative to a reference page with nothing of
 * ours in it (scripts/lib/next-reference-page.ts), measured the same way in the same run: what the
 * framework alone scores on this machine now. A page fails when its performance is more than 5 points
 * under the reference's, its total blocking time more than 150 ms over the reference's, its
 * accessibility under 100, or its first-load JS over 140 KB gzip (the cart and checkout: 150 KB).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromiumFlags, chromiumPath } from "./lib/chromium";
import { startNextReferencePage } from "./lib/next-reference-page";
import { judgePage, perfBudgets } from "./lib/perf-budgets";
import { chromiumTool, npmPackage, requireTools } from "./lib/required-tools";
import { startBenchmarkServer } from "./lib/serve-for-benchmark";

// Before anything starts: a missing browser or package is named with the command that installs it.
requireTools("npm run perf", [chromiumTool(chromiumPath), npmPackage("lighthouse"), npmPackage("chrome-launcher")]);
const { launch } = await import("chrome-launcher");
const { default: lighthouse } = await import("lighthouse");

const allPages = [
  "/", "/shop", "/shop/tactical-backpack", "/shop/cart", "/training", "/training/firearms", "/calendar", "/calendar/1",
  "/about", "/contact", "/donate", "/privacy", "/terms", "/refund", "/login", "/register", "/forgot-password",
];
const pages = process.env.PERF_PAGES ? process.env.PERF_PAGES.split(",").map((page) => page.trim()) : allPages;
const runsPerPage = Math.max(1, Number(process.env.PERF_RUNS ?? 5));
const reportDir = process.env.PERF_REPORT_DIR;

type Row = { path: string; performance: number; accessibility: number; js: number; lcp: number; cls: number; tbt: number };

function median(runs: Omit<Row, "js">[]): Omit<Row, "js"> {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Sum of the gzip sizes of every script the page's HTML loads: what a first visit downloads. */
async function firstLoadJsKb(origin: string, path: string): Promise<number> {
  const html = await (await fetch(`${origin}${path}`)).text();
  // noModule scripts are legacy polyfills that modern browsers never download.
  const tags = [...html.matchAll(/<script[^>]+>/g)].map((m) => m[0]).filter((tag) => !/\bnoModule\b/i.test(tag));
  const sources = [...new Set(tags.map((tag) => /src="([^"]+)"/.exec(tag)?.[1]).filter((src): src is string => !!src))];
  let bytes = 0;
  for (const src of sources) {
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return bytes / 1024;
}

type Run = Omit<Row, "js">;

/** Lighthouse `runsPerPage` times on one page, each run's report kept when PERF_REPORT_DIR is set. */
async function lighthouseRuns(chromePort: number, origin: string, path: string, reportName: string): Promise<Run[]> {
  await fetch(`${origin}${path}`); // warm the server so the first page is not penalised for a cold start
  const runs: Run[] = [];
  for (let run = 0; run < runsPerPage; run++) {
    const result = await lighthouse(`${origin}${path}`, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, `${reportName}-${run + 1}.json`), JSON.stringify(result.lhr, null, 1));
    }
    runs.push({
      path,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcp: audits["largest-contentful-paint"]?.numericValue ?? NaN,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      tbt: audits["total-blocking-time"]?.numericValue ?? NaN,
    });
  }
  console.log(`${reportName}: performance ${runs.map((r) => r.performance).join(", ")} → median ${median(runs).performance}`);
  return runs;
}

const tableRow = (r: Row, gaps: string[] = ["—", "—"]) =>
  `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.js.toFixed(1)} | ${r.lcp.toFixed(0)} | ${r.cls.toFixed(3)} | ${r.tbt.toFixed(0)} | ${gaps.join(" | ")} |`;

async function main(): Promise<void> {
  const server = await startBenchmarkServer(3300, "data/perf-postgres");
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const rows: Row[] = [];
  let reference: Row;
  try {
    for (const path of pages) {
      const runs = await lighthouseRuns(chrome.port, server.origin, path, path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home");
      rows.push({ ...median(runs), js: await firstLoadJsKb(server.origin, path) });
    }
    const referenceServer = await startNextReferencePage(3310);
    try {
      const runs = await lighthouseRuns(chrome.port, referenceServer.origin, "/", "reference");
      reference = { ...median(runs), path: "reference page (the framework alone)", js: await firstLoadJsKb(referenceServer.origin, "/") };
    } finally {
      await referenceServer.stop();
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const failures: string[] = [];
  console.log(`\nMedian of ${runsPerPage} Lighthouse run(s) per page.`);
  console.log(
    "\n| page | performance | accessibility | first-load JS (KB gzip) | LCP (ms) | CLS | TBT (ms) | points under the reference | TBT over the reference (ms) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const judged = judgePage(r, reference);
    console.log(tableRow(r, [String(judged.pointsUnderReference), judged.tbtOverReferenceMs.toFixed(0)]));
    failures.push(...judged.failures);
  }
  console.log(tableRow(reference));
  console.log(
    `\nBudgets, against the reference page measured in this run (the last row: the framework alone): performance ≥ the reference's − ${perfBudgets.pointsUnderReference}, ` +
      `TBT ≤ the reference's + ${perfBudgets.tbtOverReferenceMs} ms, accessibility = ${perfBudgets.accessibility}, ` +
      `first-load JS ≤ ${perfBudgets.firstLoadJsKb} KB gzip (cart and checkout ≤ ${perfBudgets.cartFirstLoadJsKb} KB).`,
  );
  if (failures.length) {
    console.log(`Over budget:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log("All pages within budget.");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
