import type { Metadata } from "next";
import { NotFoundMessage, notFoundMetadata } from "@/components/ui/not-found-message";

export const metadata: Metadata = notFoundMetadata;

/** Inside the site's header and footer (the layout around it), so a lost visitor can go anywhere from here. */
export default function NotFound() {
  return (
    <section className="grid min-h-[70dvh] place-items-center bg-navy-900 px-4 pb-16 pt-28 text-center text-white">
      <NotFoundMessage />
    </section>
  );
}
