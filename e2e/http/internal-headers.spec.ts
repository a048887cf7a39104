/**
 * No answer carries the framework's internal headers (x-middleware-*, x-nextjs-*, x-next-*, x-action-*,
 * x-powered-by; src/server/internal-headers.ts): a page, a route handler, a redirect, a form posted to a
 * server action without JavaScript, the router's own fetch of a page, and a mail app's one-click
 * unsubscribe, which the proxy rewrites to an internal route.
 */
import { siteWithMail } from "../mail";
import { uniqueMemberEmail } from "../member";
import { subscriberRow, subscriberWithUnsubscribeLink } from "../newsletter-db";
import { expect, test } from "./fixtures";

const site = siteWithMail();
test.use({ baseURL: site.url });

const INTERNAL = /^x-(middleware|nextjs|next|action)-|^x-powered-by$/;
/** What the framework's client router reads from the answers to its own fetches, and nothing else. */
const READ_BY_THE_ROUTER = new Set(["x-nextjs-stale-time", "x-nextjs-prerender", "x-nextjs-postponed", "x-nextjs-request-id", "x-nextjs-html-request-id"]);

const internal = (headers: Record<string, string>) => Object.keys(headers).filter((name) => INTERNAL.test(name));

test("a page, a route handler, a redirect and a no-JavaScript form post carry no framework-internal header", async ({ visitor, request }) => {
  const page = await request.get("/");
  expect(page.status()).toBe(200);
  expect(internal(page.headers())).toEqual([]);

  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(internal(health.headers())).toEqual([]);

  const redirect = await request.get("/profile", { maxRedirects: 0 });
  expect(redirect.status()).toBeGreaterThanOrEqual(300);
  expect(redirect.status()).toBeLessThan(400);
  expect(internal(redirect.headers())).toEqual([]);

  const posted = await (await visitor.get("/")).form("footer form").fill("email", uniqueMemberEmail("headers")).submit();
  expect(posted.status).toBe(200);
  expect(posted.hops).toHaveLength(1);
  expect(internal(posted.headers)).toEqual([]);
});

test("the router's fetch of a page keeps only what the router reads", async ({ request }) => {
  const flight = await request.get("/about", { headers: { RSC: "1" } });
  expect(flight.status()).toBe(200);
  expect(flight.headers()["content-type"]).toContain("text/x-component");
  expect(internal(flight.headers()).filter((name) => !READ_BY_THE_ROUTER.has(name))).toEqual([]);
});

test("a mail app's one-click unsubscribe does not show the internal route it was rewritten to", async ({ playwright }) => {
  const email = uniqueMemberEmail("one-click-headers");
  const token = await subscriberWithUnsubscribeLink(email, site.databaseUrl);
  const mailApp = await playwright.request.newContext();
  try {
    const answer = await mailApp.post(`${site.url}/newsletter/unsubscribe?token=${token}`, { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    expect(await subscriberRow(email, site.databaseUrl)).toBeUndefined();
    expect(internal(answer.headers())).toEqual([]);
    expect(Object.values(answer.headers()).join("\n")).not.toContain("one-click");
  } finally {
    await mailApp.dispose();
  }
});
