/** The front's body limits: the site's 1 MB, and a larger one only where uploads are taken. */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { bodyLimitFor, isOneClickUnsubscribe, refuseRequest } from "./request-guards";

const MB = 1024 * 1024;
const options = { maxBodyBytes: MB, uploadLimits: [{ pathPrefix: "/admin/catalog", maxBodyBytes: 25 * MB }], allowedHosts: new Set(["site.test"]) };

const post = (url: string, bytes: number) => ({ method: "POST", url, headers: { "content-length": String(bytes), host: "site.test", origin: "http://site.test" } }) as unknown as IncomingMessage;

describe("upload limits", () => {
  it("never spare a cross-site post the refusal, whatever its size", () => {
    const crossSite = post("/admin/catalog/new", 20 * MB);
    crossSite.headers.origin = "https://evil.example";
    expect(refuseRequest(crossSite, options)).toMatchObject({ kind: "refuse", status: 403 });
  });

  it("apply to their paths only", () => {
    expect(bodyLimitFor("/admin/catalog/new", options)).toBe(25 * MB);
    expect(bodyLimitFor("/admin/catalog/12?x=1", options)).toBe(25 * MB);
    expect(bodyLimitFor("/admin/orders/12", options)).toBe(MB);
    expect(bodyLimitFor("/shop?/admin/catalog", options)).toBe(MB);
    expect(bodyLimitFor("/admin/catalog", { maxBodyBytes: MB })).toBe(MB);
  });

  it("send a 20 MB picture for the catalog's form to the upload check, and refuse more than 25 MB there and more than 1 MB elsewhere", () => {
    expect(refuseRequest(post("/admin/catalog/new", 20 * MB), options)).toEqual({ kind: "check-upload", upload: options.uploadLimits[0] });
    expect(refuseRequest(post("/admin/catalog/new", MB), options)).toBeUndefined();
    expect(refuseRequest(post("/admin/catalog/new", 25 * MB + 1), options)).toEqual({
      kind: "refuse",
      status: 413,
      title: "Too large",
      message: "The request is larger than this site accepts (25 MB).",
    });
    expect(refuseRequest(post("/contact", 2 * MB), options)).toMatchObject({ status: 413, message: "The request is larger than this site accepts (1 MB)." });
  });
});

describe("cross-site posts", () => {
  const FORM = "application/x-www-form-urlencoded";
  const crossSitePost = (url: string, headers: Record<string, string> = {}) =>
    ({
      method: "POST",
      url,
      headers: { "content-length": "26", host: "site.test", origin: "https://mail.example", "sec-fetch-site": "cross-site", "content-type": FORM, ...headers },
    }) as unknown as IncomingMessage;
  const TOKEN = "?token=" + "a".repeat(43);

  it("a mail provider's one-click unsubscribe passes: form-encoded or multipart, from its webmail page or its servers", () => {
    expect(refuseRequest(crossSitePost(`/newsletter/unsubscribe${TOKEN}`), options)).toBeUndefined();
    expect(refuseRequest(crossSitePost(`/newsletter/unsubscribe${TOKEN}`, { "content-type": "multipart/form-data; boundary=x" }), options)).toBeUndefined();
    expect(refuseRequest(crossSitePost(`/newsletter/unsubscribe${TOKEN}`, { origin: "null" }), options)).toBeUndefined();
    const fromServer = crossSitePost(`/newsletter/unsubscribe${TOKEN}`);
    delete fromServer.headers.origin;
    delete fromServer.headers["sec-fetch-site"];
    expect(refuseRequest(fromServer, options)).toBeUndefined();
  });

  it("every other cross-site post is still refused, the unsubscribe address's other uses included", () => {
    const refused = { kind: "refuse", status: 403 };
    const cases: [string, Record<string, string>][] = [
      ["/contact", {}],
      ["/newsletter/confirm" + TOKEN, {}],
      ["/newsletter/unsubscribe", {}], // no token
      ["/newsletter/unsubscribe/" + TOKEN, {}],
      ["/newsletter/unsubscribe/one-click" + TOKEN, {}],
      ["/newsletter/unsubscribed" + TOKEN, {}],
      ["/contact?next=/newsletter/unsubscribe" + TOKEN.replace("?", "&"), {}],
      // The page's own buttons (server actions) and anything that is not a form post.
      ["/newsletter/unsubscribe" + TOKEN, { "next-action": "7f00" }],
      ["/newsletter/unsubscribe" + TOKEN, { "content-type": "text/plain" }],
      ["/newsletter/unsubscribe" + TOKEN, { "content-type": "application/json" }],
    ];
    for (const [url, headers] of cases) expect(refuseRequest(crossSitePost(url, headers), options), `${url} ${JSON.stringify(headers)}`).toMatchObject(refused);
    expect(refuseRequest({ ...crossSitePost(`/newsletter/unsubscribe${TOKEN}`), method: "PUT" } as IncomingMessage, options)).toMatchObject(refused);
  });

  it("the one-click address keeps the site's body limit", () => {
    expect(refuseRequest(crossSitePost(`/newsletter/unsubscribe${TOKEN}`, { "content-length": String(2 * MB) }), options)).toMatchObject({ status: 413 });
  });

  it("knows a one-click unsubscribe by its path, token, form body and the absence of the framework's action header", () => {
    expect(isOneClickUnsubscribe(crossSitePost(`/newsletter/unsubscribe${TOKEN}`))).toBe(true);
    expect(isOneClickUnsubscribe({ ...crossSitePost(`/newsletter/unsubscribe${TOKEN}`), method: "GET" } as IncomingMessage)).toBe(false);
    expect(isOneClickUnsubscribe(crossSitePost(`/newsletter/unsubscribe${TOKEN}`, { "next-router-state-tree": "x" }))).toBe(false);
  });
});

describe("methods and request targets", () => {
  const request = (method: string, url: string) => ({ method, url, headers: { host: "site.test" } }) as unknown as IncomingMessage;

  it("refuse TRACE, TRACK, CONNECT and other methods the site never answers with a 405 naming the ones it does", () => {
    for (const method of ["TRACE", "TRACK", "CONNECT", "PROPFIND", "MKCOL"]) {
      expect(refuseRequest(request(method, "/api/health"), options), method).toEqual({
        kind: "refuse",
        status: 405,
        title: "Method not allowed",
        message: `This site does not answer ${method} requests.`,
        headers: { Allow: "GET, HEAD, POST, OPTIONS, PUT, PATCH, DELETE" },
      });
    }
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(refuseRequest(request(method, "/"), options), method).toBeUndefined();
  });

  it("refuse the asterisk and authority targets with a 400, and pass absolute URLs on", () => {
    for (const url of ["*", "localhost:3000", "example.org"]) {
      expect(refuseRequest(request("OPTIONS", url), options), url).toMatchObject({ kind: "refuse", status: 400, title: "Bad request" });
      expect(refuseRequest(request("GET", url), options), url).toMatchObject({ status: 400 });
    }
    expect(refuseRequest(request("GET", "http://site.test/shop"), options)).toBeUndefined();
  });
});
