/**
 * The check behind the second clock (scripts/lib/second-clock.ts): a test whose outcome follows the
 * real date must be in a file tagged `// @module-tag second-clock`, so it also runs with the machine's
 * clock inside the sample season. This setup file fails any other test that reads the real date:
 *
 * - through the app's business clock, `now()` of src/lib/clock.ts, while CLOCK_START does not pin it
 *   (every rule about what is upcoming, open, expired or due reads it);
 * - from the test's own code (a test file or a helper under test/): instants made from `Date.now()` or
 *   `new Date()` carry the date into what the test checks.
 *
 * Reads that no outcome follows are left alone: libraries (the database driver, better-auth stamping its
 * sessions, the logger), the product's direct stamps (`updatedAt: new Date()`), `systemNow()` (it
 * compares better-auth's stamps with the same system clock), the stand-ins for outside services (their
 * clock is the world's), and the business clock where a module only stamps what happened or measures a
 * span from now (STAMPS_AND_SPANS below: a link valid for 24 hours, a rate-limit window). A test that
 * wants a unique value or a deadline uses `randomUUID()` or `performance.now()`, which carry no date.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeEach, expect } from "vitest";
import { isSecondClockSource } from "../scripts/lib/second-clock";

const root = path.resolve(import.meta.dirname, "..");
const testHelpers = path.join(root, "test") + path.sep;
const guardFile = import.meta.filename;
const appClock = path.join(root, "src", "lib", "clock.ts");

/**
 * Modules whose every read of the business clock stamps an event (paidAt, cancelledAt, updatedAt) or
 * measures a span from now (a link's expiry, a Checkout page's hour, a rate-limit window): the same
 * outcome on any day. A module that compares now with a date (an event's start, a membership's end, a
 * calendar day or year) does not belong here: its tests carry the second-clock tag.
 */
const STAMPS_AND_SPANS = [
  "src/lib/rate-limit.service.ts",
  "src/features/members/account/account.service.ts",
  "src/features/orders/stripe-payments.service.ts",
  "src/features/orders/order-release.service.ts",
  "src/features/orders/orders-desk.service.ts",
  "src/features/orders/claim-guest-orders.service.ts",
  "src/features/catalog/catalog-desk.service.ts",
  "src/features/content/content-desk.service.ts",
  "src/features/donations/donations.service.ts",
  "src/features/donations/donations-desk.service.ts",
  "src/features/profile/profile.service.ts",
  "src/features/newsletter/newsletter-desk.service.ts",
  "src/features/pricing/pricing-desk.service.ts",
  "src/features/newsletter/newsletter.service.ts",
  "src/features/events/member-feed.service.ts",
  "src/features/events/double-tap.ts",
].map((file) => path.join(root, file));

/** Stand-ins for outside services keep the world's clock, as the services do. */
const STAND_INS = ["test/stripe-stand-in.ts", "test/smtp.ts"].map((file) => path.join(root, file));

/** test/time.ts's fromNow(): a span from the system's now, beside what the system clock stamps. */
const SPANS_FROM_NOW = path.join(root, "test", "time.ts");

interface Running {
  file: string;
  /** Reads while a test ran; reads in the file's beforeAll/afterAll hooks are the first test's (or the file's). */
  reads: string[];
  fileReads: string[];
  testRunning: boolean;
}

const state = globalThis as typeof globalThis & { __clockGuard?: { running?: Running; tagged: Map<string, boolean> } };

function tagged(file: string): boolean {
  const known = state.__clockGuard!.tagged;
  if (!known.has(file)) known.set(file, isSecondClockSource(readFileSync(file, "utf8")));
  return known.get(file)!;
}

/** `at fn (/path/file.ts:12:3)` or `at /path/file.ts:12:3` → the function's name and the place. */
function frames(stack: string): { fn: string; file: string; place: string }[] {
  return stack
    .split("\n")
    .slice(1)
    .map((line) => /^\s*at (?:(.*?) \()?(.*?):(\d+):\d+\)?$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ fn: match[1] ?? "", file: match[2]!.replace(/^file:\/\//, ""), place: `${path.relative(root, match[2]!.replace(/^file:\/\//, ""))}:${match[3]}` }));
}

/** Where a read of the real date that an outcome can follow came from, or undefined for one that none does. */
function dateDependentRead(): string | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 12;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  const [reader, ...callers] = frames(stack).filter((frame) => frame.file !== guardFile);
  if (!reader) return undefined;
  if (reader.file === appClock) {
    if (!/(^|\.)now$/.test(reader.fn) || process.env.CLOCK_START) return undefined; // systemNow(), or a pinned clock
    const caller = callers.find((frame) => frame.file !== appClock);
    if (caller && STAMPS_AND_SPANS.includes(caller.file)) return undefined;
    return `the app's clock (src/lib/clock.ts now()) read from ${caller?.place ?? "?"}`;
  }
  if (reader.file.includes(`${path.sep}node_modules${path.sep}`) || reader.file.startsWith("node:")) return undefined;
  if (STAND_INS.includes(reader.file) || reader.file === SPANS_FROM_NOW) return undefined;
  if (reader.file.endsWith(".test.ts") || reader.file.startsWith(testHelpers)) return `the real date read at ${reader.place}`;
  return undefined;
}

function note(): void {
  const running = state.__clockGuard?.running;
  if (!running || tagged(running.file)) return;
  const read = dateDependentRead();
  const reads = running.testRunning ? running.reads : running.fileReads;
  if (read && !reads.includes(read)) reads.push(read);
}

/** Once per worker: every module of the worker then sees this Date (fake timers replace it for a while, and put it back). */
if (!state.__clockGuard) {
  state.__clockGuard = { tagged: new Map() };
  const RealDate = globalThis.Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => {
    note();
    return realNow();
  };
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args: unknown[], newTarget) {
      if (args.length === 0) note();
      return Reflect.construct(target, args, newTarget) as object;
    },
    apply(target) {
      note();
      return target();
    },
    get(target, property, receiver) {
      return property === "now" ? now : Reflect.get(target, property, receiver);
    },
  });
}

function failure(file: string, reads: string[]): Error {
  return new Error(
    `This test reads the real date, so its outcome can follow the day it runs on:\n  ${reads.join("\n  ")}\n` +
      `Pass the instant it needs (or pin CLOCK_START), or tag ${path.relative(root, file)} with \`// @module-tag second-clock\` ` +
      "so it also runs with the clock inside the sample season (docs/testing.md).",
  );
}

// Setup files run again before each test file (also in workers that share modules), so this is the file's start.
state.__clockGuard!.running = { file: expect.getState().testPath ?? "", reads: [], fileReads: [], testRunning: false };

beforeEach(() => {
  const running = state.__clockGuard!.running!;
  running.reads = [];
  running.testRunning = true;
});

afterEach(() => {
  const running = state.__clockGuard!.running!;
  running.testRunning = false;
  const reads = [...running.fileReads, ...running.reads];
  running.fileReads = [];
  if (reads.length > 0) throw failure(running.file, reads);
});

afterAll(() => {
  const running = state.__clockGuard!.running;
  state.__clockGuard!.running = undefined;
  if (running && running.fileReads.length > 0) throw failure(running.file, running.fileReads);
});
