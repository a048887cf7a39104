"use client";

import { lazy, Suspense } from "react";
import "./globals.css";

// The router loads every page's error boundaries at start-up: the screen's words and the association's
// contact details are fetched only when it is shown (the HTTP front's static 5xx page covers the first HTML).
const UnavailableScreen = lazy(() => import("./unavailable-screen"));

/**
 * An error in a section's own layout (the site's header reads the session and the cart), or in the root
 * layout: our page, not the framework's. It brings its own <html> and <body>. The root had an error.tsx
 * showing the same screen inside the root layout; one boundary is one chunk less on every page.
 */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <Suspense>
          <UnavailableScreen onRetry={reset} />
        </Suspense>
      </body>
    </html>
  );
}
