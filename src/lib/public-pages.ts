/**
 * The public pages: those that show everyone the same public text, and the cart and donation forms,
 * where nobody types a password or a card number (the card goes to Stripe's own page). Three readers:
 *
 * - the HTTP front's security headers (src/server/security-headers.ts): every page listed here goes
 *   without Cross-Origin-Opener-Policy, every other path keeps it (ADR 0015, 2026-11-27 amendment);
 * - the page cache (src/server/page-cache.ts, ADR 0022): the pages with `cache.shows` are kept for
 *   visitors without a cookie and dropped when a table of a group they show changes;
 * - the sitemap (src/app/sitemap.ts).
 *
 * How to add a page: the README's "How to add…" recipes.
 */

/**
 * The groups of data cached pages show, each with the tables it is made of. A trigger on each table
 * notifies its groups at commit (drizzle/0024_page-cache-triggers.sql; src/server/page-cache-triggers.test.ts
 * checks one exists for every table here). `table.column`: an update of that column notifies the group,
 * and the table's other groups only when something else in the row changed too (drizzle/0034).
 */
export const PAGE_GROUP_TABLES = {
  catalog: ["products", "product_variants", "stock_adjustments", "pricing_rates", "images", "image_variants"],
  events: ["events"],
  /** An event's taken seats and its registrations: what its spots and buttons say, in personal parts. */
  seats: ["events.seats_taken", "event_registrations"],
  content: ["site_contact", "leaders", "testimonials", "training_locations", "faqs", "core_values", "programs", "courses", "images", "image_variants"],
} as const satisfies Record<string, readonly string[]>;

export type PageGroup = keyof typeof PAGE_GROUP_TABLES;

/**
 * The tables of what the personal parts of the pages show (src/lib/personal-parts.ts): accounts, sessions,
 * carts, memberships. A trigger on each notifies "visitors" at commit (drizzle/0030), and every visitor's
 * parts kept by the front are dropped. A session's refresh alone (its expiry moved on) does not (0035).
 */
export const VISITOR_TABLES = ["user", "session", "carts", "cart_lines", "memberships"] as const;
/** What those triggers notify. */
export const VISITORS_NOTIFICATION = "visitors";
export const PAGE_GROUPS = Object.keys(PAGE_GROUP_TABLES) as PageGroup[];

/** The lists the sitemap has a query for (src/app/sitemap.ts): one address per program, product or event. */
export type SitemapListing = "programs" | "products" | "events";

export interface PublicPage {
  /** The page as a reader names it: its path, with [brackets] around the segment that varies. */
  page: string;
  /** The paths (without the query string) this page answers. */
  path: RegExp;
  /**
   * For a visitor without a cookie: kept in the page cache, with the groups of data it shows (every
   * page shows the site contact in its footer, so "content" is always one); or why it never is.
   * For a visitor with a cookie (a member, a shopper): "filled" when everything on it that depends on
   * the visitor is a personal part (src/lib/personal-parts.ts), so the front fills the kept page with
   * that visitor's parts (ADR 0025); otherwise rendered for them, and why.
   */
  cache:
    | {
        shows: readonly PageGroup[];
        forVisitorsWithACookie: "filled" | { rendered: string };
        /**
         * Of the groups shown, those the page shows inside personal parts only: a page filled for a visitor
         * may then be put together from a kept page made before their last change, since every part in it
         * is the visitor's own and newer (ADR 0025, 2026-11-30 amendment).
         */
        onlyInParts?: readonly PageGroup[];
      }
    | { never: string };
  /** In the sitemap: the page itself, one address per row of a listing, or not at all (and why). */
  sitemap: "itself" | { each: SitemapListing } | { never: string };
}

/** In the sitemap's order. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { page: "/", path: /^\/$/, cache: { shows: ["catalog", "events", "content"], forVisitorsWithACookie: "filled" }, sitemap: "itself" },
  { page: "/shop", path: /^\/shop$/, cache: { shows: ["catalog", "content"], forVisitorsWithACookie: "filled" }, sitemap: "itself" },
  { page: "/training", path: /^\/training$/, cache: { shows: ["content"], forVisitorsWithACookie: "filled" }, sitemap: "itself" },
  {
    page: "/calendar",
    path: /^\/calendar$/,
    cache: { shows: ["events", "seats", "content"], forVisitorsWithACookie: "filled", onlyInParts: ["seats"] },
    sitemap: "itself",
  },
  { page: "/about", path: /^\/about$/, cache: { shows: ["content"], forVisitorsWithACookie: "filled" }, sitemap: "itself" },
  { page: "/contact", path: /^\/contact$/, cache: { shows: ["content"], forVisitorsWithACookie: "filled" }, sitemap: "itself" },
  {
    page: "/donate",
    path: /^\/donate$/,
    cache: { never: "its form carries an idempotency key made for each visitor: two donors must never share one" },
    sitemap: "itself",
  },
  { page: "/privacy", path: /^\/privacy$/, cache: { shows: ["content"], forVisitorsWithACookie: "filled" }, sitemap: "itself" },
  { page: "/terms", path: /^\/terms$/, cache: { shows: ["content"], forVisitorsWithACookie: "filled" }, sitemap: "itself" },
  { page: "/refund", path: /^\/refund$/, cache: { shows: ["content"], forVisitorsWithACookie: "filled" }, sitemap: "itself" },
  { page: "/training/[id]", path: /^\/training\/[a-z0-9-]+$/, cache: { shows: ["content"], forVisitorsWithACookie: "filled" }, sitemap: { each: "programs" } },
  { page: "/shop/[product]", path: /^\/shop\/(?!cart$|checkout$)[a-z0-9-]+$/, cache: { shows: ["catalog", "content"], forVisitorsWithACookie: "filled" }, sitemap: { each: "products" } },
  {
    page: "/calendar/[id]",
    path: /^\/calendar\/[a-z0-9-]+$/,
    cache: { shows: ["events", "seats", "content"], forVisitorsWithACookie: "filled", onlyInParts: ["seats"] },
    sitemap: { each: "events" },
  },
  {
    page: "/shop/cart",
    path: /^\/shop\/cart$/,
    cache: { never: "it shows the visitor's own cart" },
    sitemap: { never: "it shows the visitor's own cart" },
  },
];

/** The public page a path (with or without its query string) belongs to, if any. */
export function publicPageOf(url: string): PublicPage | undefined {
  const path = url.split("?", 1)[0]!;
  return PUBLIC_PAGES.find((page) => page.path.test(path));
}

/** The groups of data a cached page shows, or undefined for a page the cache never keeps. */
export function cachedGroupsOf(page: PublicPage): readonly PageGroup[] | undefined {
  return "shows" in page.cache ? page.cache.shows : undefined;
}

/** Of the groups a cached page shows, those it shows inside personal parts only (none for a page never cached). */
export function groupsOnlyInPartsOf(page: PublicPage): readonly PageGroup[] {
  return "shows" in page.cache ? (page.cache.onlyInParts ?? []) : [];
}

/** Whether a visitor with a cookie gets this page filled with their personal parts rather than rendered. */
export function filledForVisitors(page: PublicPage): boolean {
  return "shows" in page.cache && page.cache.forVisitorsWithACookie === "filled";
}

/** The tables whose changes must drop a cached page: those of every group it shows. */
export function tablesShownBy(page: PublicPage): string[] {
  return [...new Set((cachedGroupsOf(page) ?? []).flatMap((group) => PAGE_GROUP_TABLES[group].map(tableOf)))];
}

/** The table of a registry entry: `events.seats_taken` → `events`. */
export function tableOf(entry: string): string {
  return entry.split(".", 1)[0]!;
}
