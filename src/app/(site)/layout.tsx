import { getDb } from "@/db/client";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { NewsletterSignUp } from "@/features/newsletter/components/newsletter-sign-up";
import { SkipLink } from "@/components/layout/skip-link";
import { VisitorProvider, type Visitor } from "@/components/layout/visitor";
import { getCurrentCartCount } from "@/features/cart/cart-session";
import { getSiteContact } from "@/features/content/content.queries";
import { joinCallFor } from "@/features/memberships/membership-plans.service";
import { getCurrentMember, type CurrentMember } from "@/lib/auth/session";

// The database handle is taken inside the promise: while `next build` prerenders a page, the session read
// stops it first, and the build never needs a database.
async function siteContact() {
  return getSiteContact(getDb());
}

/** Who is looking, as the header and the call to join show it (the personal parts: ADR 0025). */
async function visitorOf(member: CurrentMember | null, cartCount: number): Promise<Visitor> {
  if (!member) return { signedIn: false, displayName: null, staff: false, cartCount, join: "become" };
  return { signedIn: true, displayName: member.displayName, staff: member.role !== null, cartCount, join: await joinCallFor(getDb(), member.id) };
}

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  // Read on the server, so the header is right in the first HTML (no flash of "Login / Register"). The
  // session is read first: while `next build` prerenders, that read stops it before any database read.
  const [member, cartCount, contact] = await Promise.all([getCurrentMember(), getCurrentCartCount(), siteContact()]);
  const visitor = await visitorOf(member, cartCount);
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
