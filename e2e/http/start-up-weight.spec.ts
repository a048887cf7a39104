/**
 * What a page carries at start that it does not show (issue 31): the router sends every page's 404 and
 * error boundaries with it, so they must stay small. The full 404 page, with the header and footer, is
 * app/global-not-found.tsx (its first HTML is in not-found.spec.ts); the error screens' words load when
 * an error is shown.
 */
import { siteUnavailable } from "../../src/lib/site-unavailable";
import { expect, test } from "./fixtures";
import type { HttpPage } from "./text-browser";

/** The React Server Components payload the page's HTML holds inline, as the router reads it. */
function payloadOf(page: HttpPage): string {
  return [...page.body.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)].map((match) => JSON.parse(match[1]!) as string).join("");
}

const count = (text: string, part: string) => text.split(part).length - 1;

/** Every chunk the HTML names (tags and payload alike): what the page loads at start. */
function scriptsLoadedAtStart(page: HttpPage): string[] {
  const named = [...page.body.replaceAll("\\/", "/").matchAll(/\/_next\/static\/[^"'\\\s<>]+?\.js/g)].map((match) => match[0]);
  const tags = page.$("script[src]:not([nomodule])").toArray().map((script) => new URL(script.attribs.src!, page.url).pathname);
  return [...new Set([...tags, ...named])];
}

for (const path of ["/", "/privacy", "/shop"]) {
  test(`${path}: the payload carries the site's header and footer once`, async ({ visitor }) => {
    const page = await visitor.get(path);
    expect(page.status).toBe(200);
    const payload = payloadOf(page);
    expect(payload.length).toBeGreaterThan(1000);
    expect(count(payload, '["$","footer"')).toBe(1);
    expect(count(payload, "Skip to main content")).toBe(1);
  });
}

test("/login: the payload carries no site header or footer (the sign-in pages have neither)", async ({ visitor }) => {
  const page = await visitor.get("/login");
  expect(page.status).toBe(200);
  const payload = payloadOf(page);
  expect(payload).toContain("LoginForm");
  expect(count(payload, '["$","footer"')).toBe(0);
  expect(payload).not.toContain("NewsletterForm");
  expect(payload).not.toContain("HeaderFrame");
});

for (const path of ["/privacy", "/login"]) {
  test(`${path}: the error screen's words are not in the scripts loaded at start`, async ({ visitor }) => {
    const page = await visitor.get(path);
    const scripts = scriptsLoadedAtStart(page);
    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts) {
      const body = (await visitor.get(script)).body;
      expect(body, script).not.toContain(siteUnavailable.message);
    }
  });
}
