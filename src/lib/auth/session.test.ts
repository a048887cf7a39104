// @module-tag second-clock: a session's expiry and refresh are judged by the system's own clock, as better-auth stamps them.
/**
 * Who a request's session cookie belongs to (session.ts): read in one statement (session.queries.ts) and
 * refreshed in one more when due, as better-auth refreshes it; better-auth reads any other cookie and does
 * what it always did. Against the test database, with members signed in through better-auth as a browser would.
 */
import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { session } from "@/db/schema/auth";
import { getAuth } from "@/lib/auth/auth";
import { memberFromHeaders } from "@/lib/auth/session";
import { registerConfirmedMember } from "../../../test/members";

delete process.env.SMTP_URL;

const DAY_MS = 24 * 60 * 60 * 1000;
const password = "steady ruck march 0600";
let n = 0;

afterEach(() => vi.restoreAllMocks());

function deps() {
  return { db: getDb(), auth: getAuth(), headers: new Headers({ "x-forwarded-for": `198.51.100.${++n % 250}`, "user-agent": "vitest" }) };
}

/** A confirmed member, signed in with their password: the session's token and the cookie their browser was given. */
async function signedIn(label: string) {
  const email = `${label}-${randomUUID()}@example.com`;
  const { userId } = await registerConfirmedMember(deps(), { email, password, confirmPassword: password, terms: "on" });
  const { headers, response } = await getAuth().api.signInEmail({ body: { email, password }, headers: deps().headers, returnHeaders: true });
  const setCookie = headers.getSetCookie().find((cookie) => cookie.startsWith("better-auth.session_token="))!;
  return { userId, email, token: response.token, cookie: setCookie.split(";")[0]! };
}

const requestWith = (cookie: string) => new Headers({ cookie: `theme=dark; ${cookie}` });
const expiryOf = async (token: string) => (await getDb().select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token)))[0]?.expiresAt;

describe("the member of a request", () => {
  it("is read without better-auth while the session needs nothing but reading", async () => {
    const member = await signedIn("reader");
    const betterAuthRead = vi.spyOn(getAuth().api, "getSession");

    expect(await memberFromHeaders(requestWith(member.cookie))).toEqual({ id: member.userId, email: member.email, displayName: null, role: null, emailVerified: true });
    expect(betterAuthRead).not.toHaveBeenCalled();
  });

  it("refreshes a session an hour after its last refresh, moving its expiry on as better-auth does, without better-auth", async () => {
    const member = await signedIn("refresh");
    // Last refreshed a day and a half ago: better-auth refreshes a session an hour after the last time.
    const stale = new Date(Date.now() + 30 * DAY_MS - 1.5 * DAY_MS);
    await getDb().update(session).set({ expiresAt: stale }).where(eq(session.token, member.token));
    const betterAuthRead = vi.spyOn(getAuth().api, "getSession");

    expect(await memberFromHeaders(requestWith(member.cookie))).toMatchObject({ id: member.userId });
    expect(betterAuthRead).not.toHaveBeenCalled();
    const moved = (await expiryOf(member.token))!.getTime();
    expect(moved).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);
    expect(moved).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    // Not again within the hour.
    await memberFromHeaders(requestWith(member.cookie));
    expect((await expiryOf(member.token))!.getTime()).toBe(moved);
  });

  it("leaves the refresh of a client-side navigation (RSC, no action) and of a session without \"remember me\" as better-auth leaves them", async () => {
    const member = await signedIn("navigation");
    const stale = new Date(Date.now() + 30 * DAY_MS - 1.5 * DAY_MS);
    await getDb().update(session).set({ expiresAt: stale }).where(eq(session.token, member.token));

    const navigation = requestWith(member.cookie);
    navigation.set("rsc", "1");
    expect(await memberFromHeaders(navigation)).toMatchObject({ id: member.userId });
    expect((await expiryOf(member.token))!.getTime()).toBe(stale.getTime());

    const betterAuthRead = vi.spyOn(getAuth().api, "getSession");
    const dontRemember = `better-auth.dont_remember=${encodeURIComponent(`true.${createHmac("sha256", (await getAuth().$context).secret).update("true").digest("base64")}`)}`;
    expect(await memberFromHeaders(requestWith(`${member.cookie}; ${dontRemember}`))).toMatchObject({ id: member.userId });
    expect(betterAuthRead).toHaveBeenCalledOnce();
    expect((await expiryOf(member.token))!.getTime()).toBe(stale.getTime());
  });

  it("is no one for an expired session, which better-auth deletes", async () => {
    const member = await signedIn("expired");
    await getDb().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, member.token));

    expect(await memberFromHeaders(requestWith(member.cookie))).toBeNull();
    expect(await expiryOf(member.token)).toBeUndefined();
  });

  it("is no one for a cookie signed with another secret, or an unknown session signed with ours", async () => {
    const member = await signedIn("forged");
    const forged = `${member.token}.${createHmac("sha256", "not the site's secret").update(member.token).digest("base64")}`;
    const [name, value] = member.cookie.split("=") as [string, string];
    const signature = decodeURIComponent(value).split(".")[1]!;

    expect(await memberFromHeaders(requestWith(`${name}=${encodeURIComponent(forged)}`))).toBeNull();
    expect(await memberFromHeaders(requestWith(`${name}=${encodeURIComponent(`${member.token}x.${signature}`)}`))).toBeNull();
    expect(await memberFromHeaders(requestWith(`${name}=${encodeURIComponent(`${member.token}.`)}`))).toBeNull();
    expect(await memberFromHeaders(requestWith(`${name}=${encodeURIComponent(member.token)}`))).toBeNull();
    // The session itself is untouched, and its own cookie still reads.
    expect(await memberFromHeaders(requestWith(member.cookie))).toMatchObject({ id: member.userId });
  });

  it("is no one once the session is gone (signed out elsewhere)", async () => {
    const member = await signedIn("signed-out");
    await getDb().delete(session).where(eq(session.token, member.token));

    expect(await memberFromHeaders(requestWith(member.cookie))).toBeNull();
  });
});
