/** Debian's Chromium with the flags this machine needs (no outside hosts, no sandbox as root). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];

/**
 * What the Playwright tests run: Debian's Chromium headless shell (`apt-get install -y
 * chromium-headless-shell`), the same Chromium and Blink without the browser's own windows and toolbar,
 * as Playwright runs headless tests by default. On the 2-core CI machine the full browser's UI cost
 * about as much CPU as the pages under test (ADR 0005). Lighthouse (`npm run perf`) keeps the full browser.
 */
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** The shell is headless by nature; the rest of the flags apply as they are. */
export const headlessShellFlags = chromiumFlags.filter((flag) => !flag.startsWith("--headless"));
