/**
 * A bounded fuzz of every form and route parameter: random hostile values posted to each form's
 * no-JavaScript action (and sent straight at the routes). No answer may be a 5xx, and the site's
 * content and the fuzzing member's own records must be exactly as they were.
 *
 * FUZZ_SEED=<n> replays a run; FUZZ_ROUNDS raises the number of rounds per form.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import pg from "pg";
import { e2eDatabaseUrl } from "./e2e-database";
import { expect, test } from "./fixtures";
import { signUpMember } from "./member";

const HOSTILE = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "%ff%fe",
  "'; drop table \"user\"; --",
  "\" or \"1\"=\"1",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "../../../etc/passwd",
  "2147483648",
  "99999999999999999999999",
  "-1",
  "0",
  "1e9",
  "NaN",
  "0x7fffffff",
  "\r\nBcc: victim@example.com",
  "{{7*7}}${7*7}",
  "null",
  "[]",
  "{\"__proto__\":{\"admin\":true}}",
  "\u202egnp.exe",
  "😀".repeat(300),
  "a".repeat(6000),
  "x@y",
  "name@example.com",
];

/** A small seeded generator (mulberry32), so a failing run can be replayed with FUZZ_SEED. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 6);

/**
 * Content no other test changes, and the fuzzing member's own rows: a checksum per table. Products and
 * events other specs make while this runs (slugs ending in their e2e-<hex> marker) are left out.
 */
async function snapshot(email: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const queries: Record<string, string> = {
      products: "select md5(string_agg(t::text, '|' order by id)) as h from (select id, slug, name, description, price_cents, category from products where slug !~ '-e2e-[0-9a-f]{8}$') t",
      events: "select md5(string_agg(t::text, '|' order by id)) as h from (select id, slug, title, description, capacity, starts_at, ends_at, location from events where slug !~ '-e2e-[0-9a-f]{8}$') t",
      content: `select md5(concat(
        (select string_agg(t::text, '|' order by id) from faqs t), (select string_agg(t::text, '|' order by id) from leaders t),
        (select string_agg(t::text, '|' order by id) from training_locations t), (select string_agg(t::text, '|' order by id) from programs t),
        (select string_agg(t::text, '|' order by id) from courses t), (select string_agg(t::text, '|' order by id) from core_values t))) as h`,
      // A plausible profile save may change a name; nothing may change the login or the password.
      member: `select md5(concat(
        (select concat(id, email, email_verified) from "user" where email = $1),
        (select string_agg(concat(provider_id, password), '|') from account where user_id = (select id from "user" where email = $1)))) as h`,
    };
    const result: Record<string, string> = {};
    for (const [name, sql] of Object.entries(queries)) {
      const rows = (await client.query<{ h: string }>(sql, sql.includes("$1") ? [email] : [])).rows;
      result[name] = rows[0]?.h ?? "";
    }
    return result;
  } finally {
    await client.end();
  }
}

/** The contact messages stored from this address (the fuzz's own: no other test writes with it). */
async function contactMessageCount(email: string): Promise<number> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>("select count(*) as n from contact_messages where email = $1", [email])).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * Fills the form with plausible values and then swaps some fields for hostile ones, so that a hostile
 * value often reaches the server alone (a form that fails on its first field tests nothing behind it).
 * The browser's own checks are lifted: the server must stand on its own.
 */
/** Our forms' answer when the server failed on its side: a 500 in all but status code. */
const SERVER_FAILURE = "Something went wrong on our side";

async function submitHostile(
  page: Page,
  formSelector: string,
  next: () => number,
  email: string,
  // Mostly one hostile field per post, sometimes a few: the rest stay plausible. 0: a wholly plausible post.
  hostileCount = next() < 0.7 ? 1 : 2 + Math.floor(next() * 3),
): Promise<number | undefined> {
  const targets = new Set(Array.from({ length: hostileCount }, () => Math.floor(next() * 8)));
  const values = Array.from({ length: 40 }, (_, i) => (targets.has(i) ? HOSTILE[Math.floor(next() * HOSTILE.length)]! : null));
  const form = await page.evaluate(
    ({ formSelector, values, email }) => {
      const form = document.querySelector<HTMLFormElement>(formSelector);
      if (!form) return undefined;
      const plausible = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) => {
        const name = field.name.toLowerCase();
        if (field instanceof HTMLSelectElement) return field.options[field.options.length - 1]?.value ?? "";
        if (field.type === "checkbox" || field.type === "radio") return field.value || "on";
        if (field.type === "email" || name.includes("email")) return email;
        if (field.type === "password") return "correct horse battery staple";
        if (field.type === "tel" || name.includes("phone")) return "(210) 555-0142";
        if (name.includes("postal") || name.includes("zip")) return "78205";
        if (field instanceof HTMLTextAreaElement) return "A message long enough to pass every length rule on this form.";
        return "Fuzz Tester";
      };
      const fields: Record<string, string> = {};
      let i = 0;
      for (const field of Array.from(form.elements) as (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement)[]) {
        if (!("value" in field) || !field.name || ["submit", "button"].includes(field.type)) continue;
        // Hidden fields carry the framework's action reference: kept, so the post reaches our code. A
        // field kept out of sight and out of the tab order is a spam trap: a person leaves it empty.
        if (field.type === "hidden") fields[field.name] = field.value;
        else if (field.tabIndex < 0 && field.closest("[aria-hidden='true']")) fields[field.name] = values[i++] ?? "";
        else fields[field.name] = values[i++] ?? plausible(field);
      }
      return { action: form.getAttribute("action") ?? location.pathname + location.search, fields };
    },
    { formSelector, values, email },
  );
  if (!form) return undefined;
  // Straight over HTTP, as a script would send it: nothing a browser would strip or refuse is lost.
  const response = await page.request.post(form.action.startsWith("/") ? form.action : page.url(), {
    multipart: form.fields,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  if ((await response.text()).includes(SERVER_FAILURE)) return 500;
  return response.status();
}

test.describe("fuzz", () => {
  test.beforeEach(() => test.skip(test.info().project.name !== "desktop", "one run is enough"));
  // Without JavaScript the forms render the framework's no-JS action fields, which the fuzz posts.
  test.use({ javaScriptEnabled: false });

  test("every form answers hostile input without a 5xx and changes nothing stored", async ({ page }) => {
    test.setTimeout(240_000);
    console.log(`[fuzz] seed ${SEED}, ${ROUNDS} rounds per form (FUZZ_SEED=${SEED} replays it)`);
    const next = random(SEED);
    const { email } = await signUpMember(page);
    const before = await snapshot(email);
    // The address the plausible values use: this run's own, so the messages it stores can be counted.
    const plausibleEmail = `fuzz-${randomUUID()}@example.com`;

    const forms: [string, string][] = [
      ["/contact", "main form"],
      ["/donate", "main form"],
      ["/", "footer form"],
      ["/forgot-password", "main form"],
      ["/login", "main form:has(input[type=password])"],
      ["/register", "main form:has(input[type=password])"],
      ["/reset-password?token=abc", "main form"],
      ["/shop", "main form[action='/shop/cart/add']"],
      ["/shop/veteran-strong-tshirt", "main form[action='/shop/cart/add']"],
      ["/profile?tab=profile", "main form"],
      ["/profile?tab=settings", "main form"],
      ["/profile?tab=security", "main form"],
    ];
    const failures: string[] = [];
    for (const [path, selector] of forms) {
      for (let round = 0; round < ROUNDS; round++) {
        await page.goto(path);
        const status = await submitHostile(page, selector, next, plausibleEmail);
        if (status !== undefined && status >= 500) failures.push(`${status} from ${selector} on ${path}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(await snapshot(email)).toEqual(before);
    // The posts reach the application's code: the same kind of post, wholly plausible, stores exactly one
    // message. (How many of the random posts above were stored depends on the seed: often none.)
    const stored = await contactMessageCount(plausibleEmail);
    await page.goto("/contact");
    await submitHostile(page, "main form", next, plausibleEmail, 0);
    expect(await contactMessageCount(plausibleEmail)).toBe(stored + 1);
  });

  test("every route parameter and query answers hostile values without a 5xx", async ({ request }) => {
    test.setTimeout(240_000);
    const next = random(SEED + 1);
    const routes = [
      (v: string) => `/shop/${v}`,
      (v: string) => `/shop?category=${v}&sort=${v}`,
      (v: string) => `/shop/orders/${v}`,
      (v: string) => `/training/${v}`,
      (v: string) => `/calendar/${v}`,
      (v: string) => `/calendar?category=${v}`,
      (v: string) => `/calendar/${v}/event.ics`,
      (v: string) => `/calendar/${v}/offer`,
      (v: string) => `/calendar/feeds/${v}`,
      (v: string) => `/calendar/feeds/member/${v}`,
      (v: string) => `/profile?tab=${v}`,
      (v: string) => `/login?next=${v}&error=${v}`,
      (v: string) => `/reset-password?token=${v}`,
      (v: string) => `/profile/claim-orders?token=${v}`,
      (v: string) => `/shop/cart?notice=${v}&line=${v}`,
      (v: string) => `/newsletter/confirm?token=${v}`,
      (v: string) => `/newsletter/unsubscribe?token=${v}`,
      (v: string) => `/donate?gift=${v}`,
      (v: string) => `/donate/thank-you?session_id=${v}`,
      (v: string) => `/donate/manage?token=${v}&portal=${v}`,
      (v: string) => `/admin/donations?page=${v}&received=${v}`,
    ];
    const failures: string[] = [];
    for (const route of routes) {
      for (let round = 0; round < ROUNDS * 2; round++) {
        const value = HOSTILE[Math.floor(next() * HOSTILE.length)]!;
        const raw = next() < 0.5 ? encodeURIComponent(value) : value.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
        const url = route(raw);
        const response = await request.get(url, { maxRedirects: 0 }).catch(() => undefined);
        if (response && response.status() >= 500) failures.push(`${response.status()} ${url.slice(0, 120)}`);
      }
    }
    const posts: [string, Record<string, string>][] = [
      ["/shop/cart/add", { variantId: "2147483648", quantity: "1", returnTo: "/shop" }],
      ["/shop/cart/add", { variantId: "1\u0000", quantity: "1e9", returnTo: "//evil.example" }],
      ["/api/stripe/webhook", { data: "{" }],
      ["/newsletter/unsubscribe?token=%00", { "List-Unsubscribe": "One-Click" }],
      ["/newsletter/unsubscribe?token=" + "A".repeat(43), { "List-Unsubscribe": "\u0000" }],
    ];
    for (const [path, form] of posts) {
      const response = await request.post(path, { form, headers: { Origin: test.info().project.use.baseURL! }, maxRedirects: 0 });
      if (response.status() >= 500) failures.push(`${response.status()} POST ${path}`);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  });
});
