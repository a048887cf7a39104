import type { Metadata } from "next";
import { NotFoundMessage, notFoundMetadata } from "@/components/ui/not-found-message";

export const metadata: Metadata = notFoundMetadata;

/**
 * Pages outside the public site that call notFound() (the staff area, to members). The public site has
 * its own, inside its header and footer: src/app/(site)/not-found.tsx.
 */
export default function NotFound() {
  return (
    <main className="grid min-h-dvh place-items-center bg-navy-900 px-4 text-center text-white">
      <NotFoundMessage />
    </main>
  );
}
