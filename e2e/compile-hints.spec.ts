import { expect, test } from "./fixtures";

/**
 * Every script a page loads at start begins with Chrome's compile hint (scripts/lib/compile-hints.ts), so
 * its functions are compiled off the main thread; the build adds it after `next build`.
 */
const HINT = "//# allFunctionsCalledOnLoad\n";

for (const path of ["/", "/shop", "/donate", "/privacy", "/login"]) {
  test(`${path}: each script loaded at start begins with the compile hint`, async ({ page, request }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script")
        .map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts) {
      const body = await (await request.get(script)).text();
      expect(body.startsWith(HINT), `${script} begins with the hint`).toBe(true);
      expect(body.indexOf(HINT, 1), `${script} has it once`).toBe(-1);
    }
  });
}

test("the polyfills, which only browsers without modules load, get no hint", async ({ request }) => {
  const html = await (await request.get("/privacy")).text();
  const polyfills = [...html.matchAll(/<script src="([^"]+)" noModule=""/g)].map((match) => match[1]);
  expect(polyfills).toHaveLength(1);
  const body = await (await request.get(polyfills[0]!)).text();
  expect(body.startsWith(HINT)).toBe(false);
});
