import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { FORM_REFUSED_ATTRIBUTE } from "@/lib/form-state";
import { isPageRequest } from "./unavailable-page";
import { originalResponseMethods } from "./response-methods";

/**
 * How a refused form shows in the page's HTML: the attribute as React renders it on an element. Text a
 * visitor typed cannot forge it: React escapes the quotes of text, and the RSC payload escapes them too.
 */
const REFUSED_MARK = ` ${FORM_REFUSED_ATTRIBUTE}="true"`;

/**
 * A form posted without JavaScript is answered with the page itself, the refusal shown next to the
 * field; the framework sends that page with a 200 whatever the action decided. This makes such an
 * answer a 422, so a browser, a script or a crawler can tell a refused post from an accepted one.
 * Only page POSTs without the framework's action headers (those are fetches that read the result
 * themselves), and staff pages got with a query string (their search forms), are looked at; their answer is read whole (uncompressed) before anything is sent.
 */
export function markRefusedForm(req: IncomingMessage, res: ServerResponse): void {
  if (!((req.method === "POST" && isPageRequest(req)) || isStaffSearch(req))) return;
  delete req.headers["accept-encoding"];

  const original = originalResponseMethods(res);
  let decided = false;
  let buffering = false;
  let headStatus: number | undefined;
  let headHeaders: OutgoingHttpHeaders | undefined;
  const chunks: Buffer[] = [];

  const restore = () => Object.assign(res, original);

  const decide = (status?: number, headers?: OutgoingHttpHeaders): boolean => {
    if (decided) return buffering;
    decided = true;
    const code = status ?? res.statusCode;
    const type = headerValue(headers, "content-type") ?? String(res.getHeader("content-type") ?? "");
    buffering = code === 200 && /^text\/html\b/i.test(type);
    if (!buffering) restore();
    return buffering;
  };

  const collect = (args: unknown[]) => {
    const [chunk, encoding] = args;
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };

  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : undefined;
    const last = args.length > 1 ? args[args.length - 1] : undefined;
    const headers = last && typeof last === "object" && !Array.isArray(last) ? (last as OutgoingHttpHeaders) : undefined;
    if (!decide(status, headers)) return original.writeHead.apply(this, args);
    headStatus = status;
    headHeaders = headers;
    return this;
  } as ServerResponse["writeHead"];

  res.flushHeaders = function (this: ServerResponse) {
    if (!decide()) original.flushHeaders.call(this);
  };

  res.write = function (this: ServerResponse, ...args: unknown[]) {
    if (!decide()) return original.write.apply(this, args);
    collect(args);
    const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse["write"];

  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!decide()) return original.end.apply(this, args);
    if (typeof args[0] !== "function") collect(args);
    const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    restore();
    const body = Buffer.concat(chunks);
    const refused = body.includes(REFUSED_MARK);
    const status = refused ? 422 : (headStatus ?? res.statusCode);
    if (headHeaders) original.writeHead.call(this, status, headHeaders);
    else original.writeHead.call(this, status);
    return original.end.call(this, body, callback);
  } as ServerResponse["end"];
}

/**
 * A staff page opened with a query string: the GET forms of the staff area (filters, a year) are
 * forms too, and a filter they cannot use is answered beside its field with the same mark, so the
 * page comes with a 422. Other GETs (and every page of the public site) stream as they are.
 */
function isStaffSearch(req: IncomingMessage): boolean {
  const url = req.url ?? "/";
  return req.method === "GET" && /^\/admin(\/[^?]*)?\?./.test(url) && isPageRequest(req);
}

function headerValue(headers: OutgoingHttpHeaders | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return String(value);
  return undefined;
}
