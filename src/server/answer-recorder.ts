import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

export interface RecordedAnswer {
  status: number;
  /** As sent, names in lower case. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * Records what the application writes to `res`, and hands it to `done` once the answer has been sent in
 * full, if `keep` accepted its status and headers when the head was written (nothing is copied otherwise).
 */
export function recordAnswer(res: ServerResponse, keep: (status: number, headers: OutgoingHttpHeaders) => boolean, done: (answer: RecordedAnswer) => void): void {
  let status = 0;
  let headers: OutgoingHttpHeaders = {};
  let keeping = true;
  const chunks: Buffer[] = [];

  const head = (code: number, extra?: OutgoingHttpHeaders) => {
    if (status !== 0) return;
    status = code;
    headers = { ...res.getHeaders(), ...lowerCased(extra) };
    keeping = keep(status, headers);
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    if (!keeping) return;
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };

  type Method<R> = (this: ServerResponse, ...args: unknown[]) => R;
  const original = { writeHead: res.writeHead as Method<ServerResponse>, write: res.write as Method<boolean>, end: res.end as Method<ServerResponse> };
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const last = args.length > 1 ? args[args.length - 1] : undefined;
    head(typeof args[0] === "number" ? args[0] : this.statusCode, last && typeof last === "object" && !Array.isArray(last) ? (last as OutgoingHttpHeaders) : undefined);
    return original.writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    head(this.statusCode);
    collect(args[0], args[1]);
    return original.write.apply(this, args);
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    head(this.statusCode);
    if (typeof args[0] !== "function") collect(args[0], args[1]);
    return original.end.apply(this, args);
  } as ServerResponse["end"];

  res.once("finish", () => {
    if (keeping && status !== 0) done({ status, headers, body: Buffer.concat(chunks) });
  });
}

function lowerCased(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = value;
  return result;
}
