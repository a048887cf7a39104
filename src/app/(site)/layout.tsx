import { getDb } from "@/db/client";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";
import { SkipLink } from "@/components/layout/skip-link";
import { CartCountProvider } from "@/components/layout/cart-count";
import { getCurrentCartCount } from "@/features/cart/cart-session";
import { getSiteContact } from "@/features/content/content.queries";
import { getCurrentMember } from "@/lib/auth/session";

// The database handle is taken inside the promise: while `next build` prerenders a page, the session read
// stops it first, and the build never needs a database.
async function siteContact() {
  return getSiteContact(getDb());
}

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  // Read on the server, so the header is right in the first HTML (no flash of "Login / Register").
  const [member, cartCount, contact] = await Promise.all([getCurrentMember(), getCurrentCartCount(), siteContact()]);
  return (
    <CartCountProvider count={cartCount}>
      <SkipLink />
      <SiteHeader cartCount={cartCount} account={{ signedIn: member !== null, displayName: member?.displayName ?? null, staff: member?.role != null }} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter contact={contact} newsletter={<NewsletterForm />} />
    </CartCountProvider>
  );
}
