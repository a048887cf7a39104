/**
 * A bounded fuzz of every form and route parameter: random hostile values posted to each form's
 * no-JavaScript action (and sent straight at the routes). No answer may be a 5xx, and the site's
 * content and the fuzzing member's own records must be exactly as they were.
 *
 * FUZZ_SEED=<n> replays a run; FUZZ_ROUNDS raises the number of rounds per form.
 */
import { randomUUID } from "node:crypto";
import type { Element } from "domhandler";
import pg from "pg";
import { rawRequest } from "../../test/raw-request";
import { e2eDatabaseUrl } from "../e2e-database";
import { signUpMember } from "../member";
import { expect, test } from "./fixtures";
import { HttpForm, type HttpPage, type TextBrowser } from "./text-browser";

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

/** What the browser's `input.type` says: the attribute lowercased, "text" when absent or unknown. */
const INPUT_TYPES = new Set([
  "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local", "number", "range",
  "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
]);
function typeOf(field: Element): string {
  if (field.tagName === "select") return "multiple" in field.attribs ? "select-multiple" : "select-one";
  if (field.tagName === "textarea") return "textarea";
  const type = (field.attribs.type ?? "").toLowerCase();
  if (field.tagName === "button") return ["submit", "reset", "button"].includes(type) ? type : "submit";
  return INPUT_TYPES.has(type) ? type : "text";
}

/** `option.value`: its value attribute, else its text with whitespace collapsed. */
const optionValue = (page: HttpPage, option: Element) => option.attribs.value ?? page.$(option).text().replace(/\s+/g, " ").trim();

/** The form's fields as the browser's `form.elements` lists them (in document order), with their names, types and values. */
function formElements(form: HttpForm): Element[] {
  const order = form.page.$("*").toArray();
  return form.controls().sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

async function submitHostile(
  browser: TextBrowser,
  path: string,
  formSelector: string,
  next: () => number,
  email: string,
  // Mostly one hostile field per post, sometimes a few: the rest stay plausible. 0: a wholly plausible post.
  hostileCount = next() < 0.7 ? 1 : 2 + Math.floor(next() * 3),
): Promise<number | undefined> {
  const targets = new Set(Array.from({ length: hostileCount }, () => Math.floor(next() * 8)));
  const values = Array.from({ length: 40 }, (_, i) => (targets.has(i) ? HOSTILE[Math.floor(next() * HOSTILE.length)]! : null));
  // The page as the server sends it (what Chromium without JavaScript shows), its form read as the browser's form.elements.
  const page = await browser.get(path);
  const element = page.$(formSelector).filter("form").toArray()[0];
  if (!element) return undefined;
  const form = new HttpForm(page, element);
  const plausible = (field: Element, type: string) => {
    const name = (field.attribs.name ?? "").toLowerCase();
    if (field.tagName === "select") {
      const options = page.$(field).find("option").toArray();
      return options.length > 0 ? optionValue(page, options[options.length - 1]!) : "";
    }
    if (type === "checkbox" || type === "radio") return field.attribs.value || "on";
    if (type === "email" || name.includes("email")) return email;
    if (type === "password") return "correct horse battery staple";
    if (type === "tel" || name.includes("phone")) return "(210) 555-0142";
    if (name.includes("postal") || name.includes("zip")) return "78205";
    if (field.tagName === "textarea") return "A message long enough to pass every length rule on this form.";
    return "Fuzz Tester";
  };
  const fields: Record<string, string> = {};
  let i = 0;
  for (const field of formElements(form)) {
    const type = typeOf(field);
    const name = field.attribs.name;
    if (!name || ["submit", "button"].includes(type)) continue;
    // Hidden fields carry the framework's action reference: kept, so the post reaches our code. A
    // field kept out of sight and out of the tab order is a spam trap: a person leaves it empty.
    const tabIndex = Number.parseInt(field.attribs.tabindex ?? "0", 10);
    if (type === "hidden") fields[name] = field.attribs.value ?? "";
    else if (tabIndex < 0 && page.$(field).closest("[aria-hidden='true']").length > 0) fields[name] = values[i++] ?? "";
    else fields[name] = values[i++] ?? plausible(field, type);
  }
  const action = element.attribs.action ?? page.url.pathname + page.url.search;
  // Straight over HTTP, as a script would send it: nothing a browser would strip or refuse is lost.
  const response = await browser.request.post(action.startsWith("/") ? action : page.url.href, {
    multipart: fields,
    headers: { Origin: browser.origin },
    maxRedirects: 0,
  });
  if ((await response.text()).includes(SERVER_FAILURE)) return 500;
  return response.status();
}

test.describe("fuzz", () => {
  // The forms as the server sends them hold the framework's no-JS action fields, which the fuzz posts.
  test("every form answers hostile input without a 5xx and changes nothing stored", async ({ visitor }) => {
    test.setTimeout(240_000);
    console.log(`[fuzz] seed ${SEED}, ${ROUNDS} rounds per form (FUZZ_SEED=${SEED} replays it)`);
    const next = random(SEED);
    const { email } = await signUpMember(visitor.request);
    const before = await snapshot(email);
    // The address the plausible values use: this run's own, so the messages it stores can be counted.
    const plausibleEmail = `fuzz-${randomUUID()}@example.com`;

    const forms: [string, string][] = [
      ["/contact", "main form"],
      ["/donate", "main form"],
      ["/", "footer form"],
      ["/forgot-password", "main form"],
      // Signed in, /login and /register send the member on to / (no form there): as in the browser version, they are passed over.
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
        const status = await submitHostile(visitor, path, selector, next, plausibleEmail);
        if (status !== undefined && status >= 500) failures.push(`${status} from ${selector} on ${path}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(await snapshot(email)).toEqual(before);
    // The posts reach the application's code: the same kind of post, wholly plausible, stores exactly one
    // message. (How many of the random posts above were stored depends on the seed: often none.)
    const stored = await contactMessageCount(plausibleEmail);
    await submitHostile(visitor, "/contact", "main form", next, plausibleEmail, 0);
    expect(await contactMessageCount(plausibleEmail)).toBe(stored + 1);
  });

  test("every route parameter and query answers hostile values without a 5xx", async ({ request, baseURL }) => {
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
      const response = await request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
      if (response.status() >= 500) failures.push(`${response.status()} POST ${path}`);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  });

  test("hostile methods, request targets and action bodies get a 4xx on every route, never a 5xx", async ({ visitor, baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    const failures: string[] = [];
    const paths = ["/", "/shop", "/contact", "/api/health", "/robots.txt", "/sitemap.xml", "/calendar.ics", "/api/stripe/webhook", "/api/auth/get-session", "/admin/orders/export", "/no-such-page"];
    for (const path of paths) {
      for (const method of ["TRACE", "PROPFIND", "MKCOL", "OPTIONS", "DELETE", "PATCH"]) {
        const answer = await rawRequest(port, method, path);
        if (answer.status >= 500) failures.push(`${answer.status} ${method} ${path}`);
      }
    }
    for (const method of ["OPTIONS", "GET", "POST", "TRACE"]) {
      const answer = await rawRequest(port, method, "*");
      if (answer.status < 400 || answer.status >= 500) failures.push(`${answer.status} ${method} *`);
    }

    // Each form's own action, with arguments nested 5,000 deep or 100,000 long: as a fetch sends them, and in a no-JS form's own fields.
    const deep = "[".repeat(5_000) + "]".repeat(5_000);
    const deepObject = '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000);
    const long = JSON.stringify(Array.from({ length: 100_000 }, () => 1));
    for (const [path, selector] of [["/contact", "main form"], ["/", "footer form"], ["/donate", "main form"], ["/forgot-password", "main form"]] as const) {
      const entries = (await visitor.get(path)).form(selector).entries().filter((entry): entry is [string, string] => typeof entry[1] === "string");
      const refField = entries.find(([name]) => /^\$ACTION_\d+:0$/.test(name));
      const actionId = refField ? (JSON.parse(refField[1]) as { id: string }).id : entries.find(([name]) => name.startsWith("$ACTION_ID_"))?.[0].slice("$ACTION_ID_".length);
      expect(actionId, path).toMatch(/^[0-9a-f]{40,}$/);
      for (const body of [deep, deepObject, long]) {
        const answer = await rawRequest(port, "POST", path, { origin: baseURL!, "next-action": actionId!, "content-type": "text/plain;charset=UTF-8", "content-length": String(body.length) }, body);
        if (answer.status < 400 || answer.status >= 500) failures.push(`${answer.status} fetch action on ${path} with ${body.slice(0, 12)}…`);
        const form = new FormData();
        for (const [name, value] of entries) form.append(name, refField && name === refField[0] ? `{"id":"${actionId}","bound":${body}}` : value);
        if (!refField) form.append("$ACTION_REF_1", "");
        if (!refField) form.append("$ACTION_1:0", `{"id":"${actionId}","bound":${body}}`);
        const noJs = await visitor.post(path, { multipart: form });
        if (noJs.firstStatus < 400 || noJs.firstStatus >= 500) failures.push(`${noJs.firstStatus} no-JS form on ${path} with ${body.slice(0, 12)}…`);
      }
    }
    expect(failures).toEqual([]);
  });
});
