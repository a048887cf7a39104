import { connect } from "node:net";
import { request, type IncomingMessage } from "node:http";

export interface RawAnswer {
  status: number;
  headers: IncomingMessage["headers"];
  /** The body as text, and as the bytes that came (a compressed body is only readable from these). */
  body: string;
  bytes: Buffer;
}

/**
 * One HTTP request to a local test server, with exactly the headers given (fetch would refuse to send
 * some of them, and adds its own). Host defaults to the server's address.
 */
export function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * The bytes a server answers to exactly these bytes, until it closes the connection or `timeoutMs`
 * passes: for requests Node's HTTP client would treat specially (CONNECT becomes a tunnel).
 */
export function rawExchange(port: number, request: string, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    socket.on("error", reject);
  });
}
