import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/profile", "/shop/cart", "/api/", "/admin"] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
