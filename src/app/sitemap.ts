import type { MetadataRoute } from "next";
import { listProductSlugs } from "@/features/catalog/catalog.queries";
import { listEventIds } from "@/features/events/events.queries";
import { listPrograms } from "@/features/training/training.queries";
import { siteUrl } from "@/lib/env";

export const dynamic = "force-dynamic";

const staticPaths = ["/", "/shop", "/training", "/calendar", "/about", "/contact", "/donate", "/privacy", "/terms", "/refund"];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [slugs, eventIds, programs] = await Promise.all([listProductSlugs(), listEventIds(), listPrograms()]);
  const paths = [
    ...staticPaths,
    ...programs.map((p) => `/training/${p.id}`),
    ...slugs.map((slug) => `/shop/${slug}`),
    ...eventIds.map((id) => `/calendar/${id}`),
  ];
  const base = siteUrl();
  return paths.map((path) => ({ url: `${base}${path}` }));
}
