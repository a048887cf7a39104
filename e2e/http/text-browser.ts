/**
 * A browser without JavaScript or CSS, as a text browser (lynx, w3m) or a screen reader's "browse mode"
 * meets the site: it GETs pages, follows redirects, keeps cookies (Playwright's APIRequestContext holds
 * the jar), parses the HTML (cheerio), and submits forms as HTML says a browser builds them: every
 * successful control, the submitter's name and value, the form's method, action and encoding. It sends
 * what Chromium sends with a form (Origin and Referer), nothing a browser would not.
 *
 *   const page = await visitor.get("/contact");
 *   const answer = await page.form({ button: "Send Message" }).fill("Email", "x").submit();
 *   expect(answer.status).toBe(422);
 *   expect(answer.fieldError("Email")).toBe("Enter a valid email address.");
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { load, type Cheerio, type CheerioAPI } from "cheerio";
import type { AnyNode, Element } from "domhandler";

export interface Hop {
  method: string;
  url: string;
  status: number;
  location?: string;
  headers: Record<string, string>;
}

export interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

type Matcher = string | RegExp;
/** Where to look: a CSS selector, or an element of the page (a card found earlier, say). */
type Scope = string | AnyNode;

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();
const matches = (text: string, matcher: Matcher) => (typeof matcher === "string" ? normalize(text) === matcher : matcher.test(normalize(text)));
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class TextBrowser {
  constructor(
    readonly request: APIRequestContext,
    /** The site's origin, e.g. http://localhost:3200. */
    readonly origin: string,
  ) {}

  /** Opens a page (or any address) and follows its redirects. */
  get(path: string, headers: Record<string, string> = {}): Promise<HttpPage> {
    return this.navigate("GET", new URL(path, this.origin), { headers });
  }

  /**
   * A request the site's own pages would not make (a hostile or hand-built post), with a browser's
   * Origin unless `headers` says otherwise; redirects are followed.
   */
  post(path: string, body: { form?: Record<string, string>; multipart?: FormData; data?: string | Buffer }, headers: Record<string, string> = {}): Promise<HttpPage> {
    return this.navigate("POST", new URL(path, this.origin), { headers: { Origin: this.origin, ...headers }, ...body });
  }

  /** Follows redirects one by one (so each hop's status and cookies are seen), as a browser does. */
  async navigate(
    method: string,
    url: URL,
    options: { headers?: Record<string, string>; form?: Record<string, string>; multipart?: FormData; data?: string | Buffer },
  ): Promise<HttpPage> {
    const hops: Hop[] = [];
    let current = { method, url, options };
    for (let i = 0; i < 10; i++) {
      const response: APIResponse = await this.request.fetch(current.url.href, {
        method: current.method,
        headers: current.options.headers,
        form: current.options.form,
        multipart: current.options.multipart,
        data: current.options.data,
        maxRedirects: 0,
        failOnStatusCode: false,
      });
      const location = response.headers()["location"];
      hops.push({ method: current.method, url: current.url.href, status: response.status(), location, headers: response.headers() });
      if (!REDIRECTS.has(response.status()) || !location) {
        return new HttpPage(this, current.url, response.status(), response.headers(), await response.body(), hops);
      }
      const next = new URL(location, current.url);
      // 307 and 308 repeat the request; the others turn it into a GET of the new address.
      current = [307, 308].includes(response.status()) ? { ...current, url: next } : { method: "GET", url: next, options: {} };
    }
    throw new Error(`more than 10 redirects from ${method} ${url.href}`);
  }
}

/** One answer: its status, headers and bytes, and the HTML read as a text browser reads it. */
export class HttpPage {
  private parsed?: CheerioAPI;

  constructor(
    readonly browser: TextBrowser,
    readonly url: URL,
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly bytes: Buffer,
    /** Every answer on the way here, the first request's own first. */
    readonly hops: Hop[],
  ) {}

  /** The address's path and query. */
  get path(): string {
    return `${this.url.pathname}${this.url.search}`;
  }

  /** What the first request was answered with (a form post's own status when it was redirected). */
  get firstStatus(): number {
    return this.hops[0]!.status;
  }

  get body(): string {
    return this.bytes.toString("utf8");
  }

  get $(): CheerioAPI {
    this.parsed ??= load(this.body);
    return this.parsed;
  }

  /** The text a text browser shows of the page (or of `selector`, or an element): blocks on their own lines, whitespace collapsed. */
  text(selector: Scope = "body"): string {
    return this.$(selector)
      .toArray()
      .map((element) => renderText(element))
      .join("\n")
      .split("\n")
      .map(normalize)
      .filter(Boolean)
      .join("\n");
  }

  title(): string {
    return normalize(this.$("head > title").text());
  }

  /** The h1 (or another level's headings, one per line). */
  heading(level = 1): string {
    return this.text(`h${level}`);
  }

  byTestId(id: string): Cheerio<Element> {
    return this.$(`[data-testid="${id}"]`);
  }

  /**
   * The region named so (a `<section>` or `role="region"` with an accessible name, as a screen reader
   * lists landmarks); fails when there is none.
   */
  region(name: Matcher, within: Scope = "body"): Cheerio<Element> {
    const found = this.$(within)
      .find("section[aria-label], section[aria-labelledby], [role=region]")
      .filter((_, el) => matches(accessibleName(this.$, el), name));
    if (found.length === 0) throw new Error(`no region named ${String(name)} on ${this.path}`);
    return found.first();
  }

  /**
   * The texts of the status messages (role="status") inside `within` (by default <main>) that hold
   * `containing`, in page order: what getByRole("status").filter({ hasText }) finds.
   */
  statuses(containing: Matcher = /.*/, within: Scope = "main"): string[] {
    return this.$(within)
      .find("[role=status]")
      .toArray()
      .map((el) => this.text(el))
      .filter((said) => (typeof containing === "string" ? said.includes(containing) : containing.test(said)));
  }

  /** The red box in the page's main (Next's route announcer is also role="alert", outside <main>). */
  alert(): string {
    return this.text("main [role=alert]");
  }

  /** Links whose text (or accessible name) matches, in page order. */
  links(name: Matcher, within: Scope = "body"): { text: string; href: string }[] {
    return this.$(within)
      .find("a[href]")
      .toArray()
      .filter((a) => matches(accessibleName(this.$, a), name))
      .map((a) => ({ text: normalize(accessibleName(this.$, a)), href: a.attribs.href! }));
  }

  /** The one link named so; fails when there is none. */
  link(name: Matcher, within: Scope = "body"): { text: string; href: string } {
    const [found] = this.links(name, within);
    if (!found) throw new Error(`no link named ${String(name)} on ${this.path}`);
    return found;
  }

  /** Follows the link named so. */
  follow(name: Matcher, within: Scope = "body"): Promise<HttpPage> {
    return this.browser.get(new URL(this.link(name, within).href, this.url).href);
  }

  /** Buttons' accessible names, in page order (inside `within`). */
  buttons(within: Scope = "body"): string[] {
    return this.$(within)
      .find("button, input[type=submit]")
      .toArray()
      .map((button) => normalize(accessibleName(this.$, button)));
  }

  /** The control labelled so (by <label>, aria-label or aria-labelledby), or named so. */
  control(label: Matcher, within: Scope = "body"): Cheerio<Element> {
    const found = controlsIn(this.$, this.$(within)).filter((el) => matches(accessibleName(this.$, el), label) || (typeof label === "string" && el.attribs.name === label));
    if (found.length === 0) throw new Error(`no field labelled ${String(label)} on ${this.path}`);
    return this.$(found[0]!);
  }

  /** The message tied to a field (aria-describedby or aria-errormessage) that says what is wrong with it. */
  fieldError(label: Matcher): string {
    const field = this.control(label);
    const ids = `${field.attr("aria-errormessage") ?? ""} ${field.attr("aria-describedby") ?? ""}`.split(/\s+/).filter(Boolean);
    return ids.map((id) => normalize(this.$(`[id="${id}"]`).text())).filter(Boolean).join(" ");
  }

  /**
   * A form of the page: the one holding a submit button of that name (`{ button }`), the one matching a
   * CSS selector, or the page's only form in <main>.
   */
  form(which: string | { button: Matcher } = "main form"): HttpForm {
    const forms = this.$("form").toArray();
    const found =
      typeof which === "string"
        ? this.$(which).filter("form").toArray()
        : forms.filter((form) => submittersOf(this.$, form).some((button) => matches(accessibleName(this.$, button), which.button)));
    if (found.length === 0) throw new Error(`no form ${typeof which === "string" ? which : `with a button ${String(which.button)}`} on ${this.path}`);
    return new HttpForm(this, found[0]!);
  }
}

/** A form being filled in: what the visitor changed, over what the HTML holds. */
export class HttpForm {
  private readonly values = new Map<Element, string>();
  private readonly checked = new Map<Element, boolean>();
  private readonly files = new Map<Element, Upload>();
  private readonly extra: [string, string][] = [];
  private readonly removed = new Set<string>();

  constructor(
    readonly page: HttpPage,
    readonly element: Element,
  ) {}

  private get $() {
    return this.page.$;
  }

  /** The form's controls, its own and those elsewhere that name it with form="…". */
  controls(): Element[] {
    const id = this.element.attribs.id;
    const inside = controlsIn(this.$, this.$(this.element)).filter((el) => !el.attribs.form || el.attribs.form === id);
    const outside = id ? this.$(`[form="${id}"]`).toArray().filter((el) => !inside.includes(el)) : [];
    return [...inside, ...outside];
  }

  /** The control labelled (or named) so. */
  field(label: Matcher): Element {
    const found = this.controls().filter((el) => matches(accessibleName(this.$, el), label) || (typeof label === "string" && el.attribs.name === label));
    if (found.length === 0) throw new Error(`no field labelled ${String(label)} in the form on ${this.page.path}`);
    return found[0]!;
  }

  /** Types into a text field, a textarea, or sets a select by an option's label or value. */
  fill(label: Matcher, value: string): this {
    const field = this.field(label);
    if (field.tagName === "select") return this.select(label, value);
    this.values.set(field, value);
    return this;
  }

  select(label: Matcher, option: string): this {
    const field = this.field(label);
    const options = this.$(field).find("option").toArray();
    const chosen = options.find((o) => normalize(this.$(o).text()) === option) ?? options.find((o) => optionValue(this.$, o) === option);
    if (!chosen) throw new Error(`no option ${option} in ${field.attribs.name}`);
    this.values.set(field, optionValue(this.$, chosen));
    return this;
  }

  /** Ticks (or unticks) a checkbox, or picks a radio button, by its label. */
  check(label: Matcher, on = true): this {
    const field = this.field(label);
    if (field.attribs.type === "radio" && on) {
      for (const other of this.controls()) if (other.attribs.type === "radio" && other.attribs.name === field.attribs.name) this.checked.set(other, false);
    }
    this.checked.set(field, on);
    return this;
  }

  attach(label: Matcher, file: Upload): this {
    this.files.set(this.field(label), file);
    return this;
  }

  /** What no control of the page would send: an extra name and value (a hostile client's). */
  add(name: string, value: string): this {
    this.extra.push([name, value]);
    return this;
  }

  /** Leaves a name out of the post, as a client that strips it would. */
  without(name: string): this {
    this.removed.add(name);
    return this;
  }

  /** The form data set HTML builds (https://html.spec.whatwg.org/#constructing-the-form-data-set). */
  entries(submitter?: Element): [string, string | Upload][] {
    const entries: [string, string | Upload][] = [];
    for (const el of this.controls()) {
      const name = el.attribs.name;
      if (!name || isDisabled(this.$, el)) continue;
      const type = (el.attribs.type ?? "").toLowerCase();
      if (el.tagName === "button" || ["submit", "image", "reset", "button"].includes(type)) {
        if (el === submitter) entries.push([name, el.attribs.value ?? ""]);
        continue;
      }
      if (type === "checkbox" || type === "radio") {
        if (this.checked.get(el) ?? "checked" in el.attribs) entries.push([name, el.attribs.value ?? "on"]);
      } else if (type === "file") {
        entries.push([name, this.files.get(el) ?? { name: "", mimeType: "application/octet-stream", buffer: Buffer.alloc(0) }]);
      } else if (el.tagName === "select") {
        entries.push(...selectedValues(this.$, el, this.values.get(el)).map((value): [string, string] => [name, value]));
      } else if (el.tagName === "textarea") {
        entries.push([name, this.values.get(el) ?? this.$(el).text().replace(/^\r?\n/, "")]);
      } else {
        entries.push([name, this.values.get(el) ?? el.attribs.value ?? ""]);
      }
    }
    return [...entries.filter(([name]) => !this.removed.has(name)), ...this.extra];
  }

  /** Presses the submit button named so (by default the form's first), as a browser without JavaScript does. */
  submit(button?: Matcher): Promise<HttpPage> {
    const submitters = submittersOf(this.$, this.element);
    const submitter = button === undefined ? submitters[0] : submitters.find((b) => matches(accessibleName(this.$, b), button));
    if (button !== undefined && !submitter) throw new Error(`no button ${String(button)} in the form on ${this.page.path}`);
    const attr = (name: string, formName: string) => submitter?.attribs[formName] ?? this.element.attribs[name];
    const method = (attr("method", "formmethod") ?? "get").toUpperCase();
    const action = new URL(attr("action", "formaction") || this.page.url.href, this.page.url);
    const enctype = (attr("enctype", "formenctype") ?? "application/x-www-form-urlencoded").toLowerCase();
    const entries = this.entries(submitter);
    const browser = this.page.browser;
    if (method !== "POST") {
      action.search = new URLSearchParams(entries.map(([name, value]) => [name, typeof value === "string" ? value : value.name])).toString();
      return browser.navigate("GET", action, { headers: { Referer: this.page.url.href } });
    }
    const headers = { Origin: browser.origin, Referer: this.page.url.href };
    if (enctype === "multipart/form-data") {
      const data = new FormData();
      for (const [name, value] of entries) {
        if (typeof value === "string") data.append(name, value);
        else data.append(name, new Blob([new Uint8Array(value.buffer)], { type: value.mimeType }), value.name);
      }
      return browser.navigate("POST", action, { headers, multipart: data });
    }
    const body = new URLSearchParams(entries.map(([name, value]) => [name, typeof value === "string" ? value : value.name])).toString();
    return browser.navigate("POST", action, { headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, data: body });
  }
}

const BLOCKS = new Set([
  "address", "article", "aside", "blockquote", "br", "dd", "details", "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure",
  "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "legend", "li", "main", "nav", "ol", "p", "pre", "section",
  "summary", "table", "tr", "ul", "option", "label", "caption",
]);
const UNSEEN = new Set(["script", "style", "template", "head"]);

/**
 * Text as a text browser lays it out: block elements on their own lines; nothing of scripts or `hidden`
 * elements. `forName`: as it counts towards an accessible name, without what is aria-hidden.
 */
function renderText(node: AnyNode, forName = false): string {
  if (node.type === "text") return (node as unknown as { data: string }).data;
  if (!("children" in node)) return "";
  const element = node as Element;
  const attribs = element.attribs ?? {};
  if (element.tagName && (UNSEEN.has(element.tagName) || "hidden" in attribs)) return "";
  if (forName && attribs["aria-hidden"] === "true") return "";
  const inner = element.children.map((child) => renderText(child, forName)).join("");
  if (element.tagName === "td" || element.tagName === "th") return ` ${inner} `;
  if (element.tagName === "img") return element.attribs.alt ? ` ${element.attribs.alt} ` : "";
  return BLOCKS.has(element.tagName) ? `\n${inner}\n` : inner;
}

const CONTROLS = "input, select, textarea, button";

function controlsIn($: CheerioAPI, scope: Cheerio<AnyNode>): Element[] {
  return scope.find(CONTROLS).toArray() as Element[];
}

function submittersOf($: CheerioAPI, form: Element): Element[] {
  const id = form.attribs.id;
  const inside = $(form).find("button, input[type=submit], input[type=image]").toArray();
  const outside = id ? $(`button[form="${id}"], input[type=submit][form="${id}"]`).toArray() : [];
  return [...inside, ...outside].filter((el) => el.tagName !== "button" || !el.attribs.type || el.attribs.type === "submit");
}

function isDisabled($: CheerioAPI, el: Element): boolean {
  if ("disabled" in el.attribs) return true;
  // A disabled fieldset disables what it holds, except inside its first legend.
  return $(el)
    .parents("fieldset[disabled]")
    .toArray()
    .some((fieldset) => !$(fieldset).children("legend").first().toArray().some((legend) => $(legend).find(el).length > 0));
}

function optionValue($: CheerioAPI, option: Element): string {
  return option.attribs.value ?? normalize($(option).text());
}

function selectedValues($: CheerioAPI, select: Element, chosen: string | undefined): string[] {
  if (chosen !== undefined) return [chosen];
  const options = $(select).find("option").toArray();
  const selected = options.filter((o) => "selected" in o.attribs);
  if (selected.length > 0 || "multiple" in select.attribs) return selected.map((o) => optionValue($, o));
  const first = options.find((o) => !("disabled" in o.attribs));
  return first ? [optionValue($, first)] : [];
}

/** The accessible name, as far as HTML alone gives it: aria-labelledby, aria-label, <label>, content, value, alt, title. */
export function accessibleName($: CheerioAPI, el: Element): string {
  const labelledBy = el.attribs["aria-labelledby"];
  if (labelledBy) return labelledBy.split(/\s+/).map((id) => normalize($(`[id="${id}"]`).text())).join(" ");
  if (el.attribs["aria-label"]) return el.attribs["aria-label"];
  if (["input", "select", "textarea"].includes(el.tagName)) {
    const id = el.attribs.id;
    const label = (id ? $(`label[for="${id}"]`).first() : $()).add($(el).closest("label")).first();
    if (label.length > 0) return normalize(renderText(label[0]!, true));
    if (["submit", "button", "reset"].includes(el.attribs.type ?? "")) return el.attribs.value ?? "";
    return el.attribs.title ?? el.attribs.placeholder ?? "";
  }
  const text = normalize(renderText(el, true));
  if (text) return text;
  const image = $(el).find("img[alt]").first().attr("alt");
  return image ?? el.attribs.title ?? "";
}
