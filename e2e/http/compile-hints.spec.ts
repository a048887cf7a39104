/**
 * Every script a page loads at start begins with Chrome's compile hint (scripts/lib/compile-hints.ts), so
 * its functions are compiled off the main thread; the build adds it after `next build`. What a page loads
 * at start is named in its first HTML: the <script src> tags, and the chunks its client components need,
 * listed in the inline React Server Components payload (the router loads those before hydrating).
 */
import { expect, test } from "./fixtures";
import type { HttpPage } from "./text-browser";

const HINT = "//# allFunctionsCalledOnLoad\n";

/** The noModule polyfills: only browsers without modules load them. */
const polyfillsOf = (page: HttpPage) => page.$("script[src][nomodule]").toArray().map((script) => script.attribs.src!);

/** Every chunk the HTML names (tags and payload alike), but the polyfills. */
function scriptsLoadedAtStart(page: HttpPage): string[] {
  const named = [...page.body.replaceAll("\\/", "/").matchAll(/\/_next\/static\/[^"'\\\s<>]+?\.js/g)].map((match) => match[0]);
  const tags = page.$("script[src]:not([nomodule])").toArray().map((script) => new URL(script.attribs.src!, page.url).pathname);
  const polyfills = polyfillsOf(page).map((src) => new URL(src, page.url).pathname);
  return [...new Set([...tags, ...named])].filter((script) => !polyfills.includes(script));
}

for (const path of ["/", "/shop", "/donate", "/privacy", "/login"]) {
  test(`${path}: each script loaded at start begins with the compile hint`, async ({ visitor }) => {
    const page = await visitor.get(path);
    expect(page.status).toBe(200);
    expect(page.heading(1)).not.toBe("");
    const scripts = scriptsLoadedAtStart(page);
    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts) {
      const body = (await visitor.get(script)).body;
      expect(body.startsWith(HINT), `${script} begins with the hint`).toBe(true);
      expect(body.indexOf(HINT, 1), `${script} has it once`).toBe(-1);
    }
  });
}

test("the polyfills, which only browsers without modules load, get no hint", async ({ visitor }) => {
  const html = (await visitor.get("/privacy")).body;
  const polyfills = [...html.matchAll(/<script src="([^"]+)" noModule=""/g)].map((match) => match[1]);
  expect(polyfills).toHaveLength(1);
  const body = (await visitor.get(polyfills[0]!)).body;
  expect(body.startsWith(HINT)).toBe(false);
});
