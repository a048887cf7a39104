import type { IncomingMessage, ServerResponse } from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../../test/ports";
import { rawRequest } from "../../test/raw-request";
import { trustedProxyList } from "./client-address";
import { createFront } from "./front";
import { createPageCache, PAGE_TTL_MS } from "./page-cache";
import { listenForPageChanges, type PageChangeListener } from "./page-cache-listener";
import { createPersonalPages, personalPageLookup, type PersonalPages } from "./personal-pages";
import { createPartsFetch, PARTS_PATH } from "./parts-fetch";
import { RETRY_AFTER_SECONDS } from "./unavailable-page";
import { createShellFetch } from "./shell-fetch";

/**
 * A stand-in application that renders each page with the personal parts of the visitor its `who` cookie
 * names (none: a visitor without a cookie), and counts what it renders: whom for, and which page.
 */
const renders: string[] = [];

const part = (name: string, inner: string) => `<template data-personal="${name}"></template>${inner}<template data-personal-end="${name}"></template>`;

const accountOf = (who: string | undefined) => part("account", who ? `<a href="/profile">${who}</a>` : '<a href="/login">Login / Register</a>');
const joinOf = (who: string | undefined) => part("join", who ? "" : '<a href="/register">Become a Member</a>');
/** A product's price part, named after its list price as the site's are: boots cost more than anything else. */
const listCentsOf = (path: string) => (path === "/shop/boots" ? 1999 : 899);
const priceOf = (cents: number, who: string | undefined) => part(`price:${cents}`, `<p>${cents} cents at ${who ? `${who}'s price` : "list price"}</p>`);

/** An event's seats as `who` sees them, in its personal part (the site's: the spots on the event's page). */
const seatsOf = (id: number, seats: number, who: string | undefined) => part(`event-spots:${id}`, `<p>${seats} taken, as ${who ?? "anyone"} sees them</p>`);

/** An event's page: its title, for everyone, and its seats, in a personal part. Read from the database. */
async function eventPageFor(id: number, who: string | undefined): Promise<string> {
  const { rows } = await db.query<{ title: string; seats: number }>("select title, seats_taken as seats from events where id = $1", [id]);
  return `<!DOCTYPE html><html><body>${part("visitor", "")}<header>${accountOf(who)}</header><main><h1>${rows[0]!.title}</h1>${seatsOf(id, rows[0]!.seats, who)}</main></body></html>`;
}

/** The page as the stand-in renders it for `who` (undefined: a visitor without a cookie). */
function pageFor(path: string, who: string | undefined): string {
  const join = path === "/" ? joinOf(who) : "";
  const price = path.startsWith("/shop/") ? priceOf(listCentsOf(path), who) : "";
  return `<!DOCTYPE html><html><body>${part("visitor", "")}<header>${accountOf(who)}</header><main>${path} for everyone${join}${price}</main></body></html>`;
}

/**
 * The visitor's parts alone, as src/app/(parts)/personal-parts renders them: the site's parts and the page
 * parts named. "jon" finds the database down (503); "kim"'s session cookie is refreshed on the way; "zed"
 * gets no account part (an answer that does not fit the kept page).
 */
async function partsFor(res: ServerResponse, url: URL, who: string | undefined): Promise<string> {
  if (who === "jon") {
    res.statusCode = 503;
    res.setHeader("Retry-After", "30");
    return "<p>We'll be right back</p>";
  }
  if (who === "kim") res.setHeader("Set-Cookie", "who=kim; Path=/; HttpOnly");
  const names = url.searchParams.get("names")?.split(",").filter(Boolean) ?? [];
  const asked = await Promise.all(
    names.map(async (name) => {
      if (name.startsWith("price:")) return priceOf(Number(name.slice("price:".length)), who);
      if (!name.startsWith("event-spots:")) return "";
      const id = Number(name.slice("event-spots:".length));
      const { rows } = await db.query<{ seats: number }>("select seats_taken as seats from events where id = $1", [id]);
      return seatsOf(id, rows[0]!.seats, who);
    }),
  );
  const header = who === "zed" ? "" : accountOf(who);
  return `<!DOCTYPE html><html><body>${part("visitor", "")}<header>${header}</header><div hidden>${joinOf(who)}${asked.join("")}</div></body></html>`;
}

/** `?slow` pages take a while to render, for anyone, and so does anything for "slo". */
async function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const who = /(?:^|; )who=([a-z]+)/.exec(req.headers.cookie ?? "")?.[1];
  const url = new URL(req.url ?? "/", "http://stand-in");
  renders.push(`${who ?? "anyone"} ${url.pathname}`);
  if (url.searchParams.has("slow") || who === "slo") await new Promise((resolve) => setTimeout(resolve, 300));
  if (req.method === "POST") {
    res.statusCode = 303;
    res.setHeader("Location", "/about");
    res.end();
    return;
  }
  const event = /^\/calendar\/(\d+)$/.exec(url.pathname);
  const page = url.pathname === PARTS_PATH ? await partsFor(res, url, who) : event ? await eventPageFor(Number(event[1]), who) : pageFor(url.pathname, who);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "private, no-store");
  if (req.headers["accept-encoding"] === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.end(gzipSync(page));
  } else res.end(page);
}

let clockMs = 0;
let personal: PersonalPages;
let listener: PageChangeListener;
let closeServer: () => Promise<void>;
let port: number;
let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const pageCache = createPageCache({ now: () => clockMs });
  personal = createPersonalPages({ pageCache, fetchShell: createShellFetch(), now: () => clockMs });
  listener = listenForPageChanges(process.env.DATABASE_URL!, pageCache, personal);
  await listener.listening;
  const front = createFront(app, { siteUrl: "http://127.0.0.1", formRedirectOrigins: [], trustedProxies: trustedProxyList([]), maxBodyBytes: 4096, pageCache, personalPages: personal });
  ({ port, close: closeServer } = await listenOnLoopback(front));
});
afterAll(async () => {
  await closeServer();
  await listener.stop();
  await db.end();
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(port, "GET", path, headers);
const as = (who: string, more = "") => ({ cookie: `who=${who}${more}` });

/** Asks until the answer is filled (the page as everyone sees it is fetched in the background). */
async function filled(path: string, headers: Record<string, string>) {
  const deadline = performance.now() + 3_000;
  for (;;) {
    const answer = await get(path, headers);
    if (answer.headers["x-page-cache"] === "filled") return answer;
    if (performance.now() > deadline) throw new Error(`${path} was never filled: ${answer.headers["x-page-cache"]}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A fresh minute: nothing kept from an earlier test counts. */
function nextMinute() {
  clockMs += PAGE_TTL_MS * 2;
}

describe("which requests are filled for a visitor", () => {
  const request = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ url, method, headers }) as unknown as IncomingMessage;

  it("takes the pages filled for visitors, with a cookie, outside the router's fetches", () => {
    for (const url of ["/", "/about", "/shop", "/shop/tactical-backpack", "/training/pistol", "/calendar", "/calendar/42-camp", "/privacy?x=1"]) {
      expect(personalPageLookup(request(url, { cookie: "a=1" })), url).toBeDefined();
    }
    // Made for one visitor, or not public.
    for (const url of ["/donate", "/profile", "/shop/cart"]) {
      expect(personalPageLookup(request(url, { cookie: "a=1" })), url).toBeUndefined();
    }
    expect(personalPageLookup(request("/about"))).toBeUndefined();
    expect(personalPageLookup(request("/about", { cookie: "a=1", rsc: "1" }))).toBeUndefined();
    expect(personalPageLookup(request("/about", { cookie: "a=1", authorization: "Basic eDp5" }))).toBeUndefined();
    expect(personalPageLookup(request("/about", { cookie: "a=1" }, "POST"))).toBeUndefined();
    expect(personalPageLookup(request("/about", { cookie: `a=${"x".repeat(5000)}` }))).toBeUndefined();
  });

  it("knows a visitor by their cookies, in whatever order the browser sends them", () => {
    const visitor = (cookie: string) => personalPageLookup(request("/about", { cookie }))!.visitor;
    expect(visitor("who=ann; cart=1")).toBe(visitor("cart=1;who=ann"));
    expect(visitor("who=ann; cart=1")).not.toBe(visitor("who=ann; cart=2"));
  });
});

describe("pages filled for a visitor with a cookie", () => {
  it("renders a visitor's first page for them, then fills the page everyone sees with their parts, without rendering", async () => {
    nextMinute();
    const first = await get("/about", as("ann"));
    expect(first.headers["x-page-cache"]).toBe("rendered");
    expect(first.body).toContain('<a href="/profile">ann</a>');

    const second = await filled("/about", as("ann"));
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers["cache-control"]).toBe("private, no-store");
    expect(second.headers["content-security-policy"]).toBeDefined();
    const before = renders.length;
    expect((await get("/about", as("ann"))).headers["x-page-cache"]).toBe("filled");
    expect(renders.length).toBe(before);
  });

  it("fills another page with the parts already known, and renders a page whose part it does not know yet", async () => {
    nextMinute();
    await get("/about", as("bo"));
    await filled("/about", as("bo"));
    // The home page has the call to join, which "bo" has not been rendered yet: rendered, then filled.
    await get("/");
    const home = await get("/", as("bo"));
    expect(home.headers["x-page-cache"]).toBe("rendered");
    expect(home.body).not.toContain("Become a Member");
    const again = await filled("/", as("bo"));
    expect(again.body).toBe(home.body);
  });

  it("never shows one visitor another's parts", async () => {
    nextMinute();
    await get("/about", as("ann"));
    await filled("/about", as("ann"));
    const cara = await get("/about", as("cara"));
    expect(cara.headers["x-page-cache"]).toBe("rendered");
    expect(cara.body).toContain(">cara<");
    expect(cara.body).not.toContain(">ann<");
    expect((await filled("/about", as("cara"))).body).not.toContain(">ann<");
    expect((await get("/about", as("ann", "; cart=1"))).headers["x-page-cache"]).toBe("rendered");
  });

  it("sends the filled page compressed to a browser that accepts gzip", async () => {
    nextMinute();
    const plain = await get("/about", as("dee"));
    const zipped = await filled("/about", { ...as("dee"), "accept-encoding": "gzip, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.bytes).toString("utf8")).toBe(plain.body);
  });

  it("takes a visitor's parts again after anything they send that is not a GET: their change shows on their very next page", async () => {
    nextMinute();
    await get("/about", as("eve"));
    await filled("/about", as("eve"));
    await rawRequest(port, "POST", "/about", { ...as("eve"), "content-type": "application/x-www-form-urlencoded" }, "a=1");
    expect((await get("/about", as("eve"))).headers["x-page-cache"]).toBe("rendered");
  });

  it("takes every visitor's parts again when an account, a session, a cart or a membership changes in the database", async () => {
    nextMinute();
    await get("/about", as("fay"));
    await filled("/about", as("fay"));
    await db.query('update "user" set name = name where false');
    const deadline = performance.now() + 3_000;
    while (personal.size() > 0) {
      if (performance.now() > deadline) throw new Error("the visitors' parts were not dropped");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await get("/about", as("fay"))).headers["x-page-cache"]).toBe("rendered");
  });

  it("keeps a visitor's parts for a minute at most", async () => {
    nextMinute();
    await get("/about", as("gus"));
    await filled("/about", as("gus"));
    clockMs += PAGE_TTL_MS + 1;
    expect((await get("/about", as("gus"))).headers["x-page-cache"]).toBe("rendered");
  });

  it("fills a page's own part (a product's price for the visitor) only on that page, and only while its data is unchanged", async () => {
    nextMinute();
    await get("/shop/boots", as("ivy"));
    const boots = await filled("/shop/boots", as("ivy"));
    expect(boots.body).toContain("1999 cents at ivy's price");
    expect(boots.body).not.toContain("list price");
    // Another product: its price for "ivy" is not known yet, so it is rendered for her first.
    expect((await get("/shop/socks", as("ivy"))).headers["x-page-cache"]).toBe("rendered");
    expect((await filled("/shop/socks", as("ivy"))).body).toContain("899 cents at ivy's price");

    // The catalog changes, and a visitor without a cookie has the page kept again before "ivy" comes back.
    await db.query("update products set name = name where false");
    await expect.poll(async () => (await get("/shop/boots")).headers["x-page-cache"], { timeout: 3_000 }).toBe("hit");
    expect((await get("/shop/boots", as("ivy"))).headers["x-page-cache"]).toBe("rendered");
    expect((await filled("/shop/boots", as("ivy"))).body).toContain("1999 cents at ivy's price");
  });

  it("answers a HEAD with the filled page's headers and no body", async () => {
    nextMinute();
    await get("/about", as("hal"));
    const page = await filled("/about", as("hal"));
    const head = await rawRequest(port, "HEAD", "/about", as("hal"));
    expect(head.headers["x-page-cache"]).toBe("filled");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(page.body)));
    expect(head.body).toBe("");
  });
});

describe("a visitor's page when the page is kept but not their parts: filled with their parts alone", () => {
  let server: { port: number; close: () => Promise<void> };
  let changes: PageChangeListener;
  let pageCache: ReturnType<typeof createPageCache>;
  beforeAll(async () => {
    pageCache = createPageCache({ now: () => clockMs });
    const personalPages = createPersonalPages({ pageCache, fetchShell: createShellFetch(), fetchParts: createPartsFetch(), now: () => clockMs });
    changes = listenForPageChanges(process.env.DATABASE_URL!, pageCache, personalPages);
    await changes.listening;
    const front = createFront(app, { siteUrl: "http://127.0.0.1", formRedirectOrigins: [], trustedProxies: trustedProxyList([]), maxBodyBytes: 4096, pageCache, personalPages });
    server = await listenOnLoopback(front);
  });
  afterAll(async () => {
    await server.close();
    await changes.stop();
  });

  const at = (path: string, headers: Record<string, string> = {}) => rawRequest(server.port, "GET", path, headers);
  /** The page as everyone sees it, kept by the page cache. */
  const kept = (path: string) => expect.poll(async () => (await at(path)).headers["x-page-cache"], { timeout: 3_000 }).toBe("hit");
  const rendersSince = (before: number) => renders.slice(before);

  it("fills a visitor's first page with their parts alone, as the page rendered for them reads, and the next without asking", async () => {
    nextMinute();
    await kept("/about");
    const before = renders.length;
    const first = await at("/about", as("lea"));
    expect(first.headers["x-page-cache"]).toBe("filled");
    expect(first.body).toBe(pageFor("/about", "lea"));
    expect(rendersSince(before)).toEqual(["lea /personal-parts"]);
    expect((await at("/about", as("lea"))).body).toBe(pageFor("/about", "lea"));
    expect(rendersSince(before)).toEqual(["lea /personal-parts"]);
  });

  it("asks for a page's own parts by name: a product's price for the visitor", async () => {
    nextMinute();
    await kept("/shop/boots");
    const before = renders.length;
    const boots = await at("/shop/boots", as("max"));
    expect(boots.headers["x-page-cache"]).toBe("filled");
    expect(boots.body).toBe(pageFor("/shop/boots", "max"));
    expect(rendersSince(before)).toEqual(["max /personal-parts"]);
  });

  it("asks once for a visitor whose requests come together", async () => {
    nextMinute();
    await kept("/");
    const before = renders.length;
    const pages = await Promise.all([1, 2, 3].map(() => at("/", as("ned"))));
    expect(pages.map((page) => page.body)).toEqual([1, 2, 3].map(() => pageFor("/", "ned")));
    expect(rendersSince(before)).toEqual(["ned /personal-parts"]);
  });

  it("passes a refreshed session cookie on to the visitor, and keeps no parts under the cookies it replaces", async () => {
    nextMinute();
    await kept("/about");
    const before = renders.length;
    const page = await at("/about", as("kim"));
    expect(page.headers["x-page-cache"]).toBe("filled");
    expect(page.headers["set-cookie"]).toEqual(["who=kim; Path=/; HttpOnly"]);
    expect(page.body).toBe(pageFor("/about", "kim"));
    await at("/about", as("kim"));
    expect(rendersSince(before)).toEqual(["kim /personal-parts", "kim /personal-parts"]);
  });

  it("tells the visitor the site is unavailable when their parts could not be made, without making them wait for the page too", async () => {
    nextMinute();
    await kept("/about");
    const before = renders.length;
    const page = await at("/about", as("jon"));
    expect(rendersSince(before)).toEqual(["jon /personal-parts"]);
    // The front's own unavailable page (unavailable-page.ts), its "Try again" leading to the page asked for.
    expect([page.status, page.headers["retry-after"]]).toEqual([503, String(RETRY_AFTER_SECONDS)]);
    expect(page.body).toContain("We&#39;ll be right back");
    expect(page.body).toContain('<a class="primary" href="/about">Try again</a>');
  });

  it("has visitors who come while the kept page is being made wait for it, rather than render it for each", async () => {
    nextMinute();
    const before = renders.length;
    const first = at("/about?slow", as("oli"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [others, firstPage] = await Promise.all([Promise.all([at("/about?slow", as("pat")), at("/about?slow", as("quin"))]), first]);
    expect(firstPage.headers["x-page-cache"]).toBe("rendered");
    expect(others.map((page) => page.headers["x-page-cache"])).toEqual(["filled", "filled"]);
    expect(others.map((page) => page.body)).toEqual([pageFor("/about", "pat"), pageFor("/about", "quin")]);
    expect(rendersSince(before).sort()).toEqual(["anyone /about", "oli /about", "pat /personal-parts", "quin /personal-parts"]);
  });

  /** Changes a table of the group and waits until this server has heard of it. */
  async function change(table: "leaders" | "products", group: "content" | "catalog") {
    const before = pageCache.generationOf([group]);
    await db.query(`update ${table} set name = name where false`);
    await expect.poll(() => pageCache.generationOf([group]), { timeout: 3_000 }).not.toBe(before);
  }

  it("fills visitors from a page made after they came, one after another, while the page's data changes faster than it renders", async () => {
    nextMinute();
    const before = renders.length;
    const first = at("/about?slow", as("ria"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Came after the kept page began and before any change: that page is as new as her request.
    const beforeChange = at("/about?slow", as("sam"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await change("leaders", "content");
    // Came after the change: she waits for the page begun once the one under way ends.
    const afterChange = at("/about?slow", as("tia"));
    const [riaPage, samPage, tiaPage] = await Promise.all([first, beforeChange, afterChange]);
    expect(riaPage.headers["x-page-cache"]).toBe("rendered");
    expect([samPage, tiaPage].map((page) => page.headers["x-page-cache"])).toEqual(["filled", "filled"]);
    expect([samPage.body, tiaPage.body]).toEqual([pageFor("/about", "sam"), pageFor("/about", "tia")]);
    // The page as everyone sees it twice (the first, made across the change, could not be kept), not once per visitor.
    expect(rendersSince(before).sort()).toEqual(["anyone /about", "anyone /about", "ria /about", "sam /personal-parts", "tia /personal-parts"]);
    expect((await at("/about?slow")).headers["x-page-cache"]).toBe("hit");
  });

  it("answers a visitor with their parts made while the page's data changed: they are as new as the request", async () => {
    nextMinute();
    await kept("/shop/boots");
    const before = renders.length;
    const page = at("/shop/boots", as("slo"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await change("products", "catalog");
    const answer = await page;
    expect(answer.headers["x-page-cache"]).toBe("filled");
    expect(answer.body).toBe(pageFor("/shop/boots", "slo"));
    expect(rendersSince(before)).toEqual(["slo /personal-parts"]);
  });

  /** An event with a seat free, its page's path, and a change to it that waits until this server has heard of it. */
  async function anEvent() {
    const { rows } = await db.query<{ id: number }>("select id from events where capacity > seats_taken + 1 order by id limit 1");
    const id = rows[0]!.id;
    const changeEvent = async (set: string, group: "events" | "seats") => {
      const before = pageCache.generationOf([group]);
      await db.query(`update events set ${set} where id = $1`, [id]);
      await expect.poll(() => pageCache.generationOf([group]), { timeout: 3_000 }).not.toBe(before);
    };
    return { id, path: `/calendar/${id}`, changeEvent };
  }

  it("fills a member's page from the page kept before seats were taken: a registration makes their parts again, not the page", async () => {
    nextMinute();
    const { id, path, changeEvent } = await anEvent();
    await kept(path);
    await changeEvent("seats_taken = seats_taken + 1", "seats");
    try {
      const before = renders.length;
      const page = await at(path, as("uma"));
      expect(page.headers["x-page-cache"]).toBe("filled");
      expect(page.body).toBe(await eventPageFor(id, "uma"));
      expect(rendersSince(before)).toEqual(["uma /personal-parts"]);
      // The kept page is out of date for a visitor without a cookie, whose seats it shows: never answered to them.
      expect((await at(path)).headers["x-page-cache"]).toBe("miss");
    } finally {
      await changeEvent("seats_taken = seats_taken - 1", "seats");
    }
  });

  it("makes the page again when the event itself changes, not only its parts", async () => {
    nextMinute();
    const { id, path, changeEvent } = await anEvent();
    await kept(path);
    await changeEvent("title = title || ' (moved)'", "events");
    try {
      const before = renders.length;
      const page = await at(path, as("val"));
      expect(page.body).toBe(await eventPageFor(id, "val"));
      expect(page.body).toContain(" (moved)</h1>");
      await expect.poll(() => rendersSince(before).includes(`anyone ${path}`), { timeout: 3_000 }).toBe(true);
    } finally {
      await changeEvent("title = left(title, -length(' (moved)'))", "events");
    }
  });

  it("renders the page as before when the parts that came do not fit the kept page", async () => {
    nextMinute();
    await kept("/about");
    const before = renders.length;
    const page = await at("/about", as("zed"));
    expect(page.headers["x-page-cache"]).toBe("rendered");
    expect(page.body).toBe(pageFor("/about", "zed"));
    expect(rendersSince(before)).toEqual(["zed /personal-parts", "zed /about"]);
  });
});
