import { request, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";

/** What the page cache's key is made of (page-cache.ts): the same values ask for the same kept page. */
const KEY_HEADERS = ["host", "user-agent", "accept-encoding", "x-forwarded-host", "x-forwarded-proto"];
const MAX_UNDERWAY = 32;
const TIMEOUT_MS = 10_000;

/** A request for a kept page: `started` when this call asked for it, `done` once its answer has ended. */
export interface ShellFetching {
  started: boolean;
  done: Promise<void>;
}

export type ShellFetch = (req: IncomingMessage) => ShellFetching;

/**
 * Asks this same server, over its own socket's address and without a cookie, for the page a visitor with a
 * cookie asked for, so that the page cache keeps it as everyone sees it and the visitor's next page can be
 * filled (personal-pages.ts). One request per page at a time: a call while it is under way gets that one's
 * `done`. The answer's body is thrown away.
 */
export function createShellFetch(): ShellFetch {
  const underway = new Map<string, Promise<void>>();
  return (req) => {
    const { localAddress, localPort } = req.socket;
    if (!localAddress || !localPort) return { started: false, done: Promise.resolve() };
    const headers: OutgoingHttpHeaders = {};
    for (const name of KEY_HEADERS) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
    const path = req.url ?? "/";
    const key = JSON.stringify([path, headers]);
    const asked = underway.get(key);
    if (asked) return { started: false, done: asked };
    if (underway.size >= MAX_UNDERWAY) return { started: false, done: Promise.resolve() };
    const done = new Promise<void>((resolve) => {
      const finish = () => {
        underway.delete(key);
        resolve();
      };
      const ask = request({ host: localAddress, port: localPort, path, method: "GET", headers, timeout: TIMEOUT_MS }, (answer) => {
        answer.once("end", finish).once("error", finish).once("close", finish).resume();
      });
      ask.once("error", finish).once("timeout", () => ask.destroy());
      ask.end();
    });
    underway.set(key, done);
    return { started: true, done };
  };
}
