/**
 * The production server (scripts/serve.ts: our HTTP front before Next.js, on the e2e build that the
 * suite's web server has just made current) started with a database that cannot be reached, read the
 * way a text browser reads it: plain HTTP GETs, no JavaScript. Every page must be the site's own
 * "We'll be right back" page, with a 503, Retry-After and the security headers; JSON stays JSON.
 */
import { expect, test } from "@playwright/test";
import { site } from "../../src/lib/site";
import { siteUnavailable } from "../../src/lib/site-unavailable";
import { closedPort } from "../../test/ports";
import { startProductionServer, type ProductionServer } from "../production-server";

test.describe.configure({ mode: "serial" });

let server: ProductionServer | undefined;
let origin = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const databasePort = await closedPort(); // nothing listens there: every connection is refused
  server = await startProductionServer(`postgres://postgres:unused@127.0.0.1:${databasePort}/app`);
  origin = server.origin;
});

test.afterAll(async () => {
  await server?.stop();
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
