"use client";

import { SiteUnavailable } from "@/components/layout/site-unavailable";

/** An error in a section's own layout (the site's header reads the session and the cart): our page, not the framework's. */
export default function RootError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <SiteUnavailable onRetry={reset} />;
}
