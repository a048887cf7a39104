import { IncomingMessage } from "node:http";

/**
 * Page POSTs (server actions, with or without JavaScript) whose body the framework would choke on
 * with a 500: a multipart body that does not parse, or a fetch action's body that is not JSON. We read
 * such bodies first (they are capped in size already) and hand the framework a replay of the bytes.
 */
export function needsBodyCheck(req: IncomingMessage): boolean {
  if (req.method !== "POST" || (req.url ?? "").startsWith("/api/")) return false;
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  return type.startsWith("multipart/form-data") || req.headers["next-action"] !== undefined;
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/**
 * React's reply encoding marks special values with a leading "$". Our pages only ever send plain
 * values and FormData ("$K<id>") to server actions; a reference to another part of the body ("$@1",
 * "$Q2", "$h3", "$T", a bare "$4", typed arrays, blobs) is never ours, and a dangling one makes the
 * framework fail with a 500 ("Connection closed"), so such bodies are refused.
 */
const PLAIN_SPECIAL_VALUE = /^\$(\$.*|K[0-9a-f]+|undefined|NaN|Infinity|-Infinity|-0|D.*|n-?\d{1,300})$/s;

function onlyPlainValues(value: unknown): boolean {
  if (typeof value === "string") return !value.startsWith("$") || PLAIN_SPECIAL_VALUE.test(value);
  if (Array.isArray(value)) return value.every(onlyPlainValues);
  if (value && typeof value === "object") return Object.values(value).every(onlyPlainValues);
  return true;
}

function isPlainActionPayload(json: string): boolean {
  return onlyPlainValues(JSON.parse(json));
}

/** Whether the body can be read the way its Content-Type says; the answer for the client when not. */
export async function unreadableBodyReason(req: IncomingMessage, body: Buffer): Promise<string | undefined> {
  const type = req.headers["content-type"] ?? "";
  if (type.toLowerCase().startsWith("multipart/form-data")) {
    try {
      const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
      const root = form.get("0");
      if (req.headers["next-action"] !== undefined && typeof root === "string" && !isPlainActionPayload(root)) {
        return "This request contains data our forms never send.";
      }
      return undefined;
    } catch {
      return "The form data in this request could not be read.";
    }
  }
  if (req.headers["next-action"] !== undefined) {
    try {
      return isPlainActionPayload(body.toString("utf8")) ? undefined : "This request contains data our forms never send.";
    } catch {
      return "The data in this request could not be read.";
    }
  }
  return undefined;
}

/** A request that reads as the original did, for the framework, after we consumed its body. */
export function replayRequest(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}
