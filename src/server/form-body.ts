import { IncomingMessage } from "node:http";
import type { ResendField, ResendForm } from "@/lib/site-unavailable";

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

/**
 * The whole body. With `admit`, its first `admitWithin` bytes (or all of it, if shorter) are shown to
 * `admit` first, and a body it does not admit is left unread: the answer is undefined.
 */
export function readBody(req: IncomingMessage, admit?: { within: number; check: (head: Buffer) => boolean }): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let admitted = admit === undefined;
    const admits = () => {
      admitted = admit!.check(Buffer.concat(chunks).subarray(0, admit!.within));
      if (admitted) return true;
      req.removeListener("data", onData);
      req.removeListener("end", onEnd);
      resolve(undefined);
      return false;
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (!admitted && received >= admit!.within) admits();
    };
    const onEnd = () => {
      if (!admitted && !admits()) return;
      resolve(Buffer.concat(chunks));
    };
    req.on("data", onData);
    req.once("end", onEnd);
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

/**
 * Our forms send a handful of values: FormData and a form's previous state. A payload nested deeper,
 * or holding more values, than any of them ever does is refused here; the framework would fail on some
 * (a 100,000-element argument list overflows the stack when the action is called) with a 500.
 */
const PAYLOAD_LIMITS = { depth: 32, arrayLength: 1_000, values: 20_000 };

/**
 * Walked without recursion, so a hostile depth cannot overflow our own stack either. `plainOnly`: no
 * reference to another part of the body either (a fetch action's arguments; a no-JS form's own
 * `$ACTION_n:0` field names its bound arguments by such a reference).
 */
function withinPayloadLimits(root: unknown, plainOnly: boolean): boolean {
  const pending: [unknown, number][] = [[root, 0]];
  let seen = 0;
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (++seen > PAYLOAD_LIMITS.values || depth > PAYLOAD_LIMITS.depth) return false;
    if (typeof value === "string") {
      if (plainOnly && value.startsWith("$") && !PLAIN_SPECIAL_VALUE.test(value)) return false;
    } else if (Array.isArray(value)) {
      if (value.length > PAYLOAD_LIMITS.arrayLength) return false;
      for (const item of value) pending.push([item, depth + 1]);
    } else if (value && typeof value === "object") {
      for (const item of Object.values(value)) pending.push([item, depth + 1]);
    }
  }
  return true;
}

function isPlainActionPayload(json: string): boolean {
  return withinPayloadLimits(JSON.parse(json), true);
}

/** The framework's own fields of a form posted without JavaScript (`$ACTION_1:0`, …) that hold JSON. */
function actionFieldsWithinLimits(form: FormData): boolean {
  for (const [name, value] of form) {
    if (!name.startsWith("$ACTION_") || typeof value !== "string" || !/^\s*[[{]/.test(value)) continue;
    try {
      if (!withinPayloadLimits(JSON.parse(value), false)) return false;
    } catch {
      return false;
    }
  }
  return true;
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
      if (!actionFieldsWithinLimits(form)) return "This request contains data our forms never send.";
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

/**
 * A multipart form's fields as they can be offered back after its post failed: the framework's own
 * fields hidden, text as typed, passwords and files only by name (to be given again, never echoed).
 */
export async function resendableForm(contentType: string, body: Buffer): Promise<ResendForm | undefined> {
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) return undefined;
  try {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    const fields: ResendField[] = [];
    for (const [name, value] of form) {
      if (typeof value !== "string") fields.push({ name, value: "", kind: "file" });
      else if (name.startsWith("$ACTION")) fields.push({ name, value, kind: "hidden" });
      else if (/password/i.test(name)) fields.push({ name, value: "", kind: "password" });
      else fields.push({ name, value, kind: "text" });
    }
    return { fields };
  } catch {
    return undefined;
  }
}
