import type { Metadata } from "next";
import { NotFoundMessage, notFoundMetadata } from "@/components/ui/not-found-message";

export const metadata: Metadata = notFoundMetadata;

/**
 * A notFound() outside the site's pages (the sign-in pages, the staff area) as the router shows it in the
 * browser; their first HTML is the full 404 page (app/global-not-found.tsx), which the HTTP front sends.
 * The router sends this boundary with every page, so it holds the message and Go Home only, and no client
 * component: Go Back's chunk is merged with the full 404 page's header and footer, and the sign-in pages
 * would load those at start.
 */
export default function NotFound() {
  return (
    <main id="main" tabIndex={-1} className="grid min-h-dvh place-items-center bg-navy-900 px-4 py-16 text-center text-white outline-none">
      <NotFoundMessage goBack={false} />
    </main>
  );
}
