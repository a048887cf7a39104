import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../../test/ports";
import { rawRequest } from "../../test/raw-request";
import { trustedProxyList } from "./client-address";
import { createFront } from "./front";
import { createPageCache, PAGE_TTL_MS, pageCacheLookup, type PageCache } from "./page-cache";
import { listenForPageChanges, type PageChangeListener } from "./page-cache-listener";

/**
 * A stand-in application that renders pages from the real database: /contact lists the FAQ, /shop the
 * product names. Renders are counted, and a render may be held open to let a change land during it.
 */
let renders = 0;
let holdRender: Promise<void> | undefined;
let db: pg.Pool;

async function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
  renders += 1;
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const table = path === "/contact" ? "select question as text from faqs order by id" : path.startsWith("/shop") ? "select name as text from products order by id" : undefined;
  if (!table) {
    res.statusCode = path === "/about" ? 200 : 404;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (req.headers["x-test-set-cookie"]) res.setHeader("Set-Cookie", "vva_cart=abc");
    res.end(`<p>${path} ${req.headers["accept-encoding"]}</p>`);
    return;
  }
  const { rows } = await db.query<{ text: string }>(table);
  await holdRender;
  const page = `<ul>${rows.map((row) => `<li>${row.text}</li>`).join("")}</ul>`;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  if (req.headers["accept-encoding"] === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.end(gzipSync(page));
  } else res.end(page);
}

let clockMs = 0;
let cache: PageCache;
let listener: PageChangeListener;
let closeServer: () => Promise<void>;
let port: number;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
  cache = createPageCache({ now: () => clockMs, maxEntries: 20 });
  listener = listenForPageChanges(process.env.DATABASE_URL!, cache);
  await listener.listening;
  const front = createFront(app, { siteUrl: "http://127.0.0.1", formRedirectOrigins: [], trustedProxies: trustedProxyList([]), maxBodyBytes: 4096, pageCache: cache });
  ({ port, close: closeServer } = await listenOnLoopback(front));
});
afterAll(async () => {
  await closeServer();
  await listener.stop();
  await db.end();
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(port, "GET", path, headers);

/** Asks for the page until it shows `text` (the notification travels on its own connection). */
async function eventuallyShows(path: string, text: string, shows = true): Promise<void> {
  const deadline = performance.now() + 3_000;
  for (;;) {
    const body = (await get(path)).body;
    if (body.includes(text) === shows) return;
    if (performance.now() > deadline) throw new Error(`${path} still ${shows ? "lacks" : "shows"} ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const unique = () => `Question ${Math.random().toString(36).slice(2)}?`;

describe("which requests the page cache answers", () => {
  const request = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ url, method, headers }) as unknown as IncomingMessage;

  it("takes public pages only, for visitors without a cookie, outside the router's fetches", () => {
    for (const url of ["/", "/about", "/shop", "/shop/tactical-backpack?added=1", "/calendar/42-summer-camp", "/training/pistol", "/contact?category=training"]) {
      expect(pageCacheLookup(request(url)), url).toBeDefined();
    }
    // /donate: its form carries an idempotency key of its own for each visitor.
    for (const url of ["/donate", "/shop/cart", "/shop/checkout", "/profile", "/admin", "/api/health", "/shop/orders/5", "/login", "/calendar/1/offer", "/shop?_rsc=abc"]) {
      expect(pageCacheLookup(request(url)), url).toBeUndefined();
    }
    expect(pageCacheLookup(request("/about", { cookie: "vva_cart=x" }))).toBeUndefined();
    expect(pageCacheLookup(request("/about", { rsc: "1" }))).toBeUndefined();
    expect(pageCacheLookup(request("/about", { "next-action": "abc" }))).toBeUndefined();
    expect(pageCacheLookup(request("/about", {}, "POST"))).toBeUndefined();
    expect(pageCacheLookup(request(`/shop?q=${"x".repeat(300)}`))).toBeUndefined();
  });

  it("keeps one copy per encoding, per kind of crawler and per host", () => {
    const keyOf = (headers: Record<string, string>) => pageCacheLookup(request("/about", { host: "site.example", ...headers }))!.key;
    expect(keyOf({ "accept-encoding": "gzip, deflate, br" })).toBe(keyOf({ "accept-encoding": "br;q=1, gzip;q=0.5" }));
    expect(keyOf({ "accept-encoding": "gzip;q=0" })).toBe(keyOf({}));
    expect(keyOf({ "accept-encoding": "gzip" })).not.toBe(keyOf({}));
    expect(keyOf({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" })).not.toBe(keyOf({ "user-agent": "Mozilla/5.0 Firefox/140.0" }));
    expect(keyOf({ host: "other.example" })).not.toBe(keyOf({}));
  });
});

describe("the page cache in front of the application", () => {
  it("renders a public page once and answers it again from memory, gzip and plain apart", async () => {
    clockMs += PAGE_TTL_MS * 2;
    const before = renders;
    const first = await get("/shop");
    const second = await get("/shop");
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers["content-security-policy"]).toBeDefined();
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);

    const zipped = await get("/shop", { "accept-encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.bytes).toString("utf8")).toBe(first.body);
    expect(renders - before).toBe(2);

    const head = await rawRequest(port, "HEAD", "/shop");
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.body).toBe("");
    expect(renders - before).toBe(2);
  });

  it("never answers a visitor with a cookie from memory, and never keeps a page that sets one, an error or a 404", async () => {
    await get("/about");
    const before = renders;
    expect((await get("/about", { cookie: "vva_cart=mine" })).headers["x-page-cache"]).toBeUndefined();
    expect(renders - before).toBe(1);

    await get("/about?cookie", { "x-test-set-cookie": "1" });
    expect((await get("/about?cookie")).headers["x-page-cache"]).toBe("miss");
    await get("/terms"); // the stand-in answers /terms with a 404
    expect((await get("/terms")).headers["x-page-cache"]).toBe("miss");
    expect(renders - before).toBe(5);
  });

  it("shows a change to the data a page shows on the next request, whoever made it", async () => {
    const question = unique();
    await eventuallyShows("/contact", question, false);
    expect((await get("/contact")).headers["x-page-cache"]).toBe("hit");

    const { rows } = await db.query<{ id: number }>("insert into faqs (question, answer, sort_order) values ($1, 'Yes.', 99) returning id", [question]);
    await eventuallyShows("/contact", question);
    const renamed = unique();
    await db.query("update faqs set question = $1 where id = $2", [renamed, rows[0]!.id]);
    await eventuallyShows("/contact", renamed);
    await db.query("delete from faqs where id = $1", [rows[0]!.id]);
    await eventuallyShows("/contact", renamed, false);
  });

  it("keeps pages whose data did not change, and ignores a change that was rolled back", async () => {
    await get("/contact");
    expect((await get("/contact")).headers["x-page-cache"]).toBe("hit");
    const client = await db.connect();
    try {
      await client.query("begin");
      await client.query("update faqs set question = question || ' (draft)'");
      await client.query("rollback");
    } finally {
      client.release();
    }
    const marker = `Backpack ${Math.random().toString(36).slice(2)}`;
    await db.query("update products set name = $1 where id = (select min(id) from products)", [marker]);
    await eventuallyShows("/shop", marker);
    expect((await get("/contact")).headers["x-page-cache"]).toBe("hit");
  });

  it("does not keep a page whose render began before a change to its data", async () => {
    let release: () => void = () => {};
    holdRender = new Promise((resolve) => (release = resolve));
    const question = unique();
    const stale = get("/contact?during=change");
    await new Promise((resolve) => setTimeout(resolve, 100)); // the render has read the FAQ and waits
    await db.query("insert into faqs (question, answer, sort_order) values ($1, 'Yes.', 99)", [question]);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the notification arrives during the render
    holdRender = undefined;
    release();
    expect((await stale).body).not.toContain(question);
    const next = await get("/contact?during=change");
    expect(next.headers["x-page-cache"]).toBe("miss");
    expect(next.body).toContain(question);
  });

  it("forgets a page after a minute: pages change with time too", async () => {
    await get("/about?ttl");
    expect((await get("/about?ttl")).headers["x-page-cache"]).toBe("hit");
    clockMs += PAGE_TTL_MS + 1;
    expect((await get("/about?ttl")).headers["x-page-cache"]).toBe("miss");
  });

  it("keeps only the most recently used pages", async () => {
    for (let i = 0; i < 25; i += 1) await get(`/about?page=${i}`);
    expect(cache.size()).toBe(20);
    expect((await get("/about?page=24")).headers["x-page-cache"]).toBe("hit");
    expect((await get("/about?page=0")).headers["x-page-cache"]).toBe("miss");
  });

  it("stops answering from memory while the database's notifications cannot reach it, and starts again empty", async () => {
    await get("/about?outage");
    expect((await get("/about?outage")).headers["x-page-cache"]).toBe("hit");
    await db.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'page-cache-listener' and datname = current_database()");
    const deadline = performance.now() + 3_000;
    while ((await get("/about?outage")).headers["x-page-cache"] === "hit") {
      if (performance.now() > deadline) throw new Error("the cache still answers without its notifications");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(cache.size()).toBe(0);
    while ((await get("/about?outage")).headers["x-page-cache"] !== "hit") {
      if (performance.now() > deadline + 5_000) throw new Error("the cache did not come back with its notifications");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
