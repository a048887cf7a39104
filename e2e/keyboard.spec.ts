/**
 * The keyboard alone, on a laptop and a phone: Tab forward and Shift+Tab back through every public page
 * and the main signed-in ones, and at each stop the focused element is on screen, not hidden under the
 * fixed header or anything else (WCAG 2.4.11), and shows a focus indicator (2.4.7). On a phone each of
 * these pages is also scanned by axe: the page specs scan them on a laptop, and a phone lays them out
 * anew (target sizes, what overlaps what). On a laptop, the home page and the legal pages are scanned
 * here too (their own specs are HTTP-level now), on the page as it loads, before the walk.
 */
import type { CDPSession, Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { TextBrowser } from "./http/text-browser";
import { signUpMember, uniqueMemberEmail } from "./member";
import { createSignedInAccount, sessionCookie } from "./staff-session";

// Scrolling at once (as people who ask for less motion get it), so each stop is measured where it lands.
// The trace of a failure keeps its actions but no DOM snapshots: a snapshot of a long page per action
// cost more than a second a test, and the failure message names every stop that went wrong.
test.use({ reducedMotion: "reduce", trace: { mode: "retain-on-failure", snapshots: false, screenshots: false } });

const PUBLIC_PAGES = [
  "/", "/shop", "/shop/tactical-backpack", "/training", "/training/firearms", "/calendar", "/calendar/1", "/about", "/contact",
  "/donate", "/privacy", "/terms", "/refund", "/login", "/register", "/forgot-password", "/no-such-page",
];

/** Scanned by axe on a laptop too, as the page loads (smoke.spec.ts's and legal.spec.ts's scans, folded in here). */
const SCANNED_ON_A_LAPTOP = new Set(["/", "/privacy", "/terms", "/refund"]);

const MAX_STOPS = 400;

interface Stop {
  element: string;
  onScreen: boolean;
  /** What covers the focused element's centre, when something else does. */
  coveredBy: string | null;
  indicator: boolean;
  /** Focus was here before in this walk: the browser wrapped (or a trap). */
  seen: boolean;
}

/**
 * Where the focused element is and what the user sees of it, and whether this walk met it before; null
 * when focus has left the page's content. `first` starts a new walk. Runs in the page.
 */
function focusedStop(first: boolean): Stop | null {
  const walk = window as unknown as { __keyboardWalkSeen?: WeakSet<Element> };
  if (first || !walk.__keyboardWalkSeen) walk.__keyboardWalkSeen = new WeakSet();
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body || element === document.documentElement) return null;
  const seen = walk.__keyboardWalkSeen.has(element);
  walk.__keyboardWalkSeen.add(element);
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
    return { element: describe(element), onScreen, coveredBy: describe(header!), indicator, seen };
  }
  const clearTop = Math.max(top, headerBottom);
  const y = clearTop + Math.min((bottom - clearTop) / 2, 12);
  const hit = onScreen ? document.elementFromPoint(x, y) : null;
  const covered = hit !== null && hit !== element && !element.contains(hit) && !(hit instanceof HTMLLabelElement && hit.control === element);
  return { element: describe(element), onScreen, coveredBy: covered ? describe(hit) : null, indicator, seen };
}

/**
 * The walk talks to Chromium over the DevTools protocol, as Playwright's `keyboard.press` and `evaluate`
 * do underneath, without their per-call bookkeeping: a few hundred stops a page make that the walk's
 * main cost. The keys are the same real key events (Input.dispatchKeyEvent, as `keyboard.press` sends them).
 */
class Walker {
  private constructor(private readonly cdp: CDPSession) {}

  static async open(page: Page): Promise<Walker> {
    return new Walker(await page.context().newCDPSession(page));
  }

  /** Tab, or Shift+Tab: Shift down, Tab down and up with Shift held, Shift up. */
  async press(key: "Tab" | "Shift+Tab"): Promise<void> {
    const tab = { key: "Tab", code: "Tab", windowsVirtualKeyCode: 9, location: 0, autoRepeat: false, isKeypad: false };
    const shift = { key: "Shift", code: "ShiftLeft", windowsVirtualKeyCode: 16, location: 1, autoRepeat: false, isKeypad: false };
    const events =
      key === "Tab"
        ? [{ type: "rawKeyDown" as const, ...tab, modifiers: 0 }, { type: "keyUp" as const, ...tab, modifiers: 0 }]
        : [
            { type: "rawKeyDown" as const, ...shift, modifiers: 8 },
            { type: "rawKeyDown" as const, ...tab, modifiers: 8 },
            { type: "keyUp" as const, ...tab, modifiers: 8 },
            { type: "keyUp" as const, ...shift, modifiers: 0 },
          ];
    // Sent in one go: the browser queues input events in order, and each answer comes once the page has handled it.
    await Promise.all(events.map((event) => this.cdp.send("Input.dispatchKeyEvent", event)));
  }

  async stop(first: boolean): Promise<Stop | null> {
    const { result, exceptionDetails } = await this.cdp.send("Runtime.evaluate", { expression: `(${focusedStop.toString()})(${first})`, returnByValue: true });
    if (exceptionDetails) throw new Error(`measuring the focused element failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as Stop | null;
  }

  async close(): Promise<void> {
    await this.cdp.detach();
  }
}

/** Presses `key` until focus has been everywhere once; returns what was wrong at each stop. */
async function walk(walker: Walker, key: "Tab" | "Shift+Tab"): Promise<{ stops: number; problems: string[] }> {
  const problems: string[] = [];
  for (let stops = 0; stops < MAX_STOPS; stops++) {
    await walker.press(key);
    const stop = await walker.stop(stops === 0);
    if (!stop) return { stops, problems };
    if (stop.seen) return { stops, problems }; // around once: the browser wrapped (or a trap — then the walk ends early)
    if (!stop.onScreen) problems.push(`${key} → ${stop.element} is off screen`);
    else if (stop.coveredBy) problems.push(`${key} → ${stop.element} is hidden under ${stop.coveredBy}`);
    if (!stop.indicator) problems.push(`${key} → ${stop.element} shows no focus indicator`);
  }
  return { stops: MAX_STOPS, problems: [...problems, `${key}: more than ${MAX_STOPS} stops`] };
}

async function expectKeyboardFriendly(page: Page, path: string) {
  const walker = await Walker.open(page);
  const forward = await walk(walker, "Tab");
  // Backwards from the end of the page, where tabbing up runs everything under the fixed header.
  await page.keyboard.press("End");
  const backward = await walk(walker, "Shift+Tab");
  await walker.close();
  expect(forward.stops, `${path}: Tab reaches something`).toBeGreaterThan(3);
  expect([...forward.problems, ...backward.problems], path).toEqual([]);
}

/** The walk, then (on a phone) the axe scan of the page as the walk leaves it. */
async function checkPage(page: Page, path: string, isMobile: boolean) {
  await expectKeyboardFriendly(page, path);
  if (isMobile) await expectNoA11yViolations(page);
}

test.describe("keyboard only", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path}: every stop, both ways, is visible and unobscured with a focus indicator (on a phone, and no axe violations)`, { tag: "@phone" }, async ({ page, isMobile }) => {
      const response = await page.goto(path);
      if (path === "/") {
        // The home page's landmarks, as the visitor sees them on this device (smoke.spec.ts; the HTML is checked in http/smoke.spec.ts).
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(page.getByRole("main")).toBeVisible();
        await expect(page.getByRole("contentinfo")).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("link", { name: "Skip to main content" })).toBeAttached();
      }
      if (!isMobile && SCANNED_ON_A_LAPTOP.has(path)) await expectNoA11yViolations(page);
      await checkPage(page, path, isMobile);
    });
  }

  test.describe("signed in", () => {
    /** The project's page, signed in as a new member (an account and session made in the database). */
    async function signIn(page: Page, baseURL: string) {
      const token = await createSignedInAccount(uniqueMemberEmail(), null);
      await page.context().addCookies([sessionCookie(token, baseURL)]);
    }

    for (const path of ["/shop/cart", "/shop/checkout"]) {
      test(`${path} with a backpack in the cart: every stop, both ways, is visible and unobscured with a focus indicator (on a phone, and no axe violations)`, { tag: "@phone" }, async ({ page, baseURL, isMobile }) => {
        await signIn(page, baseURL!);
        // Add to Cart's plain form post, through the page's own cookie jar.
        const product = await new TextBrowser(page.request, new URL(baseURL!).origin).get("/shop/tactical-backpack");
        const added = await product.form("main form[action='/shop/cart/add']").submit();
        expect(added.byTestId("cart-notice").text()).toContain("Added Tactical Backpack to your cart.");
        await page.goto(path);
        await checkPage(page, path, isMobile);
      });
    }

    for (const tab of ["profile", "membership", "events", "orders", "giving", "settings"]) {
      const path = `/profile?tab=${tab}`;
      test(`${path}: every stop, both ways, is visible and unobscured with a focus indicator (on a phone, and no axe violations)`, { tag: "@phone" }, async ({ page, baseURL, isMobile }) => {
        await signIn(page, baseURL!);
        await page.goto(path);
        await checkPage(page, path, isMobile);
      });
    }

    test("/profile?tab=security of a member with a password: every stop, both ways, is visible and unobscured with a focus indicator (on a phone, and no axe violations)", { tag: "@phone" }, async ({ page, isMobile }) => {
      // Signed up through the API: the security tab's forms ask for the password only when there is one.
      await signUpMember(page);
      await page.goto("/profile?tab=security");
      await checkPage(page, "/profile?tab=security", isMobile);
    });
  });
});

test.describe("focus rings", () => {
  const NAVY = "rgb(15, 27, 45)";

  test("a button with a shadow keeps both rings when focused (navy outside, white inside), and a card's ring is navy, not gold on sand", async ({ page }) => {
    await page.goto("/shop/tactical-backpack");
    const add = page.getByRole("main").getByRole("button", { name: /^Add to Cart/ });
    await add.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(add).toBeFocused();
    const ring = await add.evaluate((el) => {
      const style = getComputedStyle(el);
      return { outline: `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`, shadow: style.boxShadow };
    });
    expect(ring.outline).toBe(`3px solid ${NAVY}`);
    expect(ring.shadow).toBe("rgb(255, 255, 255) 0px 0px 0px 2px");

    await page.goto("/training");
    const card = page.getByRole("region", { name: "More programs" }).getByRole("article").first();
    await card.getByRole("link").first().focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await card.evaluate((el) => getComputedStyle(el).outlineColor)).toBe(NAVY);
  });
});
