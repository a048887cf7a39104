import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { log } from "@/lib/log";
import { siteUnavailablePage, type ResendForm } from "@/lib/site-unavailable";
import { originalResponseMethods } from "./response-methods";

/** Seconds a visitor (or crawler) is asked to wait after a 503. */
export const RETRY_AFTER_SECONDS = 60;

export interface UnavailablePageOptions {
  reqId: string;
  /** Response headers the front set (security headers, X-Request-Id): kept; the application's are dropped. */
  keepHeaders: ReadonlySet<string>;
  /** Asked once a page has failed: false turns the answer into a 503 with Retry-After. Absent: the status stays. */
  databaseReachable?: () => Promise<boolean>;
  /**
   * The build's prerendered 404 page, sent for every page request that ends in a 404. Next renders a
   * page that calls notFound() as an empty document whose content exists only for its JavaScript
   * (vercel/next.js#98954): a text browser, or anyone without JavaScript, would see a blank page.
   */
  notFoundPage?: string;
  /**
   * A page whose answer has not started after this long is asked about: when the database does not
   * answer, the visitor gets the 503 page now rather than whenever the application gives up.
   */
  deadlineMs?: number;
  /** The form a page POST sent (read by the front), offered back on the failure page so nothing typed is lost. */
  postedForm?: () => Promise<ResendForm | undefined>;
}

/**
 * A page a person reads: not the API, not Next's files, not the router's RSC fetches or a server-action
 * call (those answer text/x-component or JSON and their callers handle failures themselves).
 */
export function isPageRequest(req: IncomingMessage): boolean {
  const url = req.url ?? "/";
  const path = url.split("?", 1)[0] ?? "/";
  if (path === "/api" || path.startsWith("/api/") || path.startsWith("/_next/")) return false;
  if (req.headers.rsc !== undefined || req.headers["next-action"] !== undefined) return false;
  return !/[?&]_rsc=/.test(url);
}

function contentTypeOf(res: ServerResponse, headers: unknown): string {
  if (headers && typeof headers === "object" && !Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) {
      if (name.toLowerCase() === "content-type") return String(value);
    }
  }
  return String(res.getHeader("content-type") ?? "");
}

type Callback = (error?: Error | null) => void;
const lastCallback = (args: unknown[]): Callback | undefined => {
  const last = args[args.length - 1];
  return typeof last === "function" ? (last as Callback) : undefined;
};

/**
 * The site's unavailable page for a page request whose data could not be had (503 with Retry-After when
 * the database does not answer), its "Try again" leading back to the page asked for.
 */
export function sendUnavailablePage(req: IncomingMessage, res: ServerResponse, status: number, keepHeaders: ReadonlySet<string>): void {
  writeUnavailablePage(res, { status, retryHref: req.url ?? "/", keepHeaders }, originalResponseMethods(res));
}

function writeUnavailablePage(
  res: ServerResponse,
  { status, retryHref, resend, keepHeaders }: { status: number; retryHref: string; resend?: Parameters<typeof siteUnavailablePage>[0]["resend"]; keepHeaders: ReadonlySet<string> },
  methods: Pick<ReturnType<typeof originalResponseMethods>, "writeHead" | "end">,
): void {
  for (const name of res.getHeaderNames()) if (!keepHeaders.has(name)) res.removeHeader(name);
  const page = siteUnavailablePage({ retryHref, resend });
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(page));
  res.setHeader("Cache-Control", "no-store");
  if (status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  methods.writeHead.call(res, status);
  methods.end.call(res, page);
}

/**
 * Makes a page request whose answer turns out to be a 5xx HTML page get the site's own static
 * "We'll be right back" page instead (readable without JavaScript; src/lib/site-unavailable.ts), with
 * the status kept (503 and Retry-After when the database does not answer). The decision is taken when
 * the application starts its answer (the first writeHead, flushHeaders, write or end), before anything
 * is sent; what the application writes after that is thrown away. A page that already started with a
 * 200 and fails while streaming cannot be changed any more and is left as it is.
 */
export function replaceFailedPage(req: IncomingMessage, res: ServerResponse, options: UnavailablePageOptions): void {
  if (!isPageRequest(req)) return;
  const retryHref = req.url ?? "/";
  const original = originalResponseMethods(res);
  let decided = false;
  let replacing = false;

  const sendNotFound = (page: string) => {
    for (const name of res.getHeaderNames()) if (!options.keepHeaders.has(name)) res.removeHeader(name);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Length", Buffer.byteLength(page));
    res.setHeader("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate");
    original.writeHead.call(res, 404);
    original.end.call(res, req.method === "HEAD" ? undefined : page);
  };

  const send = async (upstreamStatus: number) => {
    const reachable = options.databaseReachable ? await options.databaseReachable() : true;
    const status = reachable ? upstreamStatus : 503;
    const resend = req.method === "POST" ? await options.postedForm?.() : undefined;
    log.warn({ reqId: options.reqId, event: "front.unavailable-page", status, upstreamStatus, databaseReachable: options.databaseReachable ? reachable : undefined }, "sent the site-unavailable page");
    if (res.destroyed) return;
    writeUnavailablePage(res, { status, retryHref, resend, keepHeaders: options.keepHeaders }, original);
  };

  const sendSafely = (status: number) => {
    send(status).catch((error: unknown) => {
      log.error({ reqId: options.reqId, event: "front.unavailable-page-failed", err: error }, "the site-unavailable page could not be sent");
      res.destroy();
    });
  };

  /** True when this response is being replaced (from the first call on, and for every call after it). */
  const replaced = (status?: number, headers?: unknown): boolean => {
    if (decided) return replacing;
    decided = true;
    const code = status ?? res.statusCode;
    const html = /^text\/html\b/i.test(contentTypeOf(res, headers));
    if (code === 404 && html && options.notFoundPage) {
      replacing = true;
      sendNotFound(options.notFoundPage);
      return true;
    }
    replacing = code >= 500 && code <= 599 && html;
    if (replacing) sendSafely(code);
    return replacing;
  };

  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : undefined;
    const headers = args.length > 1 ? args[args.length - 1] : undefined;
    if (replaced(status, headers)) return this;
    return original.writeHead.apply(this, args);
  } as ServerResponse["writeHead"];

  const { deadlineMs, databaseReachable } = options;
  if (deadlineMs && databaseReachable) {
    // Past the deadline, and then as often again, while the application has not begun its answer.
    const askAgain = async () => {
      if (decided || res.destroyed) return;
      const reachable = await databaseReachable();
      if (decided || res.destroyed) return;
      if (reachable) {
        timer = setTimeout(() => void askAgain(), deadlineMs);
        return;
      }
      decided = true;
      replacing = true;
      log.warn({ reqId: options.reqId, event: "front.page-deadline", deadlineMs }, "the database does not answer: the page gets the 503 page without waiting for it");
      sendSafely(503);
    };
    let timer = setTimeout(() => void askAgain(), deadlineMs);
    res.once("close", () => clearTimeout(timer));
  }

  res.flushHeaders = function (this: ServerResponse) {
    if (!replaced()) original.flushHeaders.call(this);
  };

  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (!replaced()) return original.write.apply(this, args);
    const callback = lastCallback(args);
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse["write"];

  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!replaced()) return original.end.apply(this, args);
    const callback = lastCallback(args);
    if (callback) this.once("finish", () => callback());
    return this;
  } as ServerResponse["end"];
}
