/**
 * The pure parts of the registration-opening benchmark (`npm run bench -- --opening`, run by
 * scripts/lib/opening-bench-run.ts): the session cookie a member's browser holds, the Register form as
 * a browser without JavaScript submits it, what the answer told the member, and the figures and budgets
 * of each phase.
 */
// The slim build parses with htmlparser2, several times faster than parse5: the crowd's own parsing must
// not take the servers' cores during the phase.
import { load, type CheerioAPI } from "cheerio/slim";
import type { AnyNode, Element } from "domhandler";
import { createHmac } from "node:crypto";

export const SESSION_COOKIE = "better-auth.session_token";

/** The cookie better-auth sets for a session `token`: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
export function sessionCookie(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** A form submission as the browser builds it: where, how, and the form data set. */
export interface FormPost {
  method: string;
  url: string;
  enctype: string;
  entries: [string, string][];
}

/**
 * The page's forms alone, each from its start tag to its end tag (forms do not nest), for the crowd to
 * parse: a fraction of the page, which it parses while it shares the cores with the servers.
 */
export function formsOf(html: string): string {
  const forms: string[] = [];
  for (let at = 0; ; ) {
    const start = html.indexOf("<form", at);
    const end = start === -1 ? -1 : html.indexOf("</form>", start);
    if (end === -1) return forms.join("");
    forms.push(html.slice(start, end + "</form>".length));
    at = end + "</form>".length;
  }
}

/**
 * The event page's Register (or Join the Waitlist) form, submitted with its button, as HTML builds it
 * (https://html.spec.whatwg.org/#constructing-the-form-data-set): every named control but the other
 * buttons, hidden fields (the server action's own) included. Undefined when the page offers no such
 * button (the member is told why instead).
 */
export function registrationForm(html: string, pageUrl: string): FormPost | undefined {
  const $ = load(formsOf(html));
  const submitter = $('button[name="intent"][value="register"]').toArray()[0];
  if (!submitter) return undefined;
  const form = $(submitter).closest("form")[0] as Element | undefined;
  if (!form) return undefined;
  const entries: [string, string][] = [];
  for (const control of $(form).find("input, select, textarea, button").toArray()) {
    const name = control.attribs.name;
    if (!name || "disabled" in control.attribs) continue;
    const type = (control.attribs.type ?? "").toLowerCase();
    if (control.tagName === "button" || ["submit", "image", "reset", "button"].includes(type)) {
      if (control === submitter) entries.push([name, control.attribs.value ?? ""]);
    } else if (type === "checkbox" || type === "radio") {
      if ("checked" in control.attribs) entries.push([name, control.attribs.value ?? "on"]);
    } else if (control.tagName === "textarea") {
      entries.push([name, $(control).text()]);
    } else if (control.tagName === "select") {
      const option = $(control).find("option[selected]").first();
      const chosen = option.length > 0 ? option : $(control).find("option").first();
      if (chosen.length > 0) entries.push([name, chosen.attr("value") ?? chosen.text()]);
    } else {
      entries.push([name, control.attribs.value ?? ""]);
    }
  }
  const attribute = (formName: string, name: string) => submitter.attribs[formName] ?? form.attribs[name];
  return {
    method: (attribute("formmethod", "method") ?? "get").toUpperCase(),
    url: new URL(attribute("formaction", "action") || pageUrl, pageUrl).href,
    enctype: (attribute("formenctype", "enctype") ?? "application/x-www-form-urlencoded").toLowerCase(),
    entries,
  };
}

/** The request body as a browser encodes the form, and its content type (multipart's boundary chosen by the platform's encoder). */
export async function formBody(post: FormPost): Promise<{ contentType: string; body: Buffer }> {
  if (post.enctype !== "multipart/form-data")
    return { contentType: "application/x-www-form-urlencoded", body: Buffer.from(new URLSearchParams(post.entries).toString()) };
  const data = new FormData();
  for (const [name, value] of post.entries) data.append(name, value);
  const request = new Request("http://form.invalid/", { method: "POST", body: data });
  return { contentType: request.headers.get("content-type")!, body: Buffer.from(await request.arrayBuffer()) };
}

export type Outcome = "confirmed" | "waitlisted" | "refused" | "untold";

export interface Told {
  outcome: Outcome;
  /** What the member read: the answer's status or alert, or the page's reason for offering no button. */
  message: string;
}

const text = ($: CheerioAPI, element: AnyNode) => $(element).text().replace(/\s+/g, " ").trim();

/** What the event page (or the answer to the form) told the member, read from its #register section. */
export function whatMemberWasTold(html: string): Told {
  const $ = load(html);
  const first = (selector: string) =>
    $(selector)
      .toArray()
      .map((element) => text($, element))
      .find(Boolean) ?? "";
  const status = first("#register [role=status]");
  if (status) {
    if (/waitlist/i.test(status)) return { outcome: "waitlisted", message: status };
    if (/confirmation email|already registered/i.test(status)) return { outcome: "confirmed", message: status };
  }
  const alert = first("#register [role=alert]");
  if (alert) return { outcome: "refused", message: alert };
  const state = first('#register [data-testid="registration-state"]');
  if (state) return { outcome: "refused", message: state };
  return { outcome: "untold", message: status };
}

/** One request: how long it took and how it was answered (a status, or the network error). */
export interface Sample {
  latencyMs: number;
  status?: number;
  error?: string;
}

/** The nearest-rank percentile (p in 0–100) of `values`; 0 when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx/3xx, and requests that got no answer. */
  errors: number;
  /** The errors by kind: "503 ×12, no answer ×1". Empty when there are none. */
  errorKinds: string;
}

const failed = (sample: Sample) => sample.error !== undefined || sample.status === undefined || sample.status < 200 || sample.status >= 400;

/** A phase's figures: its requests over `elapsedMs` of wall time. */
export function summarize(samples: Sample[], elapsedMs: number): Figures {
  const latencies = samples.map((sample) => sample.latencyMs);
  return {
    requests: samples.length,
    perSecond: elapsedMs > 0 ? (samples.length * 1000) / elapsedMs : 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: samples.filter(failed).length,
    errorKinds: errorKinds(samples.filter(failed)),
  };
}

function errorKinds(failures: Sample[]): string {
  const counts = new Map<string, number>();
  for (const sample of failures) {
    const kind = sample.status === undefined ? "no answer" : String(sample.status);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, count]) => `${kind} ×${count}`).join(", ");
}

export const MAX_P99_MS = 1_000;

export interface OpeningResult {
  phases: { name: string; figures: Figures }[];
  capacity: number;
  /** events.seats_taken after both phases. */
  seatsTaken: number;
  /** Every answer a member read, in both phases. */
  answers: { email: string; told: Told }[];
  /** Each member's last answer, and the registration the database holds for them (undefined: none). */
  members: { email: string; told: Told; stored: string | undefined }[];
}

/** The budgets missed: any error, a p99 of 1 s or more, seats not exactly the capacity, a member not told why or told wrong. */
export function missedBudgets({ phases, capacity, seatsTaken, answers, members }: OpeningResult): string[] {
  const missed: string[] = [];
  for (const { name, figures } of phases) {
    if (figures.errors > 0) missed.push(`${name}: ${figures.errors} errors (answers other than 2xx/3xx, or none)`);
    if (figures.p99 >= MAX_P99_MS) missed.push(`${name}: p99 ${Math.round(figures.p99)} ms, budget < ${MAX_P99_MS} ms`);
  }
  const confirmed = members.filter((member) => member.stored === "confirmed").length;
  if (seatsTaken !== capacity || confirmed !== capacity)
    missed.push(`seats: ${seatsTaken} taken and ${confirmed} confirmed registrations for a capacity of ${capacity}`);
  const untold = answers.filter(({ told }) => told.outcome === "untold" || (told.outcome !== "confirmed" && !told.message));
  if (untold.length > 0) missed.push(`${untold.length} answers that did not tell the member why they have no seat (first: ${untold[0]!.email})`);
  const toldWrong = members.filter(({ told, stored }) => told.outcome !== "untold" && (told.outcome === "refused" ? stored !== undefined : stored !== told.outcome));
  if (toldWrong.length > 0)
    missed.push(`${toldWrong.length} members told otherwise than the database holds (first: ${toldWrong[0]!.email}, told ${toldWrong[0]!.told.outcome}, stored ${toldWrong[0]!.stored ?? "nothing"})`);
  const registeredUntold = members.filter(({ told, stored }) => told.outcome === "untold" && stored !== undefined);
  if (registeredUntold.length > 0)
    missed.push(`${registeredUntold.length} members hold a registration although their last answer told them nothing (first: ${registeredUntold[0]!.email}, stored ${registeredUntold[0]!.stored})`);
  return missed;
}
