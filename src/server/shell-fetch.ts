import { request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";

/** What the page cache's key is made of (page-cache.ts): the same values ask for the same kept page. */
const KEY_HEADERS = ["host", "user-agent", "accept-encoding", "x-forwarded-host", "x-forwarded-proto"];
const MAX_UNDERWAY = 32;
const TIMEOUT_MS = 10_000;
/** A kept page is a page of the site: a larger answer is not read into memory. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The page as everyone sees it, as the site answered it (its body as sent: compressed or not). */
export interface ShellAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request for a kept page: `started` when this call asked for it and nobody waits for it yet; `done`
 * once its answer has ended (undefined when it failed or was too large).
 */
export interface ShellFetching {
  started: boolean;
  done: Promise<ShellAnswer | undefined>;
}

/** `generation` reads, when called, the version of the data the page shows (page-cache.ts's generationOf). */
export type ShellFetch = (req: IncomingMessage, generation: () => string) => ShellFetching;

interface Underway {
  /** The data's version when this fetch began: its answer is as new as that, or newer. */
  generation: string;
  done: Promise<ShellAnswer | undefined>;
}

interface PageFetches {
  current?: Underway;
  /** Asked for while `current` began before a change: starts when `current` ends. */
  next?: Promise<ShellAnswer | undefined>;
}

/**
 * Asks this same server, over its own socket's address and without a cookie, for the page a visitor with a
 * cookie asked for, so that the page cache keeps it as everyone sees it and the visitor's next page can be
 * filled (personal-pages.ts). The answer is handed to whoever waits for it, kept or not.
 *
 * One request per page at a time. A call while one is under way waits for it when the page's data has not
 * changed since it began (its answer is then as new as the caller's arrival). Otherwise the caller waits
 * for the next one, which begins when that one ends: while the data changes faster than a page renders
 * (registration opening), the page is rendered once after another, for everyone who came meanwhile,
 * instead of once for each of them.
 */
export function createShellFetch(): ShellFetch {
  const pages = new Map<string, PageFetches>();

  const fetchOnce = (req: IncomingMessage, path: string, headers: OutgoingHttpHeaders) =>
    new Promise<ShellAnswer | undefined>((resolve) => {
      const { localAddress, localPort } = req.socket;
      const ask = request({ host: localAddress, port: localPort, path, method: "GET", headers, timeout: TIMEOUT_MS }, (answer) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        answer.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        answer.once("end", () => resolve(bytes <= MAX_ANSWER_BYTES ? { status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) } : undefined));
        answer.once("error", () => resolve(undefined)).once("close", () => resolve(undefined));
      });
      ask.once("error", () => resolve(undefined)).once("timeout", () => ask.destroy());
      ask.end();
    });

  return (req, generation) => {
    const { localAddress, localPort } = req.socket;
    if (!localAddress || !localPort) return { started: false, done: Promise.resolve(undefined) };
    const headers: OutgoingHttpHeaders = {};
    for (const name of KEY_HEADERS) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
    const path = req.url ?? "/";
    const key = JSON.stringify([path, headers]);
    const fetches = pages.get(key) ?? {};

    const begin = (): Underway => {
      const underway: Underway = { generation: generation(), done: fetchOnce(req, path, headers) };
      fetches.current = underway;
      pages.set(key, fetches);
      void underway.done.then(() => {
        if (fetches.current === underway) fetches.current = undefined;
        if (!fetches.current && !fetches.next) pages.delete(key);
      });
      return underway;
    };

    const { current } = fetches;
    if (!current) {
      if (pages.size >= MAX_UNDERWAY) return { started: false, done: Promise.resolve(undefined) };
      return { started: true, done: begin().done };
    }
    if (current.generation === generation()) return { started: false, done: current.done };
    fetches.next ??= current.done.then(() => {
      fetches.next = undefined;
      return begin().done;
    });
    return { started: false, done: fetches.next };
  };
}
