/**
 * What every spec imports: `test`, `expect`, and the accessibility check run on every page.
 *
 *   import { expect, expectNoA11yViolations, test } from "./fixtures";
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every browser of the suite connects from 127.0.0.1, and the site takes the client address from the
 * socket (a forged X-Forwarded-For is ignored), so the test server multiplies its per-address limits
 * (AUTH_ADDRESS_LIMIT_FACTOR in playwright.config.ts). Per-account limits are the product's own.
 */
export const test = base;
export { expect };

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

function describeViolations(violations: Violation[], url: string): string {
  const nodes = violations.reduce((sum, v) => sum + v.nodes.length, 0);
  const lines = [`${violations.length} accessibility rule(s) violated on ${url} (${nodes} element(s)):`];
  for (const violation of violations) {
    lines.push("", `  ${violation.id} [${violation.impact ?? "unknown impact"}] ${violation.help}`, `    ${violation.helpUrl}`);
    for (const node of violation.nodes) {
      lines.push(`    - ${node.target.map(String).join(" >>> ")}`); // >>> crosses an iframe or shadow root
      // failureSummary is "Fix any of the following:\n  reason\n  reason…"; the first reason is the useful one.
      const reasons = (node.failureSummary ?? "").split("\n").slice(1).map((r) => r.trim()).filter(Boolean);
      if (reasons.length > 0) lines.push(`        ${reasons[0]}${reasons.length > 1 ? ` (+${reasons.length - 1} more)` : ""}`);
    }
  }
  return lines.join("\n");
}

/** Lets finite CSS animations and transitions finish, so axe sees the page as it settles (not mid-fade). */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe-core on the current page (or only inside `include`, a CSS selector) with the WCAG 2.x A/AA
 * rules and fails with a readable list of every violation: rule id, impact, and the elements.
 *
 * On a page without iframes axe runs wholly inside the page (@axe-core/playwright's legacy mode) rather
 * than finishing its run in a second, blank page, which costs twice as much on the 2-core machine for
 * the same results; a page that holds an iframe gets the standard scan, which reaches into frames of
 * another origin.
 *
 * The two-servers project runs journeys already run, with these same scans, on desktop: it proves state
 * shared between app servers, and the HTML two servers send is the one scanned there, so it skips them.
 */
export async function expectNoA11yViolations(
  page: Page,
  options: { include?: string; disableRules?: string[] } = {},
): Promise<void> {
  if (test.info().project.name === "two-servers") return;
  await settleAnimations(page);
  // After a server action, Next.js re-renders the page and swaps its <head> in a moment after the
  // body; scan once the title is back (a page that never gets one still fails, here and in axe).
  await expect(page, "the page has a title").toHaveTitle(/\S/);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(page.frames().length === 1);
  if (options.include) builder = builder.include(options.include);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();

  if (results.violations.length > 0) {
    await test.info().attach("axe-violations.json", {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  expect(results.violations.length, describeViolations(results.violations, page.url())).toBe(0);
}

