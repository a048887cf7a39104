import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";

/**
 * Headers Next.js adds for its own bookkeeping: which internal path a proxy rewrote to
 * (`x-middleware-rewrite`, `x-nextjs-rewritten-path`), which path matched, cache state and tags,
 * resume state. None of them means anything to a visitor, and some name internal paths.
 */
const INTERNAL_HEADER = /^x-(middleware|nextjs|next|action)-/;

/**
 * The few the framework's own client code reads from the answer to its fetches (a page's RSC payload,
 * a server action called with JavaScript): where an action redirects, whether it revalidated, how long
 * a prefetch stays fresh. They stay on those answers only, never on a page, a download or a form post
 * without JavaScript. `x-nextjs-rewritten-*` is not among them: it names the internal path.
 */
const READ_BY_THE_ROUTER = new Set([
  "x-action-redirect",
  "x-action-revalidated",
  "x-nextjs-action-not-found",
  "x-nextjs-postponed",
  "x-nextjs-prerender",
  "x-nextjs-stale-time",
  "x-nextjs-request-id",
  "x-nextjs-html-request-id",
]);

/** Whether the request is the framework's client router or a server action called with JavaScript. */
export function fromFrameworkClient(headers: IncomingMessage["headers"]): boolean {
  return headers.rsc !== undefined || headers["next-action"] !== undefined;
}

/** Whether `name` is a framework header that does not go out on this answer. */
export function isInternalHeader(name: string, forFrameworkClient: boolean): boolean {
  const lower = name.toLowerCase();
  if (lower === "x-powered-by") return true;
  if (!INTERNAL_HEADER.test(lower)) return false;
  return !(forFrameworkClient && READ_BY_THE_ROUTER.has(lower));
}

/** `headers` (as given to writeHead) without the internal ones; the same object when there are none. */
export function withoutInternalHeaders<T extends OutgoingHttpHeaders | readonly unknown[]>(headers: T, forFrameworkClient: boolean): T {
  if (Array.isArray(headers)) {
    // writeHead's raw form: [name, value, name, value, …] or [[name, value], …].
    if (headers.every((entry) => Array.isArray(entry))) {
      return headers.filter((entry) => !isInternalHeader(String((entry as unknown[])[0]), forFrameworkClient)) as unknown as T;
    }
    const kept: unknown[] = [];
    for (let i = 0; i < headers.length; i += 2) if (!isInternalHeader(String(headers[i]), forFrameworkClient)) kept.push(headers[i], headers[i + 1]);
    return kept as unknown as T;
  }
  const entries = Object.entries(headers as OutgoingHttpHeaders);
  if (!entries.some(([name]) => isInternalHeader(name, forFrameworkClient))) return headers;
  return Object.fromEntries(entries.filter(([name]) => !isInternalHeader(name, forFrameworkClient))) as T;
}
