import { request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";

/** The application's page of a visitor's personal parts alone: src/app/(parts)/personal-parts/page.tsx. */
export const PARTS_PATH = "/personal-parts";
/** What the parts are rendered from: the visitor's cookies, and the host the page was asked of. */
const FORWARDED_HEADERS = ["host", "cookie", "user-agent"];
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 4 * 1024 * 1024;

export interface PartsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type PartsFetch = (req: IncomingMessage, pageParts: readonly string[]) => Promise<PartsAnswer | undefined>;

/**
 * Asks this same server, over its own socket's address and with the visitor's cookies, for the visitor's
 * personal parts alone, with the page parts named (personal-pages.ts). Undefined when no whole answer came.
 */
export function createPartsFetch(): PartsFetch {
  return (req, pageParts) =>
    new Promise((resolve) => {
      const { localAddress, localPort } = req.socket;
      if (!localAddress || !localPort) return resolve(undefined);
      const headers: OutgoingHttpHeaders = { "accept-encoding": "identity" };
      for (const name of FORWARDED_HEADERS) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
      const path = `${PARTS_PATH}?names=${encodeURIComponent(pageParts.join(","))}`;
      const ask = request({ host: localAddress, port: localPort, path, method: "GET", headers, timeout: TIMEOUT_MS }, (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) ask.destroy();
          else chunks.push(chunk);
        });
        answer.once("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.once("error", () => resolve(undefined));
        answer.once("close", () => resolve(undefined));
      });
      ask.once("error", () => resolve(undefined));
      ask.once("timeout", () => ask.destroy());
      ask.end();
    });
}
