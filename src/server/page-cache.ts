import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import { getBotType } from "next/dist/shared/lib/router/utils/is-bot";
import { cachedGroupsOf, groupsOnlyInPartsOf, PAGE_GROUPS, publicPageOf, type PageGroup, type PublicPage } from "@/lib/public-pages";
import { cutAtParts } from "@/lib/personal-parts";
import { recordAnswer } from "./answer-recorder";

/**
 * The public pages as a visitor without a session or a cart sees them, kept in memory for a minute
 * and answered without rendering (ADR 0022). A page is the same for every such visitor: the account
 * link, the cart badge and a member's own prices and registrations need a cookie, and a request with
 * a cookie is never served from here. Which pages are kept, and the groups of data each shows, are in
 * src/lib/public-pages.ts; a change to a group's tables (src/server/page-cache-listener.ts,
 * drizzle/0024) drops every page of that group at once. A page whose changed groups it shows only in
 * personal parts is kept outdated instead: never answered, but still filled for visitors with a cookie.
 */

/** Headers of a fetch of the router or of a server action: never answered from the cache. */
const ROUTER_HEADERS = ["rsc", "next-action", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"];
/** Headers that make a request per visitor. */
const PERSONAL_HEADERS = ["cookie", "authorization"];

/** A longer query is somebody's experiment, not a page a visitor links to. */
const MAX_QUERY_LENGTH = 200;
/** Pages change with time too (upcoming events, a registration opening): none is older than this. */
export const PAGE_TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

/** Never stored: they belong to one connection or one answer, or the front sets them itself. */
const UNSTORED_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "x-request-id"]);

export interface PageLookup {
  key: string;
  groups: readonly PageGroup[];
  /** Of those, the groups the page shows inside personal parts only (public-pages.ts). */
  onlyInParts: readonly PageGroup[];
}

/** A GET or HEAD of a page the cache keeps, whoever asks: its page, groups, and its key without the encoding. */
export interface CacheablePage {
  page: PublicPage;
  groups: readonly PageGroup[];
  onlyInParts: readonly PageGroup[];
  /** The key without its encoding: who asks (a person or a crawler), the host, the URL. */
  keyAfterEncoding: string;
}

export function cacheablePageOf(req: IncomingMessage): CacheablePage | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  if (ROUTER_HEADERS.some((name) => req.headers[name] !== undefined)) return undefined;
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (queryAt !== -1 && url.length - queryAt - 1 > MAX_QUERY_LENGTH) return undefined;
  if (/[?&]_rsc=/.test(url)) return undefined;
  const page = publicPageOf(path);
  const groups = page && cachedGroupsOf(page);
  if (!page || !groups) return undefined;
  const userAgent = req.headers["user-agent"] ?? "";
  // Next answers crawlers with a different document (metadata in the head, not streamed).
  const crawler = getBotType(userAgent) ?? "person";
  const host = [req.headers.host, req.headers["x-forwarded-host"], req.headers["x-forwarded-proto"]].map((v) => String(v ?? "")).join(",");
  return { page, groups, onlyInParts: groupsOnlyInPartsOf(page), keyAfterEncoding: `${crawler}|${host}|${url}` };
}

/** The request's Accept-Encoding narrowed to gzip or nothing, so the framework compresses every page of a key the same way. */
export function narrowEncoding(req: IncomingMessage): "gzip" | "identity" {
  const encoding = acceptsGzip(req.headers["accept-encoding"]) ? "gzip" : "identity";
  req.headers["accept-encoding"] = encoding;
  return encoding;
}

/** Whether this request may be answered from the cache, and under which key: a cacheable page asked for without a cookie. */
export function pageCacheLookup(req: IncomingMessage): PageLookup | undefined {
  if (PERSONAL_HEADERS.some((name) => req.headers[name] !== undefined)) return undefined;
  const cacheable = cacheablePageOf(req);
  if (!cacheable) return undefined;
  return { key: `${narrowEncoding(req)}|${cacheable.keyAfterEncoding}`, groups: cacheable.groups, onlyInParts: cacheable.onlyInParts };
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  groups: readonly PageGroup[];
  onlyInParts: readonly PageGroup[];
  /** Data it shows in personal parts only changed since it was made: it is no longer answered, only filled. */
  outdated?: boolean;
  storedAt: number;
  /** The page cut at its personal parts, once a visitor's page was filled from it (null: it cannot be). */
  cut?: Shell["page"] | null;
}

/** A page as a visitor without a cookie sees it, ready to be filled with another visitor's parts. */
export interface Shell {
  status: number;
  headers: OutgoingHttpHeaders;
  /** Its bytes between the parts, and the parts' names: filling it copies bytes, it encodes no text. */
  page: { between: Buffer[]; names: string[] };
}

export interface PageCacheOptions {
  /** Milliseconds on a monotonic clock; tests pass their own. */
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
}

export interface PageCache {
  /** Answers the request from the cache and returns true, or returns false (a miss). */
  serve(req: IncomingMessage, res: ServerResponse, lookup: PageLookup): boolean;
  /** Keeps the page the application is about to write, when it is a 200 HTML page for everyone. */
  capture(req: IncomingMessage, res: ServerResponse, lookup: PageLookup): void;
  /** Changes whenever data of these groups changes: what was made from it before is out of date. */
  generationOf(groups: readonly PageGroup[]): string;
  /**
   * The first of these keys' pages, cut at its personal parts, if kept and fresh: outdated too, since
   * filling it replaces every part (and a part is made again when its data changed).
   */
  shell(keys: readonly string[]): Shell | undefined;
  /**
   * Drops every page that shows data of these groups, and any render of them already under way; a page
   * that shows all of the changed groups it shows in personal parts only is kept, outdated.
   */
  invalidate(groups: readonly PageGroup[]): void;
  clear(): void;
  /** While disabled (no news of changes reaches us) nothing is served or stored. */
  setEnabled(enabled: boolean): void;
  size(): number;
}

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const now = options.now ?? (() => performance.now());
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let enabled = false;
  // A render that began before a change to its data must not be stored after it.
  const generation = new Map<PageGroup, number>(PAGE_GROUPS.map((group) => [group, 0]));
  const generationOf = (groups: readonly PageGroup[]) => groups.map((group) => generation.get(group)).join(".");

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  const clear = () => {
    for (const group of PAGE_GROUPS) generation.set(group, (generation.get(group) ?? 0) + 1);
    entries.clear();
    bytes = 0;
  };
  const store = (key: string, entry: Entry) => {
    if (entry.body.length > maxBytes) return;
    remove(key);
    entries.set(key, entry);
    bytes += entry.body.length;
    // A Map keeps insertion order, and a hit re-inserts: the first key is the least recently used.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  };

  /** A fresh entry, now the most recently used. */
  const fresh = (key: string): Entry | undefined => {
    if (!enabled) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt > PAGE_TTL_MS) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  return {
    serve(req, res, lookup) {
      const entry = fresh(lookup.key);
      if (!entry || entry.outdated) return false;
      for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
      res.setHeader("Content-Length", entry.body.length);
      res.setHeader("X-Page-Cache", "hit");
      res.statusCode = entry.status;
      res.end(req.method === "HEAD" ? undefined : entry.body);
      return true;
    },

    capture(req, res, lookup) {
      if (!enabled || req.method !== "GET") return;
      res.setHeader("X-Page-Cache", "miss");
      const startedAt = now();
      const started = generationOf(lookup.groups);
      recordAnswer(res, isPageForEveryone, ({ status, headers, body }) => {
        if (!enabled || generationOf(lookup.groups) !== started) return;
        store(lookup.key, { status, headers: keptHeaders(headers), body, groups: lookup.groups, onlyInParts: lookup.onlyInParts, storedAt: startedAt });
      });
    },

    generationOf,

    shell(keys) {
      for (const key of keys) {
        const entry = fresh(key);
        if (!entry) continue;
        if (entry.cut === undefined) entry.cut = cutEntry(entry);
        if (entry.cut) return { status: entry.status, headers: entry.headers, page: entry.cut };
      }
      return undefined;
    },

    invalidate(groups) {
      for (const group of groups) generation.set(group, (generation.get(group) ?? 0) + 1);
      for (const [key, entry] of entries) {
        const changed = entry.groups.filter((group) => groups.includes(group));
        if (changed.length === 0) continue;
        if (changed.every((group) => entry.onlyInParts.includes(group))) entry.outdated = true;
        else remove(key);
      }
    },

    clear,

    setEnabled(value) {
      if (!value) clear();
      enabled = value;
    },

    size: () => entries.size,
  };
}

function keptHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!UNSTORED_HEADERS.has(name) && name !== "x-page-cache") kept[name] = value;
  return kept;
}

const answerShells = new WeakMap<object, Shell | null>();

/**
 * The page a shell fetch brought (shell-fetch.ts), ready to be filled as a kept one is, whether the cache
 * kept it or not; undefined when it is no page for everyone. Cut once, however many visitors wait for it.
 */
export function shellOfAnswer(answer: { status: number; headers: OutgoingHttpHeaders; body: Buffer } | undefined): Shell | undefined {
  if (!answer) return undefined;
  let shell = answerShells.get(answer);
  if (shell === undefined) {
    const headers = keptHeaders(answer.headers);
    const page = isPageForEveryone(answer.status, headers) ? cutEntry({ headers, body: answer.body }) : null;
    shell = page ? { status: answer.status, headers, page } : null;
    answerShells.set(answer, shell);
  }
  return shell ?? undefined;
}

function cutEntry(entry: Pick<Entry, "headers" | "body">): Shell["page"] | null {
  const encoding = entry.headers["content-encoding"];
  if (encoding !== undefined && encoding !== "gzip") return null;
  const cut = cutAtParts((encoding === "gzip" ? gunzipSync(entry.body) : entry.body).toString("utf8"));
  return cut ? { between: cut.between.map((piece) => Buffer.from(piece)), names: cut.names } : null;
}

/** Only a 200 HTML page without a cookie being set is the same for everyone. */
export function isPageForEveryone(status: number, headers: OutgoingHttpHeaders): boolean {
  return status === 200 && /^text\/html\b/i.test(String(headers["content-type"] ?? "")) && headers["set-cookie"] === undefined;
}

/** The group a notification names, or undefined for anything else. */
export function parsePageGroup(payload: string | undefined): PageGroup | undefined {
  return PAGE_GROUPS.find((group) => group === payload);
}
