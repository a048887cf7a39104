"use client";

import { PageHero } from "@/components/ui/page-hero";

/** Shown when a page fails unexpectedly (the database is down, say); the details stay in the server log. */
export default function SiteError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <PageHero title="Something went wrong">
      <p>We couldn&apos;t load this page. Please try again in a moment.</p>
      <button
        type="button"
        onClick={reset}
        className="mt-6 rounded-md bg-gold-500 px-5 py-3 font-semibold text-navy-900 hover:bg-gold-400"
      >
        Try again
      </button>
    </PageHero>
  );
}
