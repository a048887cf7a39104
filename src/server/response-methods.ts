import type { ServerResponse } from "node:http";

type Method<R> = (this: ServerResponse, ...args: unknown[]) => R;

/**
 * The response's own methods that start and send an answer, taken before a wrapper replaces them:
 * the wrapper calls them to send what it decided, or puts them back (`Object.assign(res, original)`).
 */
export function originalResponseMethods(res: ServerResponse) {
  return {
    writeHead: res.writeHead as Method<ServerResponse>,
    flushHeaders: res.flushHeaders as Method<void>,
    write: res.write as Method<boolean>,
    end: res.end as Method<ServerResponse>,
  };
}
