import type { IncomingMessage } from "node:http";

/** Requests whose path starts with `pathPrefix` may carry up to `maxBodyBytes` (when the front admits them: upload-access.ts). */
export interface UploadLimit {
  pathPrefix: string;
  maxBodyBytes: number;
}

/** The upload limit of this URL's page, if it takes uploads. */
function uploadLimitFor<U extends UploadLimit>(url: string, options: Pick<GuardOptions<U>, "uploadLimits">): U | undefined {
  const path = url.split("?", 1)[0] ?? "";
  return options.uploadLimits?.find((limit) => path.startsWith(limit.pathPrefix));
}

/** The most this URL may ever be sent: an upload page's own limit (for the right sender and action), or the site's. */
export function bodyLimitFor(url: string, options: Pick<GuardOptions, "maxBodyBytes" | "uploadLimits">): number {
  return uploadLimitFor(url, options)?.maxBodyBytes ?? options.maxBodyBytes;
}

/** What the front refuses before the application sees a request. */
export type Refusal = { kind: "not-found" } | Refuse;
/** An answer the front gives itself, as a short page. */
export type Refuse = { kind: "refuse"; status: number; title: string; message: string; headers?: Record<string, string> };

/**
 * What the front decides before the application sees a request: a refusal, or (a body over the site's
 * limit sent to an upload page) a check of the sender and the action before the body is read.
 */
export type Verdict<U extends UploadLimit = UploadLimit> = Refusal | { kind: "check-upload"; upload: U };

export interface GuardOptions<U extends UploadLimit = UploadLimit> {
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Larger limits for pages that take file uploads (the staff catalog's pictures), by path prefix. */
  uploadLimits?: readonly U[];
  /** Hosts a same-site request may come from: the public site's, and the one this request was sent to. */
  allowedHosts: ReadonlySet<string>;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * The methods the site answers (pages take GET, HEAD and POST; better-auth's API also PUT, PATCH and
 * DELETE). TRACE would echo the request, CONNECT asks for a tunnel, and the framework answers either
 * on a route handler with a 500: every other method is refused here.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS", "PUT", "PATCH", "DELETE"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

/** A path whose percent-escapes do not decode (e.g. /shop/%ff%fe) names no page; a NUL never does. */
function hasMalformedPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? "";
  try {
    return decodeURIComponent(path).includes("\u0000");
  } catch {
    return true;
  }
}

export function tooLarge(maxBodyBytes: number): Refuse {
  const limit = maxBodyBytes >= 1024 * 1024 ? `${Math.floor(maxBodyBytes / 1024 / 1024)} MB` : `${Math.floor(maxBodyBytes / 1024)} KB`;
  return { kind: "refuse", status: 413, title: "Too large", message: `The request is larger than this site accepts (${limit}).` };
}

function bodyRefusal<U extends UploadLimit>(req: IncomingMessage, options: GuardOptions<U>): Verdict<U> | undefined {
  const length = req.headers["content-length"];
  if (length === undefined) {
    if (req.headers["transfer-encoding"] === undefined) return undefined;
    return { kind: "refuse", status: 411, title: "Length required", message: "Send the request with a Content-Length header." };
  }
  const bytes = Number(length);
  if (!Number.isSafeInteger(bytes) || bytes < 0) {
    return { kind: "refuse", status: 400, title: "Bad request", message: "The request's Content-Length is not a number." };
  }
  if (bytes <= options.maxBodyBytes) return undefined;
  const upload = uploadLimitFor(req.url ?? "/", options);
  if (!upload || bytes > upload.maxBodyBytes) return tooLarge(upload?.maxBodyBytes ?? options.maxBodyBytes);
  return { kind: "check-upload", upload };
}

/**
 * The address of a newsletter's List-Unsubscribe header. A mail provider's one-click unsubscribe (RFC
 * 8058) POSTs `List-Unsubscribe=One-Click` there, form-encoded or multipart, from its servers (no
 * Origin) or from its webmail page (another site's Origin): that POST is the one cross-site request
 * the site accepts. It carries no cookie and needs none: the token in the address is the authority.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/**
 * A one-click unsubscribe as a mail provider sends it: a POST to exactly that path with a token in the
 * query, a form body, and none of the framework's action headers (the page's own buttons carry those,
 * and stay same-site only; without JavaScript they are told apart by their form data in src/proxy.ts).
 */
export function isOneClickUnsubscribe(req: IncomingMessage): boolean {
  const [path, query = ""] = (req.url ?? "/").split("?", 2);
  if (req.method !== "POST" || path !== ONE_CLICK_UNSUBSCRIBE_PATH) return false;
  if (req.headers["next-action"] !== undefined || req.headers["next-router-state-tree"] !== undefined) return false;
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  return new URLSearchParams(query).has("token");
}

/**
 * Another site's page posting here: refused, whatever the endpoint (server actions would otherwise
 * fail deep inside the framework with a 500), except a mail provider's one-click unsubscribe. Requests
 * without Origin (non-browser clients such as Stripe's webhooks) pass; browsers always send it on a POST.
 */
function crossSiteRefusal(req: IncomingMessage, allowedHosts: ReadonlySet<string>): Refusal | undefined {
  const refused: Refusal = {
    kind: "refuse",
    status: 403,
    title: "Request refused",
    message: "This form was sent from another site or a page that hides where it came from. Go back to the page, reload it and try again.",
  };
  if (isOneClickUnsubscribe(req)) return undefined;
  if (req.headers["sec-fetch-site"] === "cross-site") return refused;
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  try {
    return allowedHosts.has(new URL(origin).host) ? undefined : refused;
  } catch {
    return refused; // "null" and anything else that is not an origin
  }
}

/**
 * A request for something other than a path: the asterisk form (`OPTIONS *`, the server as a whole)
 * or an authority (`CONNECT host:port`). Absolute URLs (`GET http://host/path`) are a path too.
 */
function targetsNoPath(url: string): boolean {
  return !url.startsWith("/") && !/^https?:\/\//i.test(url);
}

export function refuseRequest<U extends UploadLimit>(req: IncomingMessage, options: GuardOptions<U>): Verdict<U> | undefined {
  if (!ALLOWED.has(req.method ?? "")) {
    return { kind: "refuse", status: 405, title: "Method not allowed", message: `This site does not answer ${String(req.method).slice(0, 20)} requests.`, headers: { Allow: ALLOWED_METHODS.join(", ") } };
  }
  if (targetsNoPath(req.url ?? "/")) {
    return { kind: "refuse", status: 400, title: "Bad request", message: "The request names no page: ask for a path such as /." };
  }
  if (hasMalformedPath(req.url ?? "/")) return { kind: "not-found" };
  if (SAFE_METHODS.has(req.method ?? "GET")) return undefined;
  const body = bodyRefusal(req, options);
  if (body?.kind === "refuse") return body;
  return crossSiteRefusal(req, options.allowedHosts) ?? body;
}
