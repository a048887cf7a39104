import type { NextConfig } from "next";
import { STATEMENT_FONT_FILES } from "./src/features/donations/statement-font-files";

const nextConfig: NextConfig = {
  // The e2e suite builds into its own folder so it never disturbs a developer's build.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // Both read data files from disk relative to their own folder (VTIMEZONE files; the PDF fonts' metrics), which bundling breaks.
  // fontkit parses the giving statement's fonts and is handed to pdfkit as is: one copy for both.
  serverExternalPackages: ["@touch4it/ical-timezones", "pdfkit", "fontkit"],
  // The giving statement's fonts (src/features/donations/statement-text.ts) are read from node_modules
  // at run time by a path tracing cannot follow: the routes that make statements ship them.
  outputFileTracingIncludes: Object.fromEntries(
    ["/profile/statements/**", "/admin/donations/**"].map((route) => [route, STATEMENT_FONT_FILES.flatMap((font) => Object.values(font).map((file) => `./node_modules/${file}`))]),
  ),
  poweredByHeader: false,
  // The test build (e2e/servers.ts) skips next build's own type check: npm test's typecheck stage has
  // just run the same tsc over the whole project. `npm run build` keeps it.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIPS_TYPECHECK === "1" },
  reactStrictMode: true,
  experimental: {
    // Pictures uploaded in the staff catalog: the front (scripts/serve.ts) caps those forms at 25 MB
    // first (the service verification form at 32 MB), and the forms refuse files over 10 MB with a message next to the field.
    serverActions: { bodySizeLimit: "33mb" },
    // The full 404 page (header and footer) is app/global-not-found.tsx, so the root not-found boundary,
    // which the router sends with every page, can be the message alone (docs/performance.md).
    globalNotFound: true,
    // Turbopack's own chunking (no `turbopackChunking`): since the root 404 holds no header and footer,
    // merging small chunks duplicates nothing a page loads, and fewer, larger chunks compress better
    // (`minChunkSize: 1_000` left every page ≈ 2 KB gzip heavier; docs/performance.md).
    // The test build (e2e/servers.ts) does without Turbopack's build cache: CI builds from a clean clone,
    // where writing the cache cost ≈ 10 s of a 45 s build on this machine and nothing ever reads it.
    turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_SKIPS_CACHE !== "1",
  },
  images: {
    formats: ["image/avif", "image/webp"],
  },
  // The staff catalog lived at /admin/catalogue until issue 29 gave it one spelling (US English, as
  // the rest of the site): staff bookmarks keep working (308, the query string kept).
  async redirects() {
    return [
      { source: "/admin/catalogue", destination: "/admin/catalog", permanent: true },
      { source: "/admin/catalogue/:path*", destination: "/admin/catalog/:path*", permanent: true },
    ];
  },
};

export default nextConfig;
