// @module-tag second-clock: a session's expiry is judged by the system's own clock, as better-auth stamps it.
/** Who may send the front a body over the site's limit: only an upload action, and only its right sender. */
import { randomUUID } from "node:crypto";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { session, user } from "@/db/schema/auth";
import { log } from "@/lib/log";
import { testDb } from "../../test/db";
import { actionIdsNamedIn, actionIdsOf, createSessionLookup, namesUploadAction, sessionTokenOf, uploadRefusal, type SessionLookup, type UploadRoute } from "./upload-access";

const MB = 1024 * 1024;
const UPLOAD_ID = "40".padEnd(42, "a");
const OTHER_ID = "7f".padEnd(42, "b");
const route: UploadRoute = { pathPrefix: "/admin/catalog", maxBodyBytes: 25 * MB, actionIds: new Set([UPLOAD_ID]), allowed: { catalog: ["update"] } };
const memberRoute: UploadRoute = { ...route, pathPrefix: "/profile/verification", allowed: "member" };

/** The multipart bytes and Content-Type a browser sends for this form data (undici encodes it as browsers do). */
async function multipart(fields: [string, string][], file?: Blob): Promise<[Buffer, string]> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  if (file) form.append("picture", file, "picture.jpg");
  const request = new Request("http://site.test/", { method: "POST", body: form });
  return [Buffer.from(await request.arrayBuffer()), request.headers.get("content-type")!];
}
const idsIn = async (...args: Parameters<typeof multipart>) => actionIdsNamedIn(...(await multipart(...args)));
const namesIn = async (r: UploadRoute, ...args: Parameters<typeof multipart>) => namesUploadAction(...(await multipart(...args)), r);

const upload = (headers: Record<string, string>) => ({ headers: { "content-type": "multipart/form-data; boundary=x", ...headers } }) as unknown as IncomingMessage;
const cookie = (token: string) => ({ cookie: `theme=dark; better-auth.session_token=${encodeURIComponent(`${token}.c2lnbmF0dXJl`)}` });

describe("the action a body names", () => {
  it("is read from a no-JavaScript form's first fields, plain or with state, as a browser encodes them", async () => {
    const withState: [string, string][] = [["$ACTION_REF_1", ""], ["$ACTION_1:0", JSON.stringify({ id: UPLOAD_ID, bound: "$@1" })], ["$ACTION_1:1", '[{"status":"idle"}]'], ["name", "Cap"]];
    expect(await idsIn(withState)).toEqual([UPLOAD_ID]);
    expect(await namesIn(route, withState)).toBe(true);
    expect(await namesIn(route, [[`$ACTION_ID_${UPLOAD_ID}`, ""], ["name", "Cap"]], new Blob([new Uint8Array(1000)]))).toBe(true);
  });

  it("must be the route's own action, and the only one", async () => {
    expect(await namesIn(route, [[`$ACTION_ID_${OTHER_ID}`, ""], ["email", "a@b.co"]])).toBe(false);
    expect(await namesIn(route, [["email", "a@b.co"]])).toBe(false);
    expect(await namesIn(route, [[`$ACTION_ID_${UPLOAD_ID}`, ""], [`$ACTION_ID_${OTHER_ID}`, ""]])).toBe(false);
    // A value that merely looks like the field is not the field.
    const lookalike = `\r\nContent-Disposition: form-data; name="$ACTION_ID_${UPLOAD_ID}"\r\n\r\n`;
    expect(await idsIn([[`$ACTION_ID_${OTHER_ID}`, ""], ["note", lookalike]])).toEqual([OTHER_ID]);
    expect(await namesIn(route, [["note", lookalike]])).toBe(false);
    expect(namesUploadAction(Buffer.from(`--x\r\nContent-Disposition: form-data; name="$ACTION_ID_${UPLOAD_ID}"\r\n\r\n\r\n--x--`), "multipart/form-data", route)).toBe(false);
  });

  it("takes its ids from the build's manifest, and a missing action stops the server", () => {
    const distDir = mkdtempSync(path.join(tmpdir(), "manifest-"));
    mkdirSync(path.join(distDir, "server"));
    const manifest = { node: { [UPLOAD_ID]: { filename: "src/features/catalog/staff/catalog.staff-actions.ts", exportedName: "createProductAction" }, [OTHER_ID]: { filename: "src/features/newsletter/newsletter.actions.ts", exportedName: "subscribeAction" } } };
    writeFileSync(path.join(distDir, "server", "server-reference-manifest.json"), JSON.stringify(manifest));
    expect(actionIdsOf(distDir, [{ file: "src/features/catalog/staff/catalog.staff-actions.ts", name: "createProductAction" }])).toEqual(new Set([UPLOAD_ID]));
    expect(() => actionIdsOf(distDir, [{ file: "src/features/catalog/staff/catalog.staff-actions.ts", name: "renamedAction" }])).toThrow("no server action renamedAction");
  });
});

describe("the sender of an upload", () => {
  const holders = new Map<string, { role: string | null; banned: boolean }>([
    ["staff-token", { role: "staff", banned: false }],
    ["door-token", { role: "door", banned: false }],
    ["member-token", { role: null, banned: false }],
    ["disabled-token", { role: "admin", banned: true }],
  ]);
  const lookup: SessionLookup = async (token) => holders.get(token);
  const refusal = (r: UploadRoute, headers: Record<string, string>, l: SessionLookup | null = lookup) => uploadRefusal(upload(headers), r, MB, l ?? undefined);

  it("is admitted with the right role and the route's action, in the header or (no JavaScript) in the body", async () => {
    expect(await refusal(route, { ...cookie("staff-token"), "next-action": UPLOAD_ID })).toBeUndefined();
    expect(await refusal(route, cookie("staff-token"))).toBeUndefined();
    expect(await refusal(memberRoute, cookie("member-token"))).toBeUndefined();
    expect(await refusal(memberRoute, cookie("staff-token"))).toBeUndefined();
  });

  it("is refused with the site's limit without a session, with the wrong role, disabled, or naming another action", async () => {
    const refused = { kind: "refuse", status: 413, message: "The request is larger than this site accepts (1 MB)." };
    expect(await refusal(route, {})).toMatchObject(refused);
    expect(await refusal(memberRoute, {})).toMatchObject(refused);
    expect(await refusal(route, cookie("member-token"))).toMatchObject(refused);
    expect(await refusal(route, cookie("door-token"))).toMatchObject(refused);
    expect(await refusal(route, cookie("disabled-token"))).toMatchObject(refused);
    expect(await refusal(memberRoute, cookie("no-such-token"))).toMatchObject(refused);
    expect(await refusal(route, { ...cookie("staff-token"), "next-action": OTHER_ID })).toMatchObject(refused);
    expect(await refusal(route, { ...cookie("staff-token"), "content-type": "application/x-www-form-urlencoded" })).toMatchObject(refused);
    expect(await refusal(route, cookie("staff-token"), null)).toMatchObject(refused); // no database to ask
  });

  it("gets a 503 asking to try again when the sign-in cannot be checked", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    onTestFinished(() => warn.mockRestore());
    const down: SessionLookup = () => Promise.reject(new Error("timeout"));
    expect(await refusal(memberRoute, cookie("member-token"), down)).toMatchObject({ kind: "refuse", status: 503 });
  });

  it("is read from better-auth's cookie, on http and https", () => {
    expect(sessionTokenOf(upload(cookie("abc")))).toBe("abc");
    expect(sessionTokenOf(upload({ cookie: "__Secure-better-auth.session_token=def.sig" }))).toBe("def");
    expect(sessionTokenOf(upload({ cookie: "other=1; better-auth.session_data=xyz" }))).toBeUndefined();
    expect(sessionTokenOf(upload({ cookie: "better-auth.session_token=%E0%A4%A" }))).toBeUndefined();
  });
});

describe("the session lookup", () => {
  const sessions = createSessionLookup(process.env.DATABASE_URL!);
  afterAll(() => sessions.close());

  it("finds a live session's role and disabled state in the database, and nothing for an expired or unknown one", async () => {
    const db = testDb();
    const id = randomUUID();
    await db.insert(user).values({ id, name: "Upload Check", email: `upload-${id}@example.com`, role: "staff" });
    const live = `live-${id}`;
    const expired = `expired-${id}`;
    const hour = 3_600_000;
    await db.insert(session).values([
      { id: `s1-${id}`, token: live, userId: id, expiresAt: new Date(Date.now() + hour), updatedAt: new Date() },
      { id: `s2-${id}`, token: expired, userId: id, expiresAt: new Date(Date.now() - hour), updatedAt: new Date() },
    ]);
    expect(await sessions.lookup(live)).toEqual({ role: "staff", banned: false });
    expect(await sessions.lookup(expired)).toBeUndefined();
    expect(await sessions.lookup("unknown")).toBeUndefined();
  });
});
