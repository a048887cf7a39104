import type { IncomingMessage, ServerResponse } from "node:http";
import { gunzip } from "node:zlib";
import { filledForVisitors } from "@/lib/public-pages";
import { fillParts, isPagePart, partsOf } from "@/lib/personal-parts";
import type { PageGroup } from "@/lib/public-pages";
import { recordAnswer } from "./answer-recorder";
import { cacheablePageOf, isPageForEveryone, narrowEncoding, PAGE_TTL_MS, shellOfAnswer, type PageCache, type Shell } from "./page-cache";
import type { PartsFetch } from "./parts-fetch";
import type { ShellFetch } from "./shell-fetch";
import { deflatedPiece, gzipOfPieces } from "./gzip-pieces";

/**
 * Public pages for visitors with a cookie (members, shoppers), answered without rendering (ADR 0025). The
 * page cache keeps each page as a visitor without a cookie sees it; what differs for a visitor is in a few
 * personal parts (src/lib/personal-parts.ts). Each visitor's parts are taken from a page the application
 * rendered for them, kept here under their cookies, and put into any kept page they ask for next.
 *
 * - A visitor is their Cookie header, exactly: another cookie, another visitor. Nothing here reads a
 *   session; the parts are what the application itself rendered for those cookies.
 * - A visitor's parts are dropped when any account, session, cart or membership changes (the database's
 *   "visitors" notification), when the visitor sends anything but a GET or HEAD (their own change, seen on
 *   their very next page), and after a minute.
 * - A page the cache does not hold yet is rendered for the visitor as before, and the page as everyone
 *   sees it is fetched once in the background (`fetchShell`), so the next one is filled. Visitors who ask
 *   while it is being fetched wait for it instead of having the page rendered for each of them (a page
 *   whose data just changed, at the busiest minute).
 * - A kept page for a visitor whose parts are not held (their first page, or the first after a change) is
 *   filled with their parts alone, which the application renders for their cookies (`fetchParts`): a
 *   far smaller render than the page's.
 */

/** Longer Cookie headers are not ours: such a request is rendered as before. */
const MAX_COOKIE_LENGTH = 4096;
const MAX_VISITORS = 5_000;

/** Never copied from the kept page: they describe its own bytes, not the filled page's. */
const SHELL_ONLY_HEADERS = new Set(["content-encoding", "content-length", "etag", "last-modified", "x-page-cache"]);

/** Each kept page's pieces compressed once, for every visitor whose browser takes gzip (gzip-pieces.ts). */
const deflatedPages = new WeakMap<Shell["page"], Buffer[]>();
function deflatedPagePieces(page: Shell["page"]): Buffer[] {
  let deflated = deflatedPages.get(page);
  if (!deflated) {
    deflated = page.between.map(deflatedPiece);
    deflatedPages.set(page, deflated);
  }
  return deflated;
}

export interface PersonalLookup {
  visitor: string;
  /** The page, whatever its encoding: parts of one page (a product's price) are kept for it alone. */
  page: string;
  /** The groups of data it shows: a change to them makes its own parts out of date. */
  groups: readonly PageGroup[];
  /** The kept page's keys, the visitor's own encoding first. */
  shellKeys: string[];
  gzip: boolean;
}

/** A GET or HEAD, with a cookie, of a page filled for visitors (src/lib/public-pages.ts). */
export function personalPageLookup(req: IncomingMessage): PersonalLookup | undefined {
  const cookie = req.headers.cookie;
  if (!cookie || cookie.length > MAX_COOKIE_LENGTH || req.headers.authorization !== undefined) return undefined;
  const cacheable = cacheablePageOf(req);
  if (!cacheable || !filledForVisitors(cacheable.page)) return undefined;
  const encoding = narrowEncoding(req);
  const other = encoding === "gzip" ? "identity" : "gzip";
  return {
    visitor: visitorOf(cookie),
    page: cacheable.keyAfterEncoding,
    groups: cacheable.groups,
    shellKeys: [`${encoding}|${cacheable.keyAfterEncoding}`, `${other}|${cacheable.keyAfterEncoding}`],
    gzip: encoding === "gzip",
  };
}

/** The cookies, in a fixed order: the same cookies are the same visitor however the browser lists them. */
function visitorOf(cookie: string): string {
  return cookie
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .sort()
    .join("; ");
}

interface VisitorParts {
  /** The parts the same on every page (the header's, the call to join), as bytes. */
  parts: Map<string, Buffer>;
  /** Each page's own parts, with the generation of its data they were made from. */
  pages: Map<string, { parts: Map<string, Buffer>; generation: string }>;
  storedAt: number;
}

export interface PersonalPagesOptions {
  pageCache: PageCache;
  /** Asks for the page as everyone sees it, so the page cache keeps it (see shell-fetch.ts). */
  fetchShell: ShellFetch;
  /** Asks for the visitor's parts alone (see parts-fetch.ts); without it such a page is rendered. */
  fetchParts?: PartsFetch;
  /** Milliseconds on a monotonic clock; tests pass their own. */
  now?: () => number;
  maxVisitors?: number;
}

export interface PersonalPages {
  /**
   * Answers with the kept page filled with the visitor's parts and returns true, or returns false: the
   * page is to be rendered. A promise when the visitor's parts are being asked for first; it may then
   * say the site could not make them (their status), and the visitor gets the unavailable page at once.
   */
  serve(req: IncomingMessage, res: ServerResponse, lookup: PersonalLookup): boolean | Promise<boolean | { unavailable: number }>;
  /** Keeps the visitor's parts from the page the application is about to render for them. */
  capture(req: IncomingMessage, res: ServerResponse, lookup: PersonalLookup): void;
  /** A request that may change what the visitor sees (a form, an action): their parts are taken again. */
  forget(req: IncomingMessage): void;
  /** Some account, session, cart or membership changed: every visitor's parts are taken again. */
  invalidate(): void;
  /** While disabled (no news of changes reaches us) nothing is served or kept. */
  setEnabled(enabled: boolean): void;
  size(): number;
}

export function createPersonalPages(options: PersonalPagesOptions): PersonalPages {
  const now = options.now ?? (() => performance.now());
  const maxVisitors = options.maxVisitors ?? MAX_VISITORS;
  const visitors = new Map<string, VisitorParts>();
  let enabled = false;
  // A render that began before a change must not keep its parts after it: a change to anyone's, or the
  // visitor's own request that may change something (counted per visitor).
  let generation = 0;
  const ownChanges = new Map<string, number>();
  const invalidate = () => {
    generation++;
    visitors.clear();
    ownChanges.clear();
  };
  const changesOf = (visitor: string) => `${generation}.${ownChanges.get(visitor) ?? 0}`;

  const freshEntry = (visitor: string): VisitorParts | undefined => {
    const entry = visitors.get(visitor);
    if (!entry) return undefined;
    if (now() - entry.storedAt > PAGE_TTL_MS) {
      visitors.delete(visitor);
      return undefined;
    }
    return entry;
  };

  /** Keeps parts the application rendered for the visitor, unless a change came since it began. */
  const keep = (lookup: PersonalLookup, parts: Map<string, string>, since: { changes: string; data: string; at: number }) => {
    if (parts.size === 0 || !enabled || changesOf(lookup.visitor) !== since.changes) return;
    // Parts of another page the visitor saw in the same minute stay: each page shows only some.
    const known = freshEntry(lookup.visitor);
    const entry: VisitorParts = { parts: new Map(known?.parts), pages: new Map(known?.pages), storedAt: Math.min(since.at, known?.storedAt ?? since.at) };
    const own = new Map<string, Buffer>();
    for (const [name, part] of parts) (isPagePart(name) ? own : entry.parts).set(name, Buffer.from(part));
    if (own.size > 0 && options.pageCache.generationOf(lookup.groups) === since.data) entry.pages.set(lookup.page, { parts: own, generation: since.data });
    visitors.delete(lookup.visitor);
    visitors.set(lookup.visitor, entry);
    for (const oldest of visitors.keys()) {
      if (visitors.size <= maxVisitors) break;
      visitors.delete(oldest);
    }
  };
  const sinceNow = (lookup: PersonalLookup) => ({ changes: changesOf(lookup.visitor), data: options.pageCache.generationOf(lookup.groups), at: now() });

  /** The visitor's parts alone, asked of the application once per visitor and page at a time. */
  type Asked = { parts: Map<string, Buffer>; setCookie?: string[] } | { unavailable: number } | undefined;
  const asking = new Map<string, Promise<Asked>>();
  const askForParts = async (req: IncomingMessage, lookup: PersonalLookup, shell: Shell, fetchParts: PartsFetch): Promise<Asked> => {
    const since = sinceNow(lookup);
    const answer = await fetchParts(req, shell.page.names.filter(isPagePart));
    if (!answer) return undefined;
    // The database does not answer, or the site is down: the visitor is told so, without a second wait.
    if (answer.status >= 500) return { unavailable: answer.status };
    if (!isPageForEveryone(answer.status, { ...answer.headers, "set-cookie": undefined })) return undefined;
    const parts = partsOf(answer.body.toString("utf8"));
    if (!parts || !enabled) return undefined;
    // A refreshed session cookie goes to the visitor; their parts are then kept under their new cookies.
    // Parts made while the page's data or someone's account changed are as new as this request, and
    // answer it, but are not kept (keep() tells).
    const setCookie = answer.headers["set-cookie"];
    if (!setCookie) keep(lookup, parts, since);
    return { parts: new Map([...parts].map(([name, part]) => [name, Buffer.from(part)])), setCookie };
  };

  /** `pieces` as fillParts puts them: the kept page's at even places, the visitor's parts between. */
  const send = (req: IncomingMessage, res: ServerResponse, lookup: PersonalLookup, shell: Shell, pieces: Buffer[]) => {
    for (const [name, value] of Object.entries(shell.headers)) if (value !== undefined && !SHELL_ONLY_HEADERS.has(name)) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "filled");
    res.statusCode = shell.status;
    let body: Buffer;
    if (lookup.gzip) {
      const deflated = deflatedPagePieces(shell.page);
      body = gzipOfPieces(pieces, (index) => (index % 2 === 0 ? deflated[index / 2] : undefined));
      res.setHeader("Content-Encoding", "gzip");
    } else body = Buffer.concat(pieces);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const fillFromParts = async (req: IncomingMessage, res: ServerResponse, lookup: PersonalLookup, shell: Shell, fetchParts: PartsFetch): Promise<boolean | { unavailable: number }> => {
    // Asked after a change of the page's data, the parts asked for before it would be older than the request.
    const key = `${lookup.visitor}\n${lookup.page}\n${options.pageCache.generationOf(lookup.groups)}`;
    let asked = asking.get(key);
    if (!asked) {
      asked = askForParts(req, lookup, shell, fetchParts).finally(() => asking.delete(key));
      asking.set(key, asked);
    }
    const got = await asked;
    if (!got) return false;
    if ("unavailable" in got) return got;
    const pieces = fillParts(shell.page, got.parts);
    if (!pieces) return false;
    if (got.setCookie) res.setHeader("Set-Cookie", got.setCookie);
    send(req, res, lookup, shell, pieces);
    return true;
  };

  /** The kept page filled with the visitor's parts: those held, or else those asked for. */
  const fill = (req: IncomingMessage, res: ServerResponse, lookup: PersonalLookup, shell: Shell): boolean | Promise<boolean | { unavailable: number }> => {
    const entry = freshEntry(lookup.visitor);
    if (entry) {
      const own = entry.pages.get(lookup.page);
      const current = own && own.generation === options.pageCache.generationOf(lookup.groups);
      const pieces = fillParts(shell.page, current ? new Map([...entry.parts, ...own.parts]) : entry.parts);
      if (pieces) {
        send(req, res, lookup, shell, pieces);
        return true;
      }
    }
    return options.fetchParts ? fillFromParts(req, res, lookup, shell, options.fetchParts) : false;
  };

  return {
    serve(req, res, lookup) {
      if (!enabled) return false;
      const shell = options.pageCache.shell(lookup.shellKeys);
      if (shell) return fill(req, res, lookup, shell);
      const fetching = options.fetchShell(req, () => options.pageCache.generationOf(lookup.groups));
      if (fetching.started) return false;
      return fetching.done.then((answer) => {
        // Kept, or not when the data changed while it was made: it is still as new as this request.
        const made = enabled && (options.pageCache.shell(lookup.shellKeys) ?? shellOfAnswer(answer));
        return made ? fill(req, res, lookup, made) : false;
      });
    },

    capture(req, res, lookup) {
      if (!enabled || req.method !== "GET") return;
      res.setHeader("X-Page-Cache", "rendered");
      const since = sinceNow(lookup);
      recordAnswer(res, isPageForEveryone, ({ headers, body }) => {
        const keepFrom = (html: Buffer) => {
          const parts = partsOf(html.toString("utf8"));
          if (parts) keep(lookup, parts, since);
        };
        if (headers["content-encoding"] === undefined) keepFrom(body);
        else if (headers["content-encoding"] === "gzip") gunzip(body, (error, html) => !error && keepFrom(html));
      });
    },

    forget(req) {
      const cookie = req.headers.cookie;
      if (!cookie) return;
      const visitor = visitorOf(cookie);
      visitors.delete(visitor);
      const count = (ownChanges.get(visitor) ?? 0) + 1;
      ownChanges.delete(visitor);
      ownChanges.set(visitor, count);
      // Forgetting whom we counted would let an old render through: count everyone's instead.
      if (ownChanges.size > maxVisitors) invalidate();
    },

    invalidate,

    setEnabled(value) {
      if (!value) invalidate();
      enabled = value;
    },

    size: () => visitors.size,
  };
}
