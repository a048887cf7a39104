/**
 * The parts of a public page that differ from one visitor to the next (ADR 0025): the account links,
 * the cart badge, the call to join, a product's price for their plan, their registration at an event. Each is rendered between two empty `<template>` markers, which
 * are valid anywhere in a page (inside a list too) and never shown:
 *
 *   <template data-personal="account" data-state="…"></template> … <template data-personal-end="account"></template>
 *
 * The HTTP front keeps a page as a visitor without a cookie sees it, and each visitor's parts as the
 * application rendered them for that visitor, and puts the two together (src/server/personal-pages.ts).
 * A part that needs its data in the browser carries it, as JSON, in its opening marker's `data-state`.
 */

/** The parts the same on every page that has them: they show the visitor, whatever the page. */
const SITE_PARTS = ["visitor", "cart", "account", "menu-account", "join"] as const;
/**
 * The parts that belong to one page: the price of this product for this visitor, and for each event on
 * the page where the visitor stands (their registration, as a card's or as the event page's dark panel
 * shows it; the spots as they see them; the line above the controls). A page with several events names
 * each event's parts after it: `registration:12`.
 */
export const PAGE_PARTS = ["price", "registration", "registration-dark", "event-spots", "registration-intro"] as const;
export const PERSONAL_PARTS = [...SITE_PARTS, ...PAGE_PARTS] as const;
type SitePart = (typeof SITE_PARTS)[number];
export type PagePart = (typeof PAGE_PARTS)[number];
export type PersonalPartName = SitePart | PagePart | `${PagePart}:${string | number}`;

/** A part's kind: its name without the key of what it is about (`registration:12` → `registration`). */
const kindOf = (name: string) => name.split(":", 1)[0]!;

export function isPagePart(name: string): boolean {
  return (PAGE_PARTS as readonly string[]).includes(kindOf(name));
}

/** More page parts than a page of ours has (the calendar: two per event listed). */
const MAX_PAGE_PARTS = 300;
const KEYED_PAGE_PART = /^([a-z][a-z-]{0,30}):([a-z0-9-]{1,60})$/;

/**
 * The page parts a request names, comma-separated (`registration:12,event-spots:12`), each of a known kind
 * and with its key; undefined when one is not, or there are too many. Nothing named: none.
 */
export function parsePagePartNames(value: unknown): { kind: PagePart; key: string }[] | undefined {
  if (value === undefined || value === "") return [];
  if (typeof value !== "string") return undefined;
  const names = value.split(",");
  if (names.length > MAX_PAGE_PARTS) return undefined;
  const parsed: { kind: PagePart; key: string }[] = [];
  for (const name of names) {
    const match = KEYED_PAGE_PART.exec(name);
    if (!match || !(PAGE_PARTS as readonly string[]).includes(match[1]!)) return undefined;
    parsed.push({ kind: match[1] as PagePart, key: match[2]! });
  }
  return parsed;
}

const START = '<template data-personal="';
const endMarker = (name: string) => `<template data-personal-end="${name}"></template>`;
const NAME = /^[a-z][a-z-]{0,30}(?::[a-z0-9-]{1,60})?$/;

/** A page cut at its personal parts: `between[i]` comes before part `i`, and `between` has one more entry. */
export interface PageWithParts {
  between: string[];
  names: string[];
  /** Each part as this page has it, markers included. */
  parts: string[];
}

/**
 * Cuts a page at its personal parts, markers included. Undefined when a marker is left open, a name is
 * not one of ours, or a part appears twice: such a page is never put together from pieces.
 */
export function cutAtParts(html: string): PageWithParts | undefined {
  const between: string[] = [];
  const names: string[] = [];
  const parts: string[] = [];
  const seen = new Set<string>();
  let from = 0;
  for (;;) {
    const start = html.indexOf(START, from);
    if (start === -1) break;
    const nameEnd = html.indexOf('"', start + START.length);
    const name = html.slice(start + START.length, nameEnd);
    if (nameEnd === -1 || !NAME.test(name) || !(PERSONAL_PARTS as readonly string[]).includes(kindOf(name)) || seen.has(name)) return undefined;
    const end = html.indexOf(endMarker(name), nameEnd);
    if (end === -1) return undefined;
    seen.add(name);
    between.push(html.slice(from, start));
    names.push(name);
    from = end + endMarker(name).length;
    parts.push(html.slice(start, from));
  }
  between.push(html.slice(from));
  return { between, names, parts };
}

/** Each part of a page, markers included, by name. */
export function partsOf(html: string): Map<string, string> | undefined {
  const page = cutAtParts(html);
  return page && new Map(page.names.map((name, i) => [name, page.parts[i]!]));
}

/**
 * The page's pieces in order, each part replaced by the visitor's (strings to join, or the same pieces as
 * bytes to concatenate), or undefined when the visitor lacks one of the page's parts.
 */
export function fillParts<T>(page: { between: readonly T[]; names: readonly string[] }, parts: ReadonlyMap<string, T>): T[] | undefined {
  const pieces: T[] = [page.between[0]!];
  for (let i = 0; i < page.names.length; i++) {
    const part = parts.get(page.names[i]!);
    if (part === undefined) return undefined;
    pieces.push(part, page.between[i + 1]!);
  }
  return pieces;
}
