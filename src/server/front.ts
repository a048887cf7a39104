import { randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { BlockList } from "node:net";
import type { Duplex } from "node:stream";
import { log } from "@/lib/log";
import { plainPage } from "@/lib/plain-page";
import { needsBodyCheck, readBody, replayRequest, resendableForm, unreadableBodyReason } from "./form-body";
import { fromFrameworkClient, isInternalHeader, withoutInternalHeaders } from "./internal-headers";
import { isTrusted, normaliseAddress, resolveClientAddress } from "./client-address";
import { pageCacheLookup, type PageCache } from "./page-cache";
import { personalPageLookup, type PersonalPages } from "./personal-pages";
import { markRefusedForm } from "./refused-form";
import { ALLOWED_METHODS, refuseRequest, tooLarge, type Refuse } from "./request-guards";
import { crossOriginOpenerPolicy, doorPermissionsPolicy, securityHeaders, type SecurityHeaderOptions } from "./security-headers";
import { replaceFailedPage, sendUnavailablePage } from "./unavailable-page";
import { CLEAR_SITE_STORAGE, endsSession } from "./ended-session";
import { loggableUrl } from "./loggable-url";
import { ACTION_NAMED_WITHIN_BYTES, namesUploadAction, uploadRefusal, type SessionLookup, type UploadRoute } from "./upload-access";

export type NextRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface FrontOptions extends SecurityHeaderOptions {
  trustedProxies: BlockList;
  maxBodyBytes: number;
  /** Forms that take files larger than `maxBodyBytes`, for the right action and sender (upload-access.ts). */
  uploadLimits?: readonly UploadRoute[];
  /** Who holds a session: asked before an upload's body is read. Absent: no upload over `maxBodyBytes` is admitted. */
  sessionLookup?: SessionLookup;
  /** Whether the database answers, asked after a page failed: no makes the site-unavailable page a 503. */
  databaseReachable?: () => Promise<boolean>;
  /** The build's prerendered 404 page (see unavailable-page.ts). */
  notFoundPage?: string;
  /** Public pages for visitors without a session or cart, answered without rendering (page-cache.ts). */
  pageCache?: PageCache;
  /** The same pages for visitors with a cookie: the kept page filled with their personal parts (personal-pages.ts). */
  personalPages?: PersonalPages;
  /** How long a page may take to begin before the database is asked whether it answers (unavailable-page.ts). */
  pageDeadlineMs?: number;
}

/** A path that names no page, so the application answers with its own 404 page. */
export const NOT_FOUND_PATH = "/_not-found-malformed-path";

/** Headers a client could forge that only a trusted proxy may set. */
const PROXY_ONLY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip", "x-request-id"];

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function fromTrustedProxy(req: IncomingMessage, trusted: BlockList): boolean {
  return isTrusted(normaliseAddress(req.socket.remoteAddress ?? ""), trusted);
}

/** Bodies up to this size are read and thrown away after a refusal, so the client can read our answer. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

function refuse(req: IncomingMessage, res: ServerResponse, { status, title, message, headers = {} }: Refuse): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  // A client still sending its body when the answer comes would see a broken pipe instead of the
  // answer if we closed at once: drain what it sends (nothing is kept). Only a huge body gets the door.
  const length = req.headers["content-length"];
  const unbounded = length === undefined && req.headers["transfer-encoding"] !== undefined;
  if (unbounded || Number(length ?? 0) > DRAIN_LIMIT_BYTES) res.setHeader("Connection", "close");
  else req.resume();
  res.end(plainPage({ title, message }));
}

/**
 * A CONNECT request (a proxy tunnel) never reaches the front's request handler: Node hands it to the
 * server's "connect" listener, and closes the connection without a word when there is none.
 */
export function refuseTunnel(_req: IncomingMessage, socket: Duplex): void {
  const page = plainPage({ title: "Method not allowed", message: "This site does not answer CONNECT requests." });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(", ")}\r\nContent-Type: text/html; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(page)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${page}`,
  );
}

/**
 * Finishes the answer's headers when its head is written: the site's security headers, each unless the
 * answer carries its own (a route with a stricter policy of its own, the verification document's
 * `default-src 'none'; sandbox`, keeps it; set earlier, they would win, since Next never replaces a
 * header that is already there), and without the framework's internal headers (internal-headers.ts),
 * whether set on the answer or handed to writeHead. An answer that ends the session also clears the
 * site's storage in the browser (ended-session.ts).
 */
function finishHeadersOnWrite(res: ServerResponse, headers: readonly [string, string][], forFrameworkClient: boolean): void {
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    for (const name of this.getHeaderNames()) if (isInternalHeader(name, forFrameworkClient)) this.removeHeader(name);
    for (const [name, value] of headers) if (!this.hasHeader(name)) this.setHeader(name, value);
    const last = args.length > 1 ? args[args.length - 1] : undefined;
    if (last && typeof last === "object") args[args.length - 1] = withoutInternalHeaders(last as OutgoingHttpHeaders, forFrameworkClient);
    const handed = last && typeof last === "object" && !Array.isArray(last) ? (last as OutgoingHttpHeaders)["set-cookie"] : undefined;
    if (endsSession(this.getHeader("set-cookie")) || endsSession(handed)) this.setHeader(...CLEAR_SITE_STORAGE);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * Everything in front of Next.js: the client address from the socket (X-Forwarded-For is rewritten to
 * exactly that one address, which is all the application and better-auth ever read), a request id,
 * security headers on every response and no framework-internal ones, refusals of requests no page should see, the page cache and its
 * pages filled for visitors with a cookie, and the site's own
 * static "We'll be right back" page for any page whose answer would be a 5xx HTML page.
 */
export function createFront(handle: NextRequestHandler, options: FrontOptions) {
  const headers = Object.entries(securityHeaders(options));
  const keepHeaders = new Set(["x-request-id", "cross-origin-opener-policy", ...headers.map(([name]) => name.toLowerCase())]);
  const siteHost = new URL(options.siteUrl).host;

  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const trustedPeer = fromTrustedProxy(req, options.trustedProxies);
    const incomingId = req.headers["x-request-id"];
    const reqId = trustedPeer && typeof incomingId === "string" && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    const forwardedFor = req.headers["x-forwarded-for"];
    const client = resolveClientAddress(
      req.socket.remoteAddress,
      trustedPeer ? (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor) : undefined,
      options.trustedProxies,
    );
    const forwardedHost = trustedPeer ? req.headers["x-forwarded-host"] : undefined;
    if (!trustedPeer) for (const name of PROXY_ONLY_HEADERS) delete req.headers[name];
    req.headers["x-forwarded-for"] = client;
    req.headers["x-request-id"] = reqId;

    res.setHeader("X-Request-Id", reqId);
    finishHeadersOnWrite(res, headers, fromFrameworkClient(req.headers));
    const openerPolicy = crossOriginOpenerPolicy(req.url ?? "/");
    if (openerPolicy) res.setHeader("Cross-Origin-Opener-Policy", openerPolicy);
    const doorPolicy = doorPermissionsPolicy(req.url ?? "/");
    if (doorPolicy) res.setHeader("Permissions-Policy", doorPolicy);
    // The line is made only when it is written (a benchmark's servers log errors alone).
    if (log.isLevelEnabled("info"))
      res.once("finish", () => {
        log.info({ reqId, method: req.method, url: loggableUrl(req.url), status: res.statusCode, ms: Math.round(performance.now() - started), client }, "request");
      });

    const allowedHosts = new Set([siteHost, req.headers.host ?? "", typeof forwardedHost === "string" ? forwardedHost : ""].filter(Boolean));
    const verdict = refuseRequest(req, { maxBodyBytes: options.maxBodyBytes, uploadLimits: options.uploadLimits, allowedHosts });
    if (verdict?.kind === "refuse") return refuse(req, res, verdict);
    if (verdict?.kind === "not-found") req.url = NOT_FOUND_PATH;
    const upload = verdict?.kind === "check-upload" ? verdict.upload : undefined;
    const cached = !verdict && options.pageCache ? pageCacheLookup(req) : undefined;
    if (cached && options.pageCache?.serve(req, res, cached)) return;
    const personal = !verdict && !cached && options.personalPages ? personalPageLookup(req) : undefined;
    const filled = personal && options.personalPages ? options.personalPages.serve(req, res, personal) : false;
    if (filled === true) return;

    const render = () => {
      if (req.method !== "GET" && req.method !== "HEAD") options.personalPages?.forget(req);
      let posted: Buffer | undefined;
      replaceFailedPage(req, res, {
        reqId,
        keepHeaders,
        databaseReachable: options.databaseReachable,
        notFoundPage: options.notFoundPage,
        deadlineMs: options.pageDeadlineMs,
        postedForm: async () => (posted ? resendableForm(req.headers["content-type"] ?? "", posted) : undefined),
      });
      markRefusedForm(req, res);
      if (cached) options.pageCache?.capture(req, res, cached);
      if (personal) options.personalPages?.capture(req, res, personal);

      const forward = async () => {
        if (upload) {
          const refusal = await uploadRefusal(req, upload, options.maxBodyBytes, options.sessionLookup);
          if (refusal) return refuse(req, res, refusal);
        }
        if (!needsBodyCheck(req)) return handle(req, res);
        // A form posted without JavaScript names its action in the body: over the site's limit, it must do so first.
        const namesAction = upload && req.headers["next-action"] === undefined ? { within: ACTION_NAMED_WITHIN_BYTES, check: (head: Buffer) => namesUploadAction(head, req.headers["content-type"] ?? "", upload) } : undefined;
        const body = await readBody(req, namesAction);
        if (!body) return refuse(req, res, tooLarge(options.maxBodyBytes));
        posted = body;
        const reason = await unreadableBodyReason(req, body);
        if (reason) return refuse(req, res, { kind: "refuse", status: 400, title: "Bad request", message: `${reason} Go back to the page, reload it and try again.` });
        return handle(replayRequest(req, body), res);
      };
      forward().catch((error: unknown) => {
        log.error({ reqId, event: "front.request-failed", err: error }, "request failed");
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          res.end(plainPage({ title: "Something went wrong", message: "We couldn't load this page. Please try again in a moment." }));
        } else res.end();
      });
    };
    if (filled === false) return render();
    // The visitor's parts are being asked for: the page is rendered only if they do not come.
    filled.then(
      (done) => {
        if (done === false) render();
        else if (done !== true) sendUnavailablePage(req, res, done.unavailable, keepHeaders);
      },
      (error: unknown) => {
        log.error({ reqId, event: "front.parts-failed", err: error }, "filling the page failed");
        if (!res.headersSent) render();
      },
    );
  };
}
