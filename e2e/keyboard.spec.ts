/**
 * The keyboard alone, on a laptop and a phone: Tab forward and Shift+Tab back through every public page
 * and the main signed-in ones, and at each stop the focused element is on screen, not hidden under the
 * fixed header or anything else (WCAG 2.4.11), and shows a focus indicator (2.4.7).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signUpMember } from "./member";
import { addFromProductPage } from "./shop-helpers";

// Scrolling at once (as people who ask for less motion get it), so each stop is measured where it lands.
test.use({ reducedMotion: "reduce" });

const PUBLIC_PAGES = [
  "/", "/shop", "/shop/tactical-backpack", "/training", "/training/firearms", "/calendar", "/calendar/1", "/about", "/contact",
  "/donate", "/privacy", "/terms", "/refund", "/login", "/register", "/forgot-password", "/no-such-page",
];

const MAX_STOPS = 400;

interface Stop {
  element: string;
  onScreen: boolean;
  /** What covers the focused element's centre, when something else does. */
  coveredBy: string | null;
  indicator: boolean;
}

/** Where the focused element is and what the user sees of it; null when focus has left the page's content. */
function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}[${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}]`;
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(box.height / 2, 12);
    const onScreen = box.width > 0 && box.height > 0 && y >= 0 && y <= window.innerHeight && x >= 0 && x <= window.innerWidth;
    const top = onScreen ? document.elementFromPoint(x, y) : null;
    const covered = top !== null && top !== element && !element.contains(top) && !(top instanceof HTMLLabelElement && top.control === element);
    const style = getComputedStyle(element);
    const indicator = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
    return { element: describe(element), onScreen, coveredBy: covered ? describe(top) : null, indicator };
  });
}

/** Presses `key` until focus has been everywhere once; returns what was wrong at each stop. */
async function walk(page: Page, key: "Tab" | "Shift+Tab"): Promise<{ stops: number; problems: string[] }> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let stops = 0; stops < MAX_STOPS; stops++) {
    await page.keyboard.press(key);
    const stop = await focusedStop(page);
    if (!stop) return { stops, problems };
    const id = await page.evaluate(() => {
      const el = document.activeElement!;
      return `${el.tagName}:${[...document.querySelectorAll("*")].indexOf(el)}`;
    });
    if (seen.has(id)) return { stops, problems }; // around once: the browser wrapped (or a trap — then the walk ends early)
    seen.add(id);
    if (!stop.onScreen) problems.push(`${key} → ${stop.element} is off screen`);
    else if (stop.coveredBy) problems.push(`${key} → ${stop.element} is hidden under ${stop.coveredBy}`);
    if (!stop.indicator) problems.push(`${key} → ${stop.element} shows no focus indicator`);
  }
  return { stops: MAX_STOPS, problems: [...problems, `${key}: more than ${MAX_STOPS} stops`] };
}

async function expectKeyboardFriendly(page: Page, path: string) {
  const forward = await walk(page, "Tab");
  // Backwards from the end of the page, where tabbing up runs everything under the fixed header.
  await page.keyboard.press("End");
  const backward = await walk(page, "Shift+Tab");
  expect(forward.stops, `${path}: Tab reaches something`).toBeGreaterThan(3);
  expect([...forward.problems, ...backward.problems], path).toEqual([]);
}

test.describe("keyboard only", () => {
  test.slow();

  for (const path of PUBLIC_PAGES) {
    test(`${path}: every stop, both ways, is visible and unobscured with a focus indicator`, async ({ page }) => {
      await page.goto(path);
      await expectKeyboardFriendly(page, path);
    });
  }

  test("signed in: the cart, checkout and every profile tab", async ({ page }) => {
    await signUpMember(page);
    await addFromProductPage(page, "tactical-backpack");
    for (const path of ["/shop/cart", "/shop/checkout", "/profile?tab=profile", "/profile?tab=membership", "/profile?tab=events", "/profile?tab=orders", "/profile?tab=giving", "/profile?tab=security", "/profile?tab=settings"]) {
      await page.goto(path);
      await expectKeyboardFriendly(page, path);
    }
  });
});
