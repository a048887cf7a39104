import { getDb } from "@/db/client";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { NewsletterSignUp } from "@/features/newsletter/components/newsletter-sign-up";
import { SkipLink } from "@/components/layout/skip-link";
import { VisitorProvider } from "@/components/layout/visitor";
import { getSiteContact } from "@/features/content/content.queries";
import { getCurrentMember } from "@/lib/auth/session";
import { currentVisitor } from "../current-visitor";

// The database handle is taken inside the promise: while `next build` prerenders a page, the session read
// stops it first, and the build never needs a database.
async function siteContact() {
  return getSiteContact(getDb());
}

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  // Read on the server, so the header is right in the first HTML (no flash of "Login / Register"). The
  // session is read first, on its own: while `next build` prerenders, that read fails first and stops it
  // before any database read (currentVisitor reads the same session, once per request).
  const [, visitor, contact] = await Promise.all([getCurrentMember(), currentVisitor(), siteContact()]);
  return (
    <VisitorProvider visitor={visitor}>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter contact={contact} newsletter={<NewsletterSignUp />} />
    </VisitorProvider>
  );
}
