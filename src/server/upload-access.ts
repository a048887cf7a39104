import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import pg from "pg";
import { roleAllows, type Permission } from "@/lib/access-control";
import { systemNow } from "@/lib/clock";
import { log } from "@/lib/log";
import { tooLarge, type Refuse, type UploadLimit } from "./request-guards";

/**
 * A form that takes a file larger than the site's body limit: the page it is on, the server actions
 * that take the file, and who may send it. Any server action can be posted to any page, so the larger
 * limit is earned by the action and the sender, not by the path alone.
 */
export interface UploadRoute extends UploadLimit {
  actionIds: ReadonlySet<string>;
  /** Any signed-in member, or staff whose role allows this. */
  allowed: "member" | Permission;
}

/** A server action as the build's manifest names it: its source file and exported name. */
export interface ActionName {
  file: string;
  name: string;
}

/**
 * The ids the build gave these actions (`<distDir>/server/server-reference-manifest.json`). An action
 * that is not there (renamed, moved) stops the server from starting rather than quietly losing its limit.
 */
export function actionIdsOf(distDir: string, actions: readonly ActionName[]): Set<string> {
  const manifest = JSON.parse(readFileSync(path.resolve(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const ids = new Set<string>();
  for (const action of actions) {
    const found = Object.entries(manifest.node).filter(([, entry]) => entry.filename === action.file && entry.exportedName === action.name);
    if (found.length === 0) throw new Error(`the build has no server action ${action.name} in ${action.file}`);
    for (const [id] of found) ids.add(id);
  }
  return ids;
}

/** How far into a form posted without JavaScript its action must be named (React writes it first). */
export const ACTION_NAMED_WITHIN_BYTES = 64 * 1024;

/** The boundary of a multipart Content-Type, quoted or not. */
function boundaryOf(contentType: string): string | undefined {
  return /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType)?.slice(1).find(Boolean);
}

/**
 * The action ids a multipart body names in its first bytes, read part by part as the framework will
 * read them: a `$ACTION_ID_<id>` field of a plain action, or the `{"id":…}` of a form with state's
 * `$ACTION_<n>:0` field.
 */
export function actionIdsNamedIn(head: Buffer, contentType: string): string[] {
  const boundary = boundaryOf(contentType);
  if (!boundary) return [];
  const ids: string[] = [];
  for (const part of head.toString("latin1").split(`--${boundary}`).slice(1)) {
    const end = part.indexOf("\r\n\r\n");
    if (end < 0) break;
    const name = /^content-disposition:[^\r\n]*;\s*name="([^"]*)"/im.exec(part.slice(0, end))?.[1] ?? "";
    const plain = /^\$ACTION_ID_([0-9a-f]+)$/.exec(name)?.[1];
    const withState = /^\$ACTION_\d+:0$/.test(name) ? /^\{"id":"([0-9a-f]+)"/.exec(part.slice(end + 4))?.[1] : undefined;
    const id = plain ?? withState;
    if (id) ids.push(id);
  }
  return ids;
}

/** Whether a body's first bytes name one of the route's actions, and only those. */
export function namesUploadAction(head: Buffer, contentType: string, route: UploadRoute): boolean {
  const ids = actionIdsNamedIn(head, contentType);
  return ids.length > 0 && ids.every((id) => route.actionIds.has(id));
}

const SESSION_COOKIES = new Set(["better-auth.session_token", "__Secure-better-auth.session_token"]);

/** The session token of better-auth's cookie (`<token>.<signature>`), if the request carries one. */
export function sessionTokenOf(req: IncomingMessage): string | undefined {
  for (const pair of (req.headers.cookie ?? "").split(";")) {
    const [name, ...rest] = pair.trim().split("=");
    if (!name || !SESSION_COOKIES.has(name)) continue;
    try {
      const token = decodeURIComponent(rest.join("=")).split(".", 1)[0];
      if (token) return token;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The holder of a live session: their role (null for a member) and whether the account is disabled. */
export type SessionHolder = { role: string | null; banned: boolean };
export type SessionLookup = (token: string) => Promise<SessionHolder | undefined>;

/** A small pool of its own (the front runs outside the application), given up on after `timeoutMs`. */
export function createSessionLookup(databaseUrl: string, timeoutMs = 2_000): { lookup: SessionLookup; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
  pool.on("error", (error) => log.debug({ event: "front.session-lookup-error", err: error }, "session lookup connection lost"));
  return {
    async lookup(token) {
      const { rows } = await pool.query<{ role: string | null; banned: boolean | null }>(
        `select u.role, u.banned from session s join "user" u on u.id = s.user_id where s.token = $1 and s.expires_at > $2`,
        [token, systemNow()],
      );
      const row = rows[0];
      return row ? { role: row.role, banned: row.banned === true } : undefined;
    },
    close: () => pool.end(),
  };
}

/**
 * Whether a body over the site's limit may be read for this upload route: the action it names in its
 * header (a form sent with JavaScript) must be the route's, and the sender signed in with the right
 * role. Asked before a byte of the body is read. Without the header, the body's first bytes must name
 * the action (see namesUploadAction).
 */
export async function uploadRefusal(req: IncomingMessage, route: UploadRoute, siteLimit: number, lookup: SessionLookup | undefined): Promise<Refuse | undefined> {
  const action = req.headers["next-action"];
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (action !== undefined ? typeof action !== "string" || !route.actionIds.has(action) : !type.startsWith("multipart/form-data")) return tooLarge(siteLimit);
  const token = sessionTokenOf(req);
  if (!token || !lookup) return tooLarge(siteLimit);
  let holder: SessionHolder | undefined;
  try {
    holder = await lookup(token);
  } catch (error) {
    log.warn({ event: "front.session-lookup-failed", err: error }, "could not check who sends an upload");
    return { kind: "refuse", status: 503, title: "Please try again", message: "We could not check your sign-in just now. Go back and send the form again in a minute." };
  }
  if (!holder || holder.banned) return tooLarge(siteLimit);
  if (route.allowed !== "member" && !roleAllows(holder.role, route.allowed)) return tooLarge(siteLimit);
  return undefined;
}
