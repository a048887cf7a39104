"use client";

import { SiteUnavailable } from "@/components/layout/site-unavailable";
import "./globals.css";

/** The last resort, when even the root layout fails: it brings its own <html> and <body>. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>We&apos;ll be right back | Vanguard Veterans Association</title>
      </head>
      <body className="min-h-dvh font-sans">
        <SiteUnavailable onRetry={reset} />
      </body>
    </html>
  );
}
