/** What the front refuses to hand the framework: bodies our forms never send, which it would fail on with a 500. */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { unreadableBodyReason } from "./form-body";

const NEVER_SENT = "This request contains data our forms never send.";
const ACTION_ID = "7f".padEnd(42, "0");

const fetchAction = (body: string) =>
  unreadableBodyReason({ headers: { "content-type": "text/plain;charset=UTF-8", "next-action": ACTION_ID } } as unknown as IncomingMessage, Buffer.from(body));

function multipart(fields: [string, string][], headers: Record<string, string> = {}) {
  const boundary = "----form-body-test";
  const body = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") + `--${boundary}--\r\n`;
  const req = { headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...headers } } as unknown as IncomingMessage;
  return unreadableBodyReason(req, Buffer.from(body));
}

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
const bigArray = (length: number) => JSON.stringify(Array.from({ length }, () => 1));

describe("server-action bodies", () => {
  it("pass what our forms send: FormData, a previous state, plain values", async () => {
    expect(await fetchAction('["$K1"]')).toBeUndefined();
    expect(await fetchAction(JSON.stringify([{ status: "error", fieldErrors: { email: "Enter an email." }, values: { email: "a@b.co" } }, "$K1"]))).toBeUndefined();
    expect(await fetchAction(nested(20))).toBeUndefined();
    expect(await fetchAction(bigArray(1_000))).toBeUndefined();
  });

  it("refuse a payload nested 5,000 levels deep, a 100,000-element array and a reference to another part", async () => {
    expect(await fetchAction(nested(5_000))).toBe(NEVER_SENT);
    expect(await fetchAction(deepObject(5_000))).toBe(NEVER_SENT);
    expect(await fetchAction(bigArray(100_000))).toBe(NEVER_SENT);
    expect(await fetchAction(JSON.stringify(Array.from({ length: 30 }, () => Array.from({ length: 900 }, () => "x"))))).toBe(NEVER_SENT);
    expect(await fetchAction('["$@1"]')).toBe(NEVER_SENT);
    expect(await multipart([["0", nested(5_000)]], { "next-action": ACTION_ID })).toBe(NEVER_SENT);
  });

  it("refuse the same inside a no-JavaScript form's own action fields, and pass the form as a browser sends it", async () => {
    const ref = JSON.stringify({ id: ACTION_ID, bound: "$@1" });
    const plain: [string, string][] = [["$ACTION_REF_1", ""], ["$ACTION_1:0", ref], ["$ACTION_1:1", '[{"status":"idle"}]'], ["$ACTION_KEY", "k0"], ["email", "[[[[not json"]];
    expect(await multipart(plain)).toBeUndefined();
    expect(await multipart([["$ACTION_ID_" + ACTION_ID, ""], ["email", "a@b.co"]])).toBeUndefined();
    expect(await multipart([["$ACTION_REF_1", ""], ["$ACTION_1:0", `{"id":"${ACTION_ID}","bound":${nested(5_000)}}`]])).toBe(NEVER_SENT);
    expect(await multipart([["$ACTION_REF_1", ""], ["$ACTION_1:0", `{"id":"${ACTION_ID}","bound":${deepObject(5_000)}}`]])).toBe(NEVER_SENT);
    expect(await multipart([["$ACTION_REF_1", ""], ["$ACTION_1:0", ref], ["$ACTION_1:1", bigArray(100_000)]])).toBe(NEVER_SENT);
    expect(await multipart([["$ACTION_REF_1", ""], ["$ACTION_1:0", "{broken"]])).toBe(NEVER_SENT);
  });
});
