"use client";

import { SiteUnavailable } from "@/components/layout/site-unavailable";
import { site } from "@/lib/site";
import { siteUnavailable } from "@/lib/site-unavailable";
import "./globals.css";

/** The last resort, when even the root layout fails: it brings its own <html> and <body>. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>{`${siteUnavailable.title} | ${site.name}`}</title>
      </head>
      <body className="min-h-dvh font-sans">
        <SiteUnavailable onRetry={reset} />
      </body>
    </html>
  );
}
