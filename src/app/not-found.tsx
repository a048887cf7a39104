import type { Metadata } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";
import { SkipLink } from "@/components/layout/skip-link";
import { NotFoundMessage, notFoundMetadata } from "@/components/ui/not-found-message";

export const metadata: Metadata = notFoundMetadata;

/**
 * Every 404. Prerendered once and served as it is (the HTTP front sends it for any page that ends in a
 * 404, since Next leaves a notFound() page empty without JavaScript), so it cannot know the visitor:
 * the header links to the cart and the account without claiming either, and the footer carries the
 * association's default contact details.
 */
export default function NotFound() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="grid min-h-[70dvh] place-items-center bg-navy-900 px-4 pb-16 pt-28 text-center text-white outline-none">
        <NotFoundMessage />
      </main>
      <SiteFooter newsletter={<NewsletterForm />} />
    </>
  );
}
