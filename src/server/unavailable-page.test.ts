import { once } from "node:events";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import { site } from "@/lib/site";
import { trustedProxyList } from "./client-address";
import { createFront } from "./front";
import { RETRY_AFTER_SECONDS } from "./unavailable-page";

/** Stands in for Next.js: each path answers the way a failing (or working) page, API or RSC call would. */
async function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?", 1)[0];
  if (path === "/throws") throw new Error("the handler itself failed");
  if (path === "/fine") {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end("<h1>Fine</h1>");
    return;
  }
  if (path === "/api/orders" || path === "/json") {
    res.statusCode = 500;
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ error: "internal" }));
    return;
  }
  if (req.headers.rsc === "1") {
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/x-component");
    res.end("0:E{}");
    return;
  }
  if (path === "/api/html") {
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/html");
    res.end("<p>api page</p>");
    return;
  }
  if (path === "/streamed") {
    // Like Next's streaming renderer: headers set, flushHeaders(), then chunks and end().
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Set-Cookie", "session=abc");
    res.setHeader("ETag", '"framework"');
    res.flushHeaders();
    await new Promise<void>((resolve) => res.write("<html><body>", () => resolve()));
    res.write("<p>framework's bare error</p>");
    await new Promise<void>((resolve) => res.end("</body></html>", () => resolve()));
    return;
  }
  if (path === "/missing") {
    // Next's answer to a page that calls notFound(): an empty document, its content only for JavaScript.
    res.statusCode = 404;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Set-Cookie", "framework=1");
    res.end('<html id="__next_error__"><body><div hidden></div><script>self.__next_f.push([1,"..."])</script></body></html>');
    return;
  }
  if (path === "/api/missing") {
    res.statusCode = 404;
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ error: "not found" }));
    return;
  }
  if (path === "/compressed") {
    // What the compression middleware leaves on the response: an encoding the page we send does not have.
    res.writeHead(502, { "Content-Type": "text/html", "Content-Encoding": "gzip", Vary: "Accept-Encoding" });
    res.end(Buffer.from([0x1f, 0x8b]));
    return;
  }
  res.statusCode = 500;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end("<html><body></body></html>");
}

interface Site {
  server: Server;
  port: number;
}

const NOT_FOUND_PAGE = "<!DOCTYPE html><html lang=\"en\"><body><main><h1>Page Not Found</h1></main></body></html>";

async function startSite(databaseReachable?: () => Promise<boolean>, notFoundPage?: string): Promise<Site> {
  const server = createServer(
    createFront(app, {
      siteUrl: "https://www.example.org",
      formRedirectOrigins: [],
      trustedProxies: trustedProxyList([]),
      maxBodyBytes: 1024,
      databaseReachable,
      notFoundPage,
    }),
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, port: (server.address() as AddressInfo).port };
}

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

function get(site: Site, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: site.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

const unavailable = /<h1>We&#39;ll be right back<\/h1>/;

let databaseUp: Site;
let databaseDown: Site;
let noProbe: Site;
let withNotFoundPage: Site;

beforeAll(async () => {
  databaseUp = await startSite(async () => true);
  databaseDown = await startSite(async () => false);
  noProbe = await startSite();
  withNotFoundPage = await startSite(async () => true, NOT_FOUND_PAGE);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  for (const { server } of [databaseUp, databaseDown, noProbe, withNotFoundPage]) await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the front's site-unavailable page", () => {
  it("replaces a 500 HTML page with the site's own static page, keeping the 500 and the security headers", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const answer = await get(databaseUp, "/shop?sort=price");
    expect(answer.status).toBe(500);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["retry-after"]).toBeUndefined();
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body).toMatch(unavailable);
    expect(answer.body).toContain(site.phone);
    expect(answer.body).toContain(`href="mailto:${site.email}"`);
    expect(answer.body).toContain('href="/shop?sort=price"'); // the retry link: the page asked for
    expect(answer.body).not.toContain("<script");
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: "front.unavailable-page", status: 500, upstreamStatus: 500 }), expect.any(String));
  });

  it("answers 503 with Retry-After when the database does not answer", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const answer = await get(databaseDown, "/");
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(answer.body).toMatch(unavailable);
    expect(answer.headers["content-security-policy"]).toBeDefined();
  });

  it("keeps the status when it cannot tell the cause (no database probe)", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const answer = await get(noProbe, "/calendar");
    expect(answer.status).toBe(500);
    expect(answer.body).toMatch(unavailable);
  });

  it("replaces a streamed failure before anything of it is sent, and drops the application's headers", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const answer = await get(databaseDown, "/streamed");
    expect(answer.status).toBe(503);
    expect(answer.body).toMatch(unavailable);
    expect(answer.body).not.toContain("bare error");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers.etag).toBeUndefined();
  });

  it("sends its page uncompressed even when the failed answer was compressed, and keeps a 502", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const answer = await get(databaseUp, "/compressed", { "accept-encoding": "gzip" });
    expect(answer.status).toBe(502);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body).toMatch(unavailable);
    expect(() => gunzipSync(Buffer.from(answer.body))).toThrow();
  });

  it("answers a HEAD with the status and no body", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const answer = await get(databaseDown, "/", {}, "HEAD");
    expect(answer.status).toBe(503);
    expect(answer.body).toBe("");
  });

  it("also covers a handler that throws", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    vi.spyOn(log, "error").mockImplementation(() => {});
    const answer = await get(databaseDown, "/throws");
    expect(answer.status).toBe(503);
    expect(answer.body).toMatch(unavailable);
  });

  it("leaves 500 JSON, API routes, RSC and server-action answers and working pages alone", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const json = await get(databaseDown, "/json");
    expect(json.status).toBe(500);
    expect(json.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(json.body)).toEqual({ error: "internal" });
    expect(json.headers["content-security-policy"]).toBeDefined();

    const api = await get(databaseDown, "/api/html");
    expect(api.status).toBe(500);
    expect(api.body).toBe("<p>api page</p>");

    const rsc = await get(databaseDown, "/shop", { rsc: "1" });
    expect(rsc.status).toBe(500);
    expect(rsc.body).toBe("0:E{}");
    const rscQuery = await get(databaseDown, "/shop?_rsc=1x2y");
    expect(rscQuery.body).not.toMatch(unavailable);
    const action = await get(databaseDown, "/contact", { "next-action": "7f00" });
    expect(action.body).not.toMatch(unavailable);

    const fine = await get(databaseDown, "/fine");
    expect(fine.status).toBe(200);
    expect(fine.body).toBe("<h1>Fine</h1>");
    expect(warn).not.toHaveBeenCalled();
  });

  it("sends the build's prerendered 404 page for a page that ends in a 404, readable without JavaScript", async () => {
    const answer = await get(withNotFoundPage, "/missing?from=search");
    expect(answer.status).toBe(404);
    expect(answer.body).toBe(NOT_FOUND_PAGE);
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const head = await get(withNotFoundPage, "/missing", {}, "HEAD");
    expect({ status: head.status, body: head.body }).toEqual({ status: 404, body: "" });
    // An API's 404 and the router's RSC fetch keep their own answers; without the page nothing changes.
    expect(JSON.parse((await get(withNotFoundPage, "/api/missing")).body)).toEqual({ error: "not found" });
    expect((await get(withNotFoundPage, "/missing", { rsc: "1" })).body).not.toBe(NOT_FOUND_PAGE);
    expect((await get(databaseUp, "/missing")).body).toContain("__next_error__");
  });
});

describe("a page the application keeps waiting on (a frozen database)", () => {
  /** Never answers, as a page does whose queries hang; the front has read a form post's body first. */
  const hung = async (req: IncomingMessage, res: ServerResponse) => {
    await new Promise((resolve) => res.once("close", resolve));
    if (!res.writableEnded) res.end("too late");
  };
  let reachable = false;
  let waiting: Site;

  beforeAll(async () => {
    const server = createServer(
      createFront(hung, {
        siteUrl: "http://127.0.0.1",
        formRedirectOrigins: [],
        trustedProxies: trustedProxyList([]),
        maxBodyBytes: 64 * 1024,
        databaseReachable: async () => reachable,
        pageDeadlineMs: 200,
      }),
    );
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    waiting = { server, port: (server.address() as AddressInfo).port };
  });
  afterAll(() => new Promise<void>((resolve) => waiting.server.close(() => resolve())));

  it("gets the 503 page once the deadline passes and the database does not answer", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    reachable = false;
    const started = performance.now();
    const answer = await get(waiting, "/shop", { cookie: "better-auth.session_token=abc" });
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(answer.body).toMatch(unavailable);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("keeps waiting for a page that is only slow while the database answers", async () => {
    reachable = true;
    const answer = get(waiting, "/calendar");
    await new Promise((resolve) => setTimeout(resolve, 700)); // three deadlines
    vi.spyOn(log, "warn").mockImplementation(() => {});
    reachable = false;
    expect((await answer).status).toBe(503);
  });

  it("offers a form posted without JavaScript back with what was typed, to send again; never a password", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    reachable = false;
    const form = new FormData();
    form.append("$ACTION_REF_1", "");
    form.append("$ACTION_1:0", '{"id":"7f00","bound":"$@1"}');
    form.append("name", "Jane <Doe>");
    form.append("message", "Line one\nLine \"two\"");
    form.append("password", "correct horse battery");
    form.append("document", new Blob(["%PDF"]), "card.pdf");
    const post = new Request("http://x/", { method: "POST", body: form });
    const body = Buffer.from(await post.arrayBuffer());
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port: waiting.port, method: "POST", path: "/contact", headers: { "content-type": post.headers.get("content-type")!, "content-length": String(body.length) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatch(unavailable);
    expect(answer.body).toContain('<form method="post" action="/contact" enctype="multipart/form-data" class="resend">');
    expect(answer.body).toContain('<input type="hidden" name="$ACTION_1:0" value="{&quot;id&quot;:&quot;7f00&quot;,&quot;bound&quot;:&quot;$@1&quot;}">');
    expect(answer.body).toContain('<label for="resend-2">Name</label><input type="text" id="resend-2" name="name" value="Jane &lt;Doe&gt;">');
    expect(answer.body).toContain('name="message" rows="6">Line one\r\nLine &quot;two&quot;</textarea>');
    expect(answer.body).toContain('<input type="password" id="resend-4" name="password" autocomplete="current-password">');
    expect(answer.body).toContain('<input type="file" id="resend-5" name="document">');
    expect(answer.body).not.toContain("correct horse");
    expect(answer.body).toContain("<button type=\"submit\">Send again</button>");
  });
});
