import { request, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";

/** What the page cache's key is made of (page-cache.ts): the same values ask for the same kept page. */
const KEY_HEADERS = ["host", "user-agent", "accept-encoding", "x-forwarded-host", "x-forwarded-proto"];
const MAX_UNDERWAY = 32;
const TIMEOUT_MS = 10_000;

/**
 * Asks this same server, over its own socket's address and without a cookie, for the page a visitor with a
 * cookie asked for, so that the page cache keeps it as everyone sees it and the visitor's next page can be
 * filled (personal-pages.ts). One request per page at a time; the answer's body is thrown away.
 */
export function createShellFetch(): (req: IncomingMessage) => void {
  const underway = new Set<string>();
  return (req) => {
    const { localAddress, localPort } = req.socket;
    if (!localAddress || !localPort) return;
    const headers: OutgoingHttpHeaders = {};
    for (const name of KEY_HEADERS) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
    const path = req.url ?? "/";
    const key = JSON.stringify([path, headers]);
    if (underway.has(key) || underway.size >= MAX_UNDERWAY) return;
    underway.add(key);
    const done = () => underway.delete(key);
    const ask = request({ host: localAddress, port: localPort, path, method: "GET", headers, timeout: TIMEOUT_MS }, (answer) => {
      answer.once("end", done).once("error", done).once("close", done).resume();
    });
    ask.once("error", done).once("timeout", () => ask.destroy());
    ask.end();
  };
}
