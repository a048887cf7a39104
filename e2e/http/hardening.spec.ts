/**
 * What an attacker or a broken client sends: every answer is a clear 4xx with the security headers,
 * never a 500, and never a redirect off the site.
 */
import { rawExchange, rawRequest } from "../../test/raw-request";
import { expect, test } from "./fixtures";

test.describe("hardening over HTTP", () => {
  test("every kind of response carries the security headers", async ({ visitor, request }) => {
    const home = await visitor.get("/");
    const script = home.$("script[src]").first().attr("src");
    expect(script).toBeTruthy();
    const paths = ["/", "/shop", "/no-such-page", "/calendar.ics", "/robots.txt", "/sitemap.xml", "/api/auth/get-session", script!];
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBeLessThan(500);
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], path).toContain("object-src 'none'");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
      expect(headers["x-request-id"], path).toMatch(/^[0-9a-f-]{36}$/);
      // Served over http here: no HSTS (it is sent when SITE_URL is https).
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
  });

  test("malformed percent-escapes in a path get the 404 page, not a 500", async ({ request }) => {
    for (const path of ["/shop/%ff%fe", "/training/%E0%A4%A", "/calendar/%c0%af", "/shop/%00", "/%ff", "/calendar/%ff/event.ics"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("Page Not Found");
    }
  });

  test("a body over 1 MB is refused with 413 before it is read", async ({ request, baseURL }) => {
    const big = "a=".padEnd(2 * 1024 * 1024, "b");
    for (const path of ["/contact", "/shop/cart/add", "/api/stripe/webhook", "/api/auth/sign-in/email"]) {
      const response = await request.post(path, {
        headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
        data: big,
      });
      expect(response.status(), path).toBe(413);
    }
  });

  test("a 30 MB newsletter sign-up posted to an upload page is refused with 413, signed in or not, and never echoed", async ({ signedIn, visitor }) => {
    test.setTimeout(120_000); // sends 20–30 MB three times
    const MB = 1024 * 1024;
    const { browser: member } = await signedIn(null);
    const { browser: staff } = await signedIn("staff");
    // Each under its page's upload limit (32 MB, 25 MB), which only the upload itself may use.
    for (const [who, path, size] of [[member, "/profile/verification", 30 * MB], [staff, "/admin/catalog/new", 20 * MB], [visitor, "/profile/verification", 30 * MB]] as const) {
      const huge = `${"a".repeat(size)}@example.com`;
      // The footer's newsletter form, as its page sends it without JavaScript, posted to the upload page instead.
      const signUp = new FormData();
      for (const [name, value] of (await who.get("/")).form("footer form").fill("email", huge).entries()) if (typeof value === "string") signUp.append(name, value);
      const answer = await who.post(path, { multipart: signUp });
      expect(answer.status, path).toBe(413);
      expect(answer.text(), path).toContain("The request is larger than this site accepts (1 MB).");
      expect(answer.bytes.length, path).toBeLessThan(100_000);
    }
  });

  test("TRACE, CONNECT and the request target * get a 4xx on every kind of route, never a 500", async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    for (const path of ["/api/health", "/robots.txt", "/calendar.ics", "/api/stripe/webhook", "/admin/orders/export", "/shop", "/"]) {
      // (TRACK never reaches the front: Node's parser answers it with a 400.)
      for (const method of ["TRACE", "PROPFIND"]) {
        const answer = await rawRequest(port, method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST, OPTIONS, PUT, PATCH, DELETE");
      }
    }
    for (const method of ["OPTIONS", "GET"]) expect((await rawRequest(port, method, "*")).status, `${method} *`).toBe(400);
    const tunnel = await rawExchange(port, `CONNECT localhost:${port} HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    expect(tunnel).toMatch(/^HTTP\/1\.1 405 /);
  });

  test("a server-action post the framework cannot read gets 400, not 500", async ({ request, baseURL }) => {
    const headers = { Origin: baseURL!, "Next-Action": "7f".padEnd(42, "0") };
    const bodies = [
      { "Content-Type": "text/plain;charset=UTF-8", data: "not json" },
      { "Content-Type": "text/plain;charset=UTF-8", data: '["$@1"]' },
      { "Content-Type": "multipart/form-data; boundary=xyz", data: '--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--xy' },
    ];
    for (const { data, ...type } of bodies) {
      const response = await request.post("/contact", { headers: { ...headers, ...type }, data });
      expect(response.status(), data).toBe(400);
    }
  });
});

test("a signed-in member is never sent off the site by ?next=", async ({ signedIn, baseURL }) => {
  const { browser } = await signedIn(null);
  for (const next of ["%2F.%2F%2Fevil.example", "/..//evil.example", "/a/..//evil.example", "/%2e//evil.example"]) {
    const page = await browser.get(`/login?next=${next}`);
    // Where the redirects end (a text browser follows them as Chromium does): this site's home page.
    expect(page.url.origin, next).toBe(new URL(baseURL!).origin);
    expect(page.url.pathname, next).toBe("/");
    expect(page.status, next).toBe(200);
    // Every hop stayed on the site.
    for (const hop of page.hops) expect(new URL(hop.url).origin, next).toBe(new URL(baseURL!).origin);
  }
});
