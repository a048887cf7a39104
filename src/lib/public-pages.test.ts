import { describe, expect, it } from "vitest";
import { cachedGroupsOf, PAGE_GROUP_TABLES, PUBLIC_PAGES, publicPageOf, tablesShownBy } from "./public-pages";

/** A path the page answers: its name with the varying segment filled in. */
const example = (page: string) => page.replace(/\[[^\]]+\]/, "some-thing-42");

describe("the public pages", () => {
  it("each answers its own name, and no path belongs to two pages", () => {
    for (const { page, path } of PUBLIC_PAGES) {
      expect(path.test(example(page)), page).toBe(true);
      expect(PUBLIC_PAGES.filter((other) => other.path.test(example(page))).map((other) => other.page), page).toEqual([page]);
    }
  });

  it("say whether the cache keeps them and how the sitemap lists them, and why not when not", () => {
    for (const { page, cache, sitemap } of PUBLIC_PAGES) {
      if ("never" in cache) expect(cache.never.trim(), page).not.toBe("");
      else expect(cache.shows.length, page).toBeGreaterThan(0);
      if (typeof sitemap === "object" && "never" in sitemap) expect(sitemap.never.trim(), page).not.toBe("");
      if (sitemap === "itself") expect(page, "a page the sitemap lists as itself has no varying segment").not.toMatch(/\[/);
      if (typeof sitemap === "object" && "each" in sitemap) expect(page, "a listed page has one varying segment").toMatch(/^[^[]*\[[^\]]+\][^[]*$/);
    }
  });

  it("every cached page shows the site contact (the footer), so its changes drop them all", () => {
    for (const page of PUBLIC_PAGES) {
      const groups = cachedGroupsOf(page);
      if (groups) expect(groups, page.page).toContain("content");
    }
    expect(PAGE_GROUP_TABLES.content).toContain("site_contact");
  });

  it("are found by path, with or without a query string; nothing else is", () => {
    expect(publicPageOf("/shop/tactical-backpack?size=L")?.page).toBe("/shop/[product]");
    expect(publicPageOf("/shop/cart")?.page).toBe("/shop/cart");
    expect(publicPageOf("/calendar?category=fitness")?.page).toBe("/calendar");
    for (const path of ["/shop/checkout", "/shop/orders/7", "/calendar/3/offer", "/donate/manage", "/profile", "/admin", "/api/health", "/About", "/about/"]) {
      expect(publicPageOf(path), path).toBeUndefined();
    }
  });

  it("name the tables each cached page shows", () => {
    expect(tablesShownBy(publicPageOf("/shop/tactical-backpack")!)).toEqual(expect.arrayContaining(["products", "product_variants", "pricing_rates", "site_contact"]));
    expect(tablesShownBy(publicPageOf("/calendar/3")!)).toEqual(expect.arrayContaining(["events", "event_registrations"]));
    expect(tablesShownBy(publicPageOf("/donate")!)).toEqual([]);
  });
});
