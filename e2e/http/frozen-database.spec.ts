/**
 * A database that stops answering without going away (a stuck disk, a network partition): the
 * production server on a PostgreSQL of its own, frozen with SIGSTOP and thawed with SIGCONT. Pages
 * must give the site's 503 page within 5 seconds, a form posted without JavaScript its entries back to
 * send again, and everything must work again once the database answers.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import pg from "pg";
import { signedInMember } from "../../scripts/lib/bench-database";
import { EmbeddedPostgres, livePostmasterPid } from "../../scripts/lib/embedded-postgres";
import { migrateAndSeed } from "../../src/db/migrate";
import { siteUnavailable } from "../../src/lib/site-unavailable";
import { rawRequest } from "../../test/raw-request";
import { startProductionServer, type ProductionServer } from "../production-server";
import { expect, test } from "./fixtures";
import { TextBrowser } from "./text-browser";

test.describe.configure({ mode: "serial" });

const dataDir = path.join(process.cwd(), "data", `frozen-postgres-${randomUUID().slice(0, 8)}`);
const database = new EmbeddedPostgres({ dataDir, port: 0, throwaway: true });

let server: ProductionServer | undefined;
let origin = "";
let port = 0;

/** The postmaster and every process it started (backends, checkpointer, WAL writer): all of PostgreSQL. */
function postgresProcesses(): number[] {
  const postmaster = livePostmasterPid(path.join(dataDir, "cluster"));
  if (!postmaster) throw new Error("no PostgreSQL running for this spec");
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its ")".
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

const signalPostgres = (signal: "SIGSTOP" | "SIGCONT") => {
  for (const pid of postgresProcesses()) process.kill(pid, signal);
};

/** A request and how long its answer took. */
async function timed<T>(run: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await run();
  return { answer, ms: performance.now() - started };
}

const heading = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replaceAll("&#39;", "'").trim();
/**
 * Visitors with a cookie (ADR 0025). A member the front has not seen: their parts are asked of the site,
 * whose session read waits on the database. A cookie that is no session at all needs no database for its
 * parts, and a visitor whose parts the front keeps may get the last good page filled for them meanwhile,
 * like a visitor without a cookie.
 */
const newVisitorWithCookie = () => ({ cookie: `better-auth.session_token=not-a-session-${randomUUID()}.c2lnbmF0dXJl`, accept: "text/html" });
const personal = newVisitorWithCookie();
const memberWith = (cookie: string) => ({ cookie, accept: "text/html" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await database.start();
  await database.createDatabaseIfMissing("app");
  await migrateAndSeed(database.url("app"));
  server = await startProductionServer(database.url("app"));
  ({ origin, port } = server);
});

test.afterAll(async () => {
  try {
    signalPostgres("SIGCONT");
  } catch {
    // already stopped
  }
  await server?.stop();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("frozen with SIGSTOP: a 503 page within 5 s, a no-JS form's entries to send again; all well again after SIGCONT", async () => {
  test.setTimeout(90_000);
  const context = await playwrightRequest.newContext({ baseURL: origin });
  const visitor = new TextBrowser(context, origin);
  try {
    // Before: the pages answer, and the cookieless home page is in the page cache.
    expect((await rawRequest(port, "GET", "/shop", personal)).status).toBe(200);
    expect((await rawRequest(port, "GET", "/")).status).toBe(200);
    const unseenMember = await signedInMember(database.url("app"), server!.authSecret, "Frozen Member");
    const subject = `Frozen ${randomUUID()}`;
    const contact = (await visitor.get("/contact"))
      .form({ button: "Send Message" })
      .fill("Name", "Jordan Hayes")
      .fill("Email", "jordan@example.com")
      .select("Category", "membership")
      .fill("Subject", subject)
      .fill("Message", "Typed while the database was frozen.")
      .check(/I agree to the privacy policy/);

    signalPostgres("SIGSTOP");

    const page = await timed(() => rawRequest(port, "GET", "/shop", memberWith(unseenMember)));
    expect(page.answer.status).toBe(503);
    expect(page.answer.headers["retry-after"]).toMatch(/^\d+$/);
    expect(heading(page.answer.body)).toBe(siteUnavailable.title);
    expect(page.answer.body).toContain('<a class="primary" href="/shop">Try again</a>');
    expect(page.ms).toBeLessThan(5_000);

    // A visitor without a cookie may get the last good page from the page cache meanwhile (ADR 0022), or the 503 page.
    const home = await timed(() => rawRequest(port, "GET", "/"));
    expect(home.ms).toBeLessThan(5_000);
    if (home.answer.status === 200) expect(home.answer.headers["x-page-cache"]).toBe("hit");
    else expect(home.answer.status).toBe(503);
    for (const cookie of [personal, newVisitorWithCookie()]) {
      const known = await timed(() => rawRequest(port, "GET", "/shop", cookie));
      expect(known.ms).toBeLessThan(5_000);
      if (known.answer.status === 200) expect(known.answer.headers["x-page-cache"]).toBe("filled");
      else expect(known.answer.status).toBe(503);
    }

    const health = await timed(() => rawRequest(port, "GET", "/api/health"));
    expect(health.answer.status).toBe(503);
    expect(health.ms).toBeLessThan(5_000);

    // Posted without JavaScript: the 503 page, holding what was typed and a button to send it again.
    const posted = await timed(() => contact.submit());
    expect(posted.answer.status).toBe(503);
    expect(posted.ms).toBeLessThan(5_000);
    expect(posted.answer.heading(1)).toBe(siteUnavailable.title);
    const resend = posted.answer.form({ button: siteUnavailable.resend });
    expect(resend.entries()).toEqual(expect.arrayContaining([["subject", subject], ["message", "Typed while the database was frozen."]]));

    signalPostgres("SIGCONT");

    await expect.poll(async () => (await rawRequest(port, "GET", "/shop", personal)).status, { timeout: 20_000 }).toBe(200);
    expect((await rawRequest(port, "GET", "/api/health")).status).toBe(200);
    const sent = await resend.submit();
    expect(sent.status).toBe(200);
    expect(sent.text("main")).toContain("Message Sent!");
    const client = new pg.Client({ connectionString: database.url("app") });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>("select count(*) from contact_messages where subject = $1", [subject]);
      expect(Number(rows[0]!.count)).toBeGreaterThanOrEqual(1);
    } finally {
      await client.end();
    }
  } finally {
    await context.dispose();
  }
});
