import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawAnswer } from "../../test/raw-request";
import { trustedProxyList } from "./client-address";
import { createFront } from "./front";

const REFUSED = '<form><div role="alert" data-form-refused="true">Enter a price above $0.00.</div></form>';
const ACCEPTED = '<form><p role="status">Saved.</p></form>';
/** A visitor's text quoting the mark: React escapes it in the HTML and in the RSC payload. */
const QUOTED = '<p>data-form-refused=&quot;true&quot;</p><script>self.__next_f.push([1,"{\\"data-form-refused\\":\\"true\\"} data-form-refused=\\"true\\""])</script>';

let server: Server;
let port: number;
let lastAcceptEncoding: string | undefined;

/** The stand-in application: the path says what it answers. */
async function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume(); // the body is read, as the framework does
  await once(req, "end");
  lastAcceptEncoding = req.headers["accept-encoding"];
  const path = (req.url ?? "/").split("?")[0];
  if (path === "/redirect") {
    res.writeHead(303, { Location: "/done" });
    res.end();
    return;
  }
  res.setHeader("Content-Type", path === "/json" ? "application/json" : "text/html; charset=utf-8");
  if (path === "/streamed") {
    // The mark split across writes, the way a streamed render can cut it.
    res.write("<html><body><form><div role=\"alert\" data-form-");
    await new Promise((resolve) => setTimeout(resolve, 5));
    res.write("refused=\"tr");
    res.end("ue\">Enter a price.</div></form></body></html>");
    return;
  }
  const body = path === "/refused" || path === "/admin/refused" || path === "/json" ? REFUSED : path === "/quoted" ? QUOTED : ACCEPTED;
  res.writeHead(200, { "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

beforeAll(async () => {
  server = createServer(createFront(app, { siteUrl: "https://www.example.org", formRedirectOrigins: [], trustedProxies: trustedProxyList([]), maxBodyBytes: 4096 }));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, path: string, headers: Record<string, string> = {}, body = method === "POST" ? "name=x" : undefined): Promise<RawAnswer> {
  const form: Record<string, string> = body ? { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length), origin: `http://127.0.0.1:${port}` } : {};
  return rawRequest(port, method, path, { ...form, ...headers }, body);
}

describe("a form posted without JavaScript", () => {
  it("is answered 422 when the page it gets back shows the form refused, with the page intact", async () => {
    const answer = await send("POST", "/refused", { "accept-encoding": "gzip, br" });
    expect(answer.status).toBe(422);
    expect(answer.body).toBe(REFUSED);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    // Read uncompressed, so the mark can be seen.
    expect(lastAcceptEncoding).toBeUndefined();
  });

  it("finds the mark however the page was cut into writes", async () => {
    const answer = await send("POST", "/streamed");
    expect(answer.status).toBe(422);
    expect(answer.body).toContain('data-form-refused="true">Enter a price.</div>');
  });

  it("keeps 200 for an accepted form, a visitor's text quoting the mark, and a redirect's 303", async () => {
    expect((await send("POST", "/accepted")).status).toBe(200);
    const quoted = await send("POST", "/quoted");
    expect(quoted.status).toBe(200);
    expect(quoted.body).toBe(QUOTED);
    const redirect = await send("POST", "/redirect");
    expect(redirect.status).toBe(303);
    expect(redirect.headers.location).toBe("/done");
  });

  it("leaves alone what is not a page post: GETs, the framework's action fetches, JSON", async () => {
    const get = await send("GET", "/refused", { "accept-encoding": "gzip" });
    expect(get.status).toBe(200);
    expect(lastAcceptEncoding).toBe("gzip");
    expect((await send("POST", "/refused", { "next-action": "7f00", "content-type": "text/plain" }, '["x"]')).status).toBe(200);
    expect((await send("POST", "/refused", { rsc: "1" })).status).toBe(200);
    expect((await send("POST", "/json")).status).toBe(200);
  });

  it("a staff search form (a GET of an /admin page with a query) refused for a filter it could not use is a 422 too", async () => {
    const refused = await send("GET", "/admin/refused?from=2027-02-30", { "accept-encoding": "gzip" });
    expect(refused.status).toBe(422);
    expect(refused.body).toBe(REFUSED);
    expect(lastAcceptEncoding).toBeUndefined();
    expect((await send("GET", "/admin/accepted?from=2027-02-03")).status).toBe(200);
    // Without a query nothing was submitted; public pages and the framework's own fetches are never read.
    expect((await send("GET", "/admin/refused")).status).toBe(200);
    expect((await send("GET", "/refused?from=x")).status).toBe(200);
    expect((await send("GET", "/administrator/refused?from=x")).status).toBe(200);
    expect((await send("GET", "/admin/refused?from=x", { rsc: "1" })).status).toBe(200);
  });
});
