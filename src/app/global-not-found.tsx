import type { Metadata, Viewport } from "next";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { NotFoundMessage, notFoundMetadata } from "@/components/ui/not-found-message";
import { NewsletterSignUp } from "@/features/newsletter/components/newsletter-sign-up";
import { siteUrl } from "@/lib/env";
import { site } from "@/lib/site";
import "./globals.css";

// It bypasses the root layout, so it brings the layout's metadata and viewport itself.
export const metadata: Metadata = {
  ...notFoundMetadata,
  metadataBase: new URL(siteUrl()),
  title: `${notFoundMetadata.title} | ${site.name}`,
  applicationName: site.name,
};

export const viewport: Viewport = {
  themeColor: "#0f1b2d",
};

/**
 * Every unknown address, and the first HTML of every 404: prerendered once as the build's `_not-found`
 * page, which the HTTP front sends for any page that ends in a 404 (Next leaves a notFound() page empty
 * without JavaScript). It cannot know the visitor: the header links to the cart and the account without
 * claiming either, and the footer carries the association's default contact details.
 *
 * A file of its own (next.config.ts, `globalNotFound`) rather than app/not-found.tsx: the router sends
 * the root not-found boundary with every page, and with this header and footer in it every page's
 * payload carried them a second time (docs/performance.md).
 */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <SkipLink />
        <SiteHeader />
        <main id="main" tabIndex={-1} className="grid min-h-[70dvh] place-items-center bg-navy-900 px-4 pb-16 pt-28 text-center text-white outline-none">
          <NotFoundMessage />
        </main>
        <SiteFooter newsletter={<NewsletterSignUp />} />
      </body>
    </html>
  );
}
