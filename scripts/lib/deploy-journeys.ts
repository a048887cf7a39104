/**
 * The journeys `npm run deploy:check` runs through Caddy over HTTPS against the deployed site (two app
 * servers on Debian's PostgreSQL), as a text browser (e2e/http/text-browser.ts) trusting Caddy's
 * internal CA. Each says what it proves; they run in order and share the member the sign-up makes.
 */
import { request as httpsRequest } from "node:https";
import { readFileSync } from "node:fs";
import { request as playwrightRequest } from "@playwright/test";
import type { StripeStandIn } from "../../test/stripe-stand-in";
import type { ReceivedEmail, TestSmtpServer } from "../../test/smtp";
import { TextBrowser, type HttpPage } from "../../e2e/http/text-browser";

/** What the journeys need of the deployed site; scripts/deploy-check.ts provides it. */
export interface DeployedSite {
  /** https://localhost:<Caddy's port>: SITE_URL. */
  origin: string;
  /** Caddy's plain HTTP port, which redirects. */
  httpOrigin: string;
  /** The SMTP relay the site sends through (SMTP_URL): a real SMTP server that keeps what it receives. */
  mail: TestSmtpServer;
  /** Stripe (STRIPE_API_BASE, STRIPE_CHECKOUT_ORIGIN), sending its signed webhooks to SITE_URL/api/stripe/webhook. */
  stripe: StripeStandIn;
  /** The app servers' ports and their logs (what the journal would hold). */
  appServers: { port: number; logFile: string }[];
  stopAppServer(port: number): Promise<void>;
  startAppServer(port: number): Promise<void>;
  /** `deploy/vva <command> …`, as the README has a volunteer run it. */
  vva(args: string[]): Promise<void>;
  /** `systemctl start vva-backup` (what the timer starts); the new backup file. */
  runBackupService(): Promise<string>;
}

export interface Journey {
  name: string;
  run(): Promise<void>;
}

class JourneyError extends Error {}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new JourneyError(message);
}

function same<T>(actual: T, expected: T, what: string): void {
  check(JSON.stringify(actual) === JSON.stringify(expected), `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new JourneyError(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

const PASSWORD = "steady ruck march 0600";
const COOKOUT = "Independence Day Community Cookout";
/** A one-size product of the sample content. */
const PRODUCT = { slug: "fitness-journal", name: "Fitness Journal" };

/** The header's links to the account, by their text: a member's name, or "Login / Register". */
const accountLinks = (page: HttpPage, name: string) => page.links(name, "header").map((link) => link.href);

export function deployJourneys(site: DeployedSite): { journeys: Journey[]; close(): Promise<void> } {
  const contexts: Awaited<ReturnType<typeof playwrightRequest.newContext>>[] = [];
  const newBrowser = async () => {
    const context = await playwrightRequest.newContext({ baseURL: site.origin });
    contexts.push(context);
    return new TextBrowser(context, site.origin);
  };
  const run = `${Date.now().toString(36)}`;
  const member = { email: `member-${run}@example.com`, name: "Dana Whitfield", browser: undefined as TextBrowser | undefined };
  const signedIn = () => {
    check(member.browser, "needs the member the sign-up journey makes");
    return member.browser;
  };

  const mailTo = (address: string, subject: RegExp) =>
    waitFor(`an email to ${address} with the subject ${subject}`, () => site.mail.received.filter((m) => m.to.includes(address) && subject.test(m.subject)).at(-1));

  /** Registers through the form without JavaScript and confirms with the emailed link; the browser ends signed in. */
  async function signUp(browser: TextBrowser, email: string, name: string): Promise<ReceivedEmail> {
    const answer = await (await browser.get("/register"))
      .form({ button: "Create Account" })
      .fill("Email", email)
      .fill("Password", PASSWORD)
      .fill("Confirm password", PASSWORD)
      .fill("Name (optional)", name)
      .check(/I agree to the Terms of Service/)
      .submit();
    same(answer.status, 200, "the register form's answer");
    const confirmation = await mailTo(email, /^Confirm your email for /);
    const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(confirmation.text)?.[0];
    check(link !== undefined && link.startsWith(`${site.origin}/confirm-email?token=`), `the confirmation link starts with SITE_URL (${site.origin}): ${link}`);
    const home = await (await browser.get(link)).form({ button: "Confirm my email" }).submit();
    same(home.path, "/profile?welcome=1", "where the confirmed member lands");
    same(accountLinks(home, name), ["/profile", "/profile"], "the header's links to the member's profile");
    return confirmation;
  }

  async function signIn(browser: TextBrowser, email: string): Promise<HttpPage> {
    return (await browser.get("/login")).form({ button: "Sign In" }).fill("Email", email).fill("Password", PASSWORD).submit();
  }

  /** One request from 127.0.0.2 (Caddy connects to the app servers from 127.0.0.1) carrying a forged X-Forwarded-For. */
  function requestFromAnotherAddress(path: string): Promise<{ status: number; requestId: string }> {
    const url = new URL(path, site.origin);
    return new Promise((resolve, reject) => {
      const req = httpsRequest(url, { localAddress: "127.0.0.2", headers: { "X-Forwarded-For": "203.0.113.9" } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, requestId: String(res.headers["x-request-id"] ?? "") }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  const journeys: Journey[] = [
    {
      name: "HTTPS through Caddy with a certificate its CA signed (verified, not skipped); HTTP redirects to HTTPS; HSTS",
      async run() {
        const browser = await newBrowser();
        const home = await browser.get("/");
        same(home.status, 200, "GET / over HTTPS");
        check((home.headers["strict-transport-security"] ?? "").includes("max-age="), "the answer carries HSTS (SITE_URL is https)");
        const health = await browser.get("/api/health");
        same(health.status, 200, "GET /api/health through Caddy");
        same((JSON.parse(health.body) as { database: { status: string } }).database.status, "ok", "the health report's database");
        const plain = await fetch(`${site.httpOrigin}/calendar?x=1`, { redirect: "manual" });
        same(plain.status, 308, "GET over plain HTTP");
        const location = new URL(plain.headers.get("location") ?? "", site.httpOrigin);
        same([location.protocol, location.hostname, location.pathname + location.search], ["https:", "localhost", "/calendar?x=1"], "where plain HTTP is sent");
      },
    },
    {
      name: "The app servers see each visitor's own address through Caddy (TRUSTED_PROXIES), never one the visitor wrote",
      async run() {
        const { status, requestId } = await requestFromAnotherAddress("/about");
        same(status, 200, "GET /about from 127.0.0.2");
        check(requestId, "the answer names its request (X-Request-Id)");
        const line = await waitFor(`the app servers' log line of request ${requestId}`, () => {
          for (const { logFile } of site.appServers) {
            const found = readFileSync(logFile, "utf8")
              .split("\n")
              .find((l) => l.includes(requestId) && l.includes('"msg":"request"'));
            if (found) return JSON.parse(found) as { client: string };
          }
          return undefined;
        }, 10_000);
        same(line.client, "127.0.0.2", "the client address the app logged (not Caddy's 127.0.0.1, not the forged 203.0.113.9)");
      },
    },
    {
      name: "Sign-up: the confirmation goes out through the SMTP relay, its https link signs the member in",
      async run() {
        const browser = await newBrowser();
        const confirmation = await signUp(browser, member.email, member.name);
        check(confirmation.from.endsWith("@vva.example.org"), `the sender is EMAIL_FROM of the environment file: ${confirmation.from}`);
        await mailTo(member.email, /^Welcome to /);
        member.browser = browser;
      },
    },
    {
      name: "Registration: the member takes a seat at an event; the confirmation email carries its calendar file",
      async run() {
        const browser = signedIn();
        const calendar = await browser.get("/calendar");
        same(calendar.status, 200, "GET /calendar");
        const registered = await calendar.form({ button: `Register Now: ${COOKOUT}` }).submit(`Register Now: ${COOKOUT}`);
        same(registered.status, 200, "the registration's answer");
        check(registered.text("main").includes("Done. A confirmation email with a calendar file is on its way."), "the calendar says the member is registered");
        const mail = await mailTo(member.email, new RegExp(`^You're registered: ${COOKOUT}$`));
        check(mail.attachments.some((a) => a.contentType.startsWith("text/calendar") && a.content.includes(`SUMMARY:${COOKOUT}`)), "the confirmation carries the event's .ics");
        check(mail.text.includes(`${site.origin}/calendar/`), "the email links to the event at SITE_URL");
      },
    },
    {
      name: "Checkout by card: Stripe Checkout, then Stripe's signed webhook through Caddy marks the order paid",
      async run() {
        const browser = await newBrowser();
        const added = await (await browser.get(`/shop/${PRODUCT.slug}`)).form("main form[action='/shop/cart/add']").submit();
        check(added.text("main").includes("to your cart."), `${PRODUCT.name} is added to the cart`);
        const stripePage = await (await browser.get("/shop/checkout"))
          .form({ button: "Confirm and pay" })
          .fill("Full name", "Jordan Rivera")
          .fill("Email", `buyer-${run}@example.com`)
          .fill("Phone", "(210) 555-0142")
          .submit("Confirm and pay");
        same(stripePage.heading(1), "Stripe Checkout", `the page checkout sends the buyer to (${stripePage.url.href})`);
        const sessionId = stripePage.url.pathname.split("/").pop()!;
        const back = await stripePage.form({ button: "Pay" }).submit("Pay");
        check(back.url.href.startsWith(`${site.origin}/shop/orders/`), `Stripe sends the buyer back to SITE_URL: ${back.url.href}`);
        same(back.text("[data-testid=order-status]"), "Paid", "the order's status");
        const delivered = site.stripe.events.filter((e) => e.type === "checkout.session.completed" && e.payload.includes(sessionId));
        same(delivered.length, 1, "checkout.session.completed events sent for the session");
        // Stripe delivers at least once: the same event again reaches the site through Caddy, is verified and changes nothing.
        const resent = await fetch(`${site.stripe.url}/_stand-in/checkout/sessions/${sessionId}/resend-webhook`, { method: "POST" });
        const reply = (await resent.json()) as { status: number; body: string };
        same([reply.status, JSON.parse(reply.body)], [200, { received: true, outcome: "duplicate" }], "the site's answer to the webhook sent again");
        await mailTo(`buyer-${run}@example.com`, /./);
      },
    },
    {
      name: "Staff: `deploy/vva staff grant` makes the member staff; /admin opens for them, a visitor is sent to sign in",
      async run() {
        await site.vva(["staff", "grant", member.email, "staff"]);
        const browser = signedIn();
        const admin = await browser.get("/admin");
        same([admin.status, admin.path, admin.heading(1)], [200, "/admin", "Dashboard"], "/admin for the member made staff");
        same((await browser.get("/")).links("Staff area", "header").map((l) => l.href), ["/admin", "/admin"], "the header's staff link");
        const visitor = await newBrowser();
        const refused = await visitor.get("/admin");
        check(refused.path.startsWith("/login"), `a visitor who opens /admin is asked to sign in (got ${refused.path})`);
      },
    },
    {
      name: "Page cache behind Caddy: a visitor without a cookie gets / from memory (X-Page-Cache: hit); the member gets their own header",
      async run() {
        const visitor = await newBrowser();
        let answer: string | undefined;
        const hit = await waitFor("X-Page-Cache: hit on / for a visitor without a cookie", async () => {
          const page = await visitor.get("/");
          answer = page.headers["x-page-cache"];
          return page.headers["x-page-cache"] === "hit" ? page : undefined;
        }, 15_000).catch((error: unknown) => {
          throw new JourneyError(`${(error as Error).message} (last answer: ${answer})`);
        });
        same(accountLinks(hit, "Login / Register"), ["/login", "/login"], "the cached page's header (a visitor's)");
        const own = await signedIn().get("/");
        check(["filled", "rendered"].includes(own.headers["x-page-cache"] ?? ""), `the member's / is filled or rendered for them, not the visitor's copy (${own.headers["x-page-cache"]})`);
        same(accountLinks(own, member.name), ["/profile", "/profile"], "the member's header");
      },
    },
    {
      name: "One app server stopped (systemctl stop): Caddy sends every request to the other; started again, it serves",
      async run() {
        const [first, second] = site.appServers;
        check(first && second, "two app servers");
        await site.stopAppServer(second.port);
        const browser = await newBrowser();
        for (let i = 0; i < 6; i++) same((await browser.get(`/shop?round=${i}`)).status, 200, `GET /shop (${i + 1} of 6) with one server stopped`);
        same((await signedIn().get("/profile")).status, 200, "the member's profile with one server stopped");
        await site.startAppServer(second.port);
        const direct = await fetch(`http://127.0.0.1:${second.port}/api/health`);
        same(direct.status, 200, "the restarted server's health");
      },
    },
    {
      name: "Backup and restore: the nightly backup (vva-backup.service), an account made after it, `deploy/vva restore`: the account is gone",
      async run() {
        const file = await site.runBackupService();
        const late = { email: `after-backup-${run}@example.com`, name: "Casey Morgan" };
        await signUp(await newBrowser(), late.email, late.name);
        // README: restore while the app servers are stopped, then start them again.
        for (const { port } of site.appServers) await site.stopAppServer(port);
        await site.vva(["restore", file, "--force"]);
        for (const { port } of site.appServers) await site.startAppServer(port);
        const refused = await signIn(await newBrowser(), late.email);
        same(refused.status, 422, "signing in with the account made after the backup");
        const profile = await signedIn().get("/profile");
        same([profile.status, profile.path], [200, "/profile"], "the member from before the backup, still signed in");
        same((await signIn(await newBrowser(), member.email)).path, "/", "the member from before the backup signs in with the password");
      },
    },
  ];

  return { journeys, close: async () => void (await Promise.all(contexts.map((c) => c.dispose()))) };
}

export interface JourneyResult {
  name: string;
  ran: boolean;
  ok: boolean;
  ms: number;
  error?: string;
}

/** Runs the journeys in order, saying each one's outcome as it ends; after a failure the rest are not run (they build on it). */
export async function runJourneys(journeys: readonly Journey[], say: (line: string) => void): Promise<JourneyResult[]> {
  const results: JourneyResult[] = [];
  for (const journey of journeys) {
    if (results.some((r) => !r.ok)) {
      results.push({ name: journey.name, ran: false, ok: false, ms: 0, error: "not run: an earlier journey failed" });
      say(`  -    ${journey.name} (not run)`);
      continue;
    }
    const started = performance.now();
    try {
      await journey.run();
      const ms = performance.now() - started;
      results.push({ name: journey.name, ran: true, ok: true, ms });
      say(`  PASS ${journey.name} (${(ms / 1000).toFixed(1)} s)`);
    } catch (error) {
      const ms = performance.now() - started;
      const message = error instanceof Error ? (error instanceof JourneyError ? error.message : error.stack ?? error.message) : String(error);
      results.push({ name: journey.name, ran: true, ok: false, ms, error: message });
      say(`  FAIL ${journey.name} (${(ms / 1000).toFixed(1)} s)\n       ${message.replaceAll("\n", "\n       ")}`);
    }
  }
  return results;
}
