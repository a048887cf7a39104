/**
 * The keyboard alone, on a laptop and a phone: Tab forward and Shift+Tab back through every public page
 * and the main signed-in ones, and at each stop the focused element is on screen, not hidden under the
 * fixed header or anything else (WCAG 2.4.11), and shows a focus indicator (2.4.7). On a phone each of
 * these pages is also scanned by axe: the page specs scan them on a laptop, and a phone lays them out
 * anew (target sizes, what overlaps what).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
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
    const style = getComputedStyle(element);
    const indicator = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
    // The first line box: a link that wraps onto two lines has its bounding box's centre between them.
    const box = element.getClientRects()[0] ?? element.getBoundingClientRect();
    // Of a region taller than the screen (a tab panel), the part on screen; of that, the part below the fixed header.
    const header = document.querySelector("header");
    const pinned = (el: Element | null): boolean => el !== null && (getComputedStyle(el).position === "fixed" || pinned(el.parentElement));
    // Something pinned itself (the skip link, a dialog) sits above the page, not under the header.
    const headerBottom = header && getComputedStyle(header).position === "fixed" && !pinned(element) ? header.getBoundingClientRect().bottom : 0;
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const x = box.left + box.width / 2;
    const onScreen = box.width > 0 && bottom - top > 0 && x >= 0 && x <= window.innerWidth;
    if (onScreen && Math.max(top, headerBottom) >= bottom) {
      return { element: describe(element), onScreen, coveredBy: describe(header!), indicator };
    }
    const clearTop = Math.max(top, headerBottom);
    const y = clearTop + Math.min((bottom - clearTop) / 2, 12);
    const hit = onScreen ? document.elementFromPoint(x, y) : null;
    const covered = hit !== null && hit !== element && !element.contains(hit) && !(hit instanceof HTMLLabelElement && hit.control === element);
    return { element: describe(element), onScreen, coveredBy: covered ? describe(hit) : null, indicator };
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
    test(`${path}: every stop, both ways, is visible and unobscured with a focus indicator (on a phone, and no axe violations)`, async ({ page, isMobile }) => {
      await page.goto(path);
      await expectKeyboardFriendly(page, path);
      if (isMobile) await expectNoA11yViolations(page);
    });
  }

  test("signed in: the cart, checkout and every profile tab", async ({ page, isMobile }) => {
    await signUpMember(page);
    await addFromProductPage(page, "tactical-backpack");
    for (const path of ["/shop/cart", "/shop/checkout", "/profile?tab=profile", "/profile?tab=membership", "/profile?tab=events", "/profile?tab=orders", "/profile?tab=giving", "/profile?tab=security", "/profile?tab=settings"]) {
      await page.goto(path);
      await expectKeyboardFriendly(page, path);
      if (isMobile) await expectNoA11yViolations(page);
    }
  });
});
