import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { siteUrl } from "@/lib/env";

/** Rendered per request, so the sitemap's address is the running site's SITE_URL, not the one at build time. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/profile", "/shop/cart", "/api/", "/admin"] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
