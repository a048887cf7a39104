import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawExchange, rawRequest, type RawAnswer } from "../../test/raw-request";
import { trustedProxyList } from "./client-address";
import { createFront, NOT_FOUND_PATH, refuseTunnel } from "./front";

/** What the stand-in application saw of each request. */
interface Seen {
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

const OWN_POLICY = "default-src 'none'; img-src 'self'; sandbox";

let server: Server;
let port: number;
const seen: Seen[] = [];

beforeAll(async () => {
  const app = async (req: IncomingMessage, res: import("node:http").ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({ url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    // As Next sends a route handler's own header: only when none is there yet.
    if (req.url === "/own-policy" && res.getHeader("content-security-policy") === undefined) res.appendHeader("Content-Security-Policy", OWN_POLICY);
    // As better-auth answers a sign-out (the session cookie cleared), and a sign-in (set).
    if (req.url === "/sign-out") res.setHeader("Set-Cookie", ["better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax", "cart=abc; Path=/"]);
    if (req.url === "/sign-in") res.setHeader("Set-Cookie", ["better-auth.session_token=tok.sig; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax"]);
    if (req.url === "/secure-sign-out") res.writeHead(303, { "set-cookie": ["__Secure-better-auth.session_token=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; Secure"], location: "/" });
    if (req.url === "/framework-headers") {
      // As Next sends them: some set on the answer, some handed to writeHead.
      res.setHeader("x-middleware-rewrite", "/newsletter/unsubscribe/one-click?token=t");
      res.setHeader("X-NextJS-Cache", "HIT");
      res.setHeader("x-action-redirect", "/profile;push");
      res.setHeader("x-powered-by", "Next.js");
      res.writeHead(200, { "x-nextjs-matched-path": "/newsletter/unsubscribe/one-click", "x-nextjs-stale-time": "300", "content-type": "text/plain" });
    }
    res.end("app");
  };
  server = createServer(
    createFront(app, {
      siteUrl: "https://www.example.org",
      formRedirectOrigins: ["https://accounts.google.com"],
      trustedProxies: trustedProxyList([]),
      maxBodyBytes: 1024,
    }),
  );
  server.on("connect", refuseTunnel);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw HTTP request (fetch would refuse to send some of these headers). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<RawAnswer> {
  const length: Record<string, string> = body !== undefined && !("transfer-encoding" in headers) ? { "content-length": String(Buffer.byteLength(body)) } : {};
  return rawRequest(port, method, path, { ...length, ...headers }, body);
}

const lastSeen = () => seen[seen.length - 1]!;

describe("the HTTP front", () => {
  it("tells the browser to clear the site's storage when an answer ends the session, and only then", async () => {
    expect((await send("POST", "/sign-out")).headers["clear-site-data"]).toBe('"storage"');
    expect((await send("GET", "/secure-sign-out")).headers["clear-site-data"]).toBe('"storage"');
    expect((await send("POST", "/sign-in")).headers["clear-site-data"]).toBeUndefined();
    expect((await send("GET", "/")).headers["clear-site-data"]).toBeUndefined();
  });

  it("replaces a forged X-Forwarded-For with the socket's address, and drops other proxy headers", async () => {
    await send("GET", "/", { "x-forwarded-for": "198.51.100.23", "x-forwarded-host": "evil.example", "x-request-id": "forged-request-id" });
    expect(lastSeen().headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(lastSeen().headers["x-forwarded-host"]).toBeUndefined();
    expect(lastSeen().headers["x-request-id"]).not.toBe("forged-request-id");
  });

  it("puts the security headers and a request id on every response", async () => {
    const answer = await send("GET", "/anything");
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(answer.headers["content-security-policy"]).toContain("form-action 'self' https://accounts.google.com");
    expect(answer.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["permissions-policy"]).toContain("camera=()");
    expect(answer.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lets an event's door page, and only it, use the camera (its ticket scanner)", async () => {
    for (const path of ["/admin/check-in/12", "/admin/check-in/12?registration=34"]) expect((await send("GET", path)).headers["permissions-policy"], path).toMatch(/^camera=\(self\), microphone=\(\)/);
    for (const path of ["/admin/check-in", "/admin/check-in/12/attendees.json", "/admin/events/12", "/shop?x=/admin/check-in/12"]) {
      expect((await send("GET", path)).headers["permissions-policy"], path).toMatch(/^camera=\(\), microphone=\(\)/);
    }
  });

  it("leaves a route's own stricter policy in place, and adds the site's other headers around it", async () => {
    const answer = await send("GET", "/own-policy");
    expect(answer.headers["content-security-policy"]).toBe(OWN_POLICY);
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("strips the framework's internal headers, set on the answer or handed to writeHead, and keeps the answer's own", async () => {
    const answer = await send("POST", "/framework-headers", { "content-type": "application/x-www-form-urlencoded" }, "List-Unsubscribe=One-Click");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.headers).filter((name) => /^x-(middleware|nextjs|next|action)-|^x-powered-by$/.test(name))).toEqual([]);
    expect(answer.headers["content-type"]).toBe("text/plain");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leaves the framework's client router and JavaScript server actions the few headers they read, and nothing internal", async () => {
    const answer = await send("GET", "/framework-headers", { rsc: "1" });
    expect(answer.headers["x-action-redirect"]).toBe("/profile;push");
    expect(answer.headers["x-nextjs-stale-time"]).toBe("300");
    expect(answer.headers["x-middleware-rewrite"]).toBeUndefined();
    expect(answer.headers["x-nextjs-matched-path"]).toBeUndefined();
    expect(answer.headers["x-nextjs-cache"]).toBeUndefined();
  });

  it("puts the security headers on what the front answers itself", async () => {
    const answer = await send("TRACE", "/api/health");
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST, OPTIONS, PUT, PATCH, DELETE");
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
  });

  it("answers CONNECT, which Node keeps from the request handler, with a 405 instead of a dropped connection", async () => {
    const answer = await rawExchange(port, "CONNECT www.example.org:443 HTTP/1.1\r\nHost: www.example.org:443\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toContain("Allow: GET, HEAD, POST, OPTIONS, PUT, PATCH, DELETE\r\n");
    expect(answer).toContain("This site does not answer CONNECT requests.");
  });

  it("isolates every window but public reading pages from cross-origin openers", async () => {
    const isolated = ["/login", "/register?next=/profile", "/forgot-password", "/reset-password", "/profile", "/shop/checkout",
      "/shop/orders/7", "/calendar/3/offer", "/donate/manage", "/donate/thank-you", "/admin", "/api/auth/session", "/anything"];
    for (const path of isolated) {
      expect((await send("GET", path)).headers["cross-origin-opener-policy"], path).toBe("same-origin");
    }
    const publicPages = ["/", "/about", "/contact", "/privacy", "/terms", "/refund", "/donate", "/training", "/training/firearms",
      "/shop?sort=price", "/shop/tactical-backpack", "/shop/cart", "/calendar", "/calendar/3"];
    for (const path of publicPages) {
      expect((await send("GET", path)).headers["cross-origin-opener-policy"], path).toBeUndefined();
    }
  });

  it("sends malformed percent-escapes and NUL to the application's 404 page", async () => {
    for (const path of ["/shop/%ff%fe", "/calendar/%E0%A4%A", "/training/%00", "/%c0%af"]) {
      await send("GET", path);
      expect(lastSeen().url).toBe(NOT_FOUND_PATH);
    }
    await send("GET", "/shop/%2e%2e?q=%ff");
    expect(lastSeen().url).toBe("/shop/%2e%2e?q=%ff"); // a bad query string is the page's to handle
  });

  it("refuses bodies over the limit with 413, and bodies without a length with 411", async () => {
    const before = seen.length;
    const tooLarge = await send("POST", "/contact", { "content-type": "application/x-www-form-urlencoded", "content-length": "2048" }, "a=".padEnd(2048, "b"));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain("larger than this site accepts");
    const chunked = await send("POST", "/contact", { "transfer-encoding": "chunked" }, "a=b");
    expect(chunked.status).toBe(411);
    expect(seen.length).toBe(before);
  });

  it("refuses posts from other sites and from pages that hide their origin, before the application sees them", async () => {
    const before = seen.length;
    for (const origin of ["https://evil.example", "null", "not a url"]) {
      const answer = await send("POST", "/contact", { origin, "content-type": "application/x-www-form-urlencoded" }, "a=b");
      expect(answer.status).toBe(403);
    }
    const fetchMetadata = await send("POST", "/contact", { "sec-fetch-site": "cross-site" }, "a=b");
    expect(fetchMetadata.status).toBe(403);
    expect(seen.length).toBe(before);
    const sameSite = await send("POST", "/contact", { origin: "https://www.example.org", "content-type": "application/x-www-form-urlencoded" }, "a=b");
    expect(sameSite.status).toBe(200);
    expect(lastSeen().body).toBe("a=b");
  });

  it("lets a mail provider's one-click unsubscribe through from another site, and nothing else at that address", async () => {
    const token = "a".repeat(43);
    const crossSite = { origin: "https://mail.example", "sec-fetch-site": "cross-site" };
    const oneClick = await send("POST", `/newsletter/unsubscribe?token=${token}`, { ...crossSite, "content-type": "application/x-www-form-urlencoded" }, "List-Unsubscribe=One-Click");
    expect(oneClick.status).toBe(200);
    expect(lastSeen()).toMatchObject({ url: `/newsletter/unsubscribe?token=${token}`, body: "List-Unsubscribe=One-Click" });
    const multipart = '--xyz\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--xyz--\r\n';
    expect((await send("POST", `/newsletter/unsubscribe?token=${token}`, { ...crossSite, "content-type": "multipart/form-data; boundary=xyz" }, multipart)).status).toBe(200);
    expect(lastSeen().body).toBe(multipart);

    const before = seen.length;
    const action = await send("POST", `/newsletter/unsubscribe?token=${token}`, { ...crossSite, "next-action": "7f00", "content-type": "text/plain" }, "[]");
    expect(action.status).toBe(403);
    const elsewhere = await send("POST", `/newsletter/confirm?token=${token}`, { ...crossSite, "content-type": "application/x-www-form-urlencoded" }, "a=b");
    expect(elsewhere.status).toBe(403);
    expect(seen.length).toBe(before);
  });

  it("refuses page posts whose body the framework could not read, and replays good ones intact", async () => {
    const origin = { origin: `http://127.0.0.1:${port}` };
    const truncated = await send("POST", "/contact", { ...origin, "content-type": "multipart/form-data; boundary=xyz" }, "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--xy");
    expect(truncated.status).toBe(400);
    const notJson = await send("POST", "/contact", { ...origin, "next-action": "7f00", "content-type": "text/plain" }, "garbage");
    expect(notJson.status).toBe(400);
    for (const reference of ['["$@1"]', '["$Q2"]', '["$T"]', '[{"a":"$h3"}]', '["$4"]']) {
      const answer = await send("POST", "/contact", { ...origin, "next-action": "7f00", "content-type": "text/plain" }, reference);
      expect(answer.status, reference).toBe(400);
    }

    const form = '--xyz\r\nContent-Disposition: form-data; name="1_email"\r\n\r\njane@example.com\r\n--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n[{"status":"idle","note":"$$5 off"},"$K1"]\r\n--xyz--\r\n';
    const good = await send("POST", "/contact", { ...origin, "next-action": "7f00", "content-type": "multipart/form-data; boundary=xyz" }, form);
    expect(good.status).toBe(200);
    expect(lastSeen().body).toBe(form);
  });
});

describe("the HTTP front's upload limits", () => {
  const UPLOAD_ID = "40".padEnd(42, "a");
  const OTHER_ID = "7f".padEnd(42, "b");
  let uploadServer: Server;
  let uploadPort: number;
  const received: string[] = [];

  beforeAll(async () => {
    const app = async (req: IncomingMessage, res: import("node:http").ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received.push(Buffer.concat(chunks).toString("latin1"));
      res.end("stored");
    };
    uploadServer = createServer(
      createFront(app, {
        siteUrl: "http://127.0.0.1",
        formRedirectOrigins: [],
        trustedProxies: trustedProxyList([]),
        maxBodyBytes: 1024,
        uploadLimits: [{ pathPrefix: "/profile/verification", maxBodyBytes: 128 * 1024, actionIds: new Set([UPLOAD_ID]), allowed: "member" }],
        sessionLookup: async (token) => (token === "member-token" ? { role: null, banned: false } : undefined),
      }),
    );
    uploadServer.listen(0, "127.0.0.1");
    await once(uploadServer, "listening");
    uploadPort = (uploadServer.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => uploadServer.close(() => resolve())));

  const signedIn = { cookie: "better-auth.session_token=member-token.c2ln" };
  const body = (actionField: [string, string], size: number) =>
    `--xyz\r\nContent-Disposition: form-data; name="${actionField[0]}"\r\n\r\n${actionField[1]}\r\n` +
    `--xyz\r\nContent-Disposition: form-data; name="document"; filename="card.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${"x".repeat(size)}\r\n--xyz--\r\n`;
  const post = (payload: string, headers: Record<string, string>) => {
    const all = { origin: `http://127.0.0.1:${uploadPort}`, "content-type": "multipart/form-data; boundary=xyz", "content-length": String(Buffer.byteLength(payload)), ...headers };
    return rawRequest(uploadPort, "POST", "/profile/verification", all, payload);
  };

  it("reads a signed-in member's 20 KB document sent to the upload action, with or without JavaScript", async () => {
    const noJs = body([`$ACTION_ID_${UPLOAD_ID}`, ""], 20_000);
    expect((await post(noJs, signedIn)).body).toBe("stored");
    expect(received.at(-1)).toBe(noJs);
    const withJs = body(["1_document", ""], 20_000);
    expect((await post(withJs, { ...signedIn, "next-action": UPLOAD_ID })).body).toBe("stored");
  });

  it("refuses the same size with the site's 1 KB limit for another action, a visitor, or a form that names its action late", async () => {
    const before = received.length;
    const refusals = [
      await post(body([`$ACTION_ID_${OTHER_ID}`, ""], 20_000), signedIn),
      await post(body(["1_email", ""], 20_000), { ...signedIn, "next-action": OTHER_ID }),
      await post(body([`$ACTION_ID_${UPLOAD_ID}`, ""], 20_000), {}),
      await post(body([`$ACTION_ID_${UPLOAD_ID}`, ""], 20_000), { cookie: "better-auth.session_token=forged.c2ln" }),
      // The file first, its action named after the first 64 KB (where React never puts it): not read on.
      await post(body(["padding", "p".repeat(70_000)], 0).replace("--xyz--\r\n", `--xyz\r\nContent-Disposition: form-data; name="$ACTION_ID_${UPLOAD_ID}"\r\n\r\n\r\n--xyz--\r\n`), signedIn),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("larger than this site accepts (1 KB)");
    }
    expect(received.length).toBe(before);
  });
});
