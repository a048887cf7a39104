import type { MetadataRoute } from "next";
import { getDb, type Database } from "@/db/client";
import { listProductSlugs } from "@/features/catalog/catalog.queries";
import { listEventIds } from "@/features/events/events.queries";
import { listPrograms } from "@/features/training/training.queries";
import { siteUrl } from "@/lib/env";
import { PUBLIC_PAGES, type SitemapListing } from "@/lib/public-pages";

export const dynamic = "force-dynamic";

/** The varying segment of each listed page, one per row (src/lib/public-pages.ts names the listing). */
const listings: Record<SitemapListing, (db: Database) => Promise<readonly (string | number)[]>> = {
  programs: async (db) => (await listPrograms(db)).map((program) => program.id),
  products: listProductSlugs,
  events: listEventIds,
};

/** The public pages that list themselves, then one address per row of each listing, in the registry's order. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const listed = PUBLIC_PAGES.flatMap(({ page, sitemap }) => (typeof sitemap === "object" && "each" in sitemap ? [{ page, listing: sitemap.each }] : []));
  const rows = await Promise.all(listed.map(({ listing }) => listings[listing](getDb())));
  const paths = [
    ...PUBLIC_PAGES.filter(({ sitemap }) => sitemap === "itself").map(({ page }) => page),
    ...listed.flatMap(({ page }, i) => rows[i]!.map((segment) => page.replace(/\[[^\]]+\]/, String(segment)))),
  ];
  const base = siteUrl();
  return paths.map((path) => ({ url: `${base}${path}` }));
}
